import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';

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
const EPOCH = `TIMESTAMPTZ '2000-01-01 00:00:00+00'`;
/** The quarter a timestamp column (or expression) falls in, as SQL text. */
export const quarterOf = (column: string) => `date_bin('15 minutes', ${column}, ${EPOCH})`;
export const LATE_AFTER = `interval '2 minutes'`;
const COMPACT_LAG = `interval '10 minutes'`;
/** A server back from a long stop catches up a day per run, so one run stays short. */
const MAX_SPAN = sql.raw(`interval '1 day'`);
const DIRTY_PER_RUN = 5000;

// Sums in numeric (migration 0009): no stored value can overflow them.
const aggregate = sql.raw(`min(t.value), max(t.value), sum(t.value::numeric), count(*)::int,
  (array_agg(t.value ORDER BY t.ts))[1], min(t.ts), (array_agg(t.value ORDER BY t.ts DESC))[1], max(t.ts)`);
const replace = sql.raw(`ON CONFLICT (point_id, bucket) DO UPDATE SET min = EXCLUDED.min, max = EXCLUDED.max, sum = EXCLUDED.sum,
  count = EXCLUDED.count, first = EXCLUDED.first, first_ts = EXCLUDED.first_ts, last = EXCLUDED.last, last_ts = EXCLUDED.last_ts`);

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
  const r = await sql`
    INSERT INTO rollup_15m (point_id, bucket, min, max, sum, count, first, first_ts, last, last_ts)
    SELECT t.point_id, ${sql.raw(quarterOf('t.ts'))}, ${aggregate}
    FROM telemetry t WHERE t.ts >= ${from} AND t.ts < ${to} GROUP BY 1, 2
    ${replace}`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/** One compaction run; null when another instance holds the state row. */
export async function compactQuarterHours(db: Db): Promise<CompactionResult | null> {
  return db.transaction().execute(async (trx) => {
    const state = await sql<{ done_until: Date; target: Date }>`
      SELECT done_until, least(${sql.raw(quarterOf(`now() - ${COMPACT_LAG}`))}, done_until + ${MAX_SPAN}) AS target
      FROM rollup_15m_state WHERE id = 1 FOR UPDATE SKIP LOCKED`.execute(trx);
    const s = state.rows[0];
    if (!s) return null;
    let compacted = 0;
    let doneUntil = s.done_until;
    if (s.target > s.done_until) {
      compacted = await compactRange(trx, s.done_until, s.target);
      await sql`UPDATE rollup_15m_state SET done_until = ${s.target} WHERE id = 1`.execute(trx);
      doneUntil = s.target;
    }
    // Markers an ingest transaction still holds are skipped (its samples are not committed yet): next run.
    const dirty = await sql<{ point_id: number; bucket: Date }>`
      DELETE FROM rollup_15m_dirty WHERE (point_id, bucket) IN (
        SELECT point_id, bucket FROM rollup_15m_dirty ORDER BY bucket LIMIT ${DIRTY_PER_RUN} FOR UPDATE SKIP LOCKED)
      RETURNING point_id, bucket`.execute(trx);
    // Quarters from doneUntil on are read from telemetry anyway (and compacted later).
    const stale = dirty.rows.filter((d) => d.bucket < doneUntil);
    if (stale.length > 0) {
      await sql`
        INSERT INTO rollup_15m (point_id, bucket, min, max, sum, count, first, first_ts, last, last_ts)
        SELECT d.point_id, d.bucket, ${aggregate}
        FROM unnest(${stale.map((d) => d.point_id)}::int[], ${stale.map((d) => d.bucket.toISOString())}::timestamptz[]) AS d(point_id, bucket)
        JOIN telemetry t ON t.point_id = d.point_id AND t.ts >= d.bucket AND t.ts < d.bucket + interval '15 minutes'
        GROUP BY 1, 2
        ${replace}`.execute(trx);
    }
    return { doneUntil, compacted, recomputed: stale.length };
  });
}

/** Runs the compaction every `everyMs` (and once soon after start). */
export function startQuarterHourCompaction(db: Db, log: FastifyBaseLogger, everyMs = 60_000) {
  const run = () => {
    compactQuarterHours(db)
      .then((r) => {
        if (r && (r.compacted > 0 || r.recomputed > 0)) log.debug({ ...r }, 'quarter-hour rollups compacted');
      })
      .catch((err: unknown) => log.warn({ err }, 'quarter-hour compaction failed'));
  };
  const first = setTimeout(run, 5_000);
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
