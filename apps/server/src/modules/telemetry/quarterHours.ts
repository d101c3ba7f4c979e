import { startRepeatingJob } from '../../lib/repeatingJob.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { telemetryRepository } from './repository.js';

/**
 * Quarter-hour rollups (table rollup_15m, migration 0007), compacted from telemetry by a job instead of merged
 * by every ingest batch, which cost a quarter of the ingest's throughput.
 *
 * - The job aggregates every quarter that ended at least COMPACT_LAG ago and moves `done_until` past it.
 *   Readers take the quarters before `done_until` from rollup_15m and everything later from telemetry, in one
 *   statement, so they always see one consistent cut.
 * - The ingest marks a quarter dirty when it stores a sample whose quarter ended more than LATE_AFTER before
 *   its transaction began (see STORE_SQL); the job recomputes marked quarters. A sample that is not marked
 *   belongs to a quarter that ends after (transaction start − LATE_AFTER), which the job compacts only
 *   COMPACT_LAG − LATE_AFTER = 8 minutes later: an ingest transaction would have to stay open that long for
 *   its samples to be missed.
 * - With several server instances, the state row's lock (SKIP LOCKED) lets one job run at a time.
 */
const DIRTY_PER_RUN = 5000;

export interface CompactionResult {
  /** The new cut: quarters before it are in rollup_15m. */
  doneUntil: Date;
  /** Rollup rows written for newly closed quarters. */
  compacted: number;
  /** Quarters recomputed because late samples arrived for them. */
  recomputed: number;
}

/** Writes the quarter-hour rollups of every sample in [from, to) (whole quarters); returns the rows written. */
export async function compactRange(db: Db, from: Date, to: Date): Promise<number> {
  return telemetryRepository.compactRange(db, from, to);
}

/** One compaction run; null when another instance holds the state row. */
export async function compactQuarterHours(db: Db): Promise<CompactionResult | null> {
  return db.transaction().execute(async (trx) => {
    const s = await telemetryRepository.claimCompactionState(trx);
    if (!s) return null;
    let compacted = 0;
    let doneUntil = s.doneUntil;
    if (s.target > s.doneUntil) {
      compacted = await telemetryRepository.compactRange(trx, s.doneUntil, s.target);
      await telemetryRepository.setCompactedUntil(trx, s.target);
      doneUntil = s.target;
    }
    // Markers an ingest transaction still holds are skipped (its samples are not committed yet): next run.
    const dirty = await telemetryRepository.takeDirtyQuarters(trx, DIRTY_PER_RUN);
    // Quarters from doneUntil on are read from telemetry anyway (and compacted later).
    const stale = dirty.filter((d) => d.bucket < doneUntil);
    await telemetryRepository.recomputeQuarters(trx, stale);
    return { doneUntil, compacted, recomputed: stale.length };
  });
}

/** Runs the compaction every `everyMs` (and once soon after start). */
export function startQuarterHourCompaction(db: Db, log: FastifyBaseLogger, everyMs = 60_000) {
  return startRepeatingJob(
    async () => {
      const r = await compactQuarterHours(db);
      if (r && (r.compacted > 0 || r.recomputed > 0)) log.debug({ ...r }, 'quarter-hour rollups compacted');
    },
    (err) => log.warn({ err }, 'quarter-hour compaction failed'),
    5_000,
    everyMs,
  );
}
