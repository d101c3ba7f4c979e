import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { partitionRepository as repo, utcDayStart } from './partitionRepository.js';
import { DAY_MS } from '@gridops/format';
import { startRepeatingJob } from '../../lib/repeatingJob.js';

/** Day partitions kept ready ahead of today, so live samples never land in the default partition. */
export const DAYS_AHEAD = 3;

export interface PartitionRun {
  created: number;
  /** Rows moved from the default partition into their day's partition. */
  moved: number;
  dropped: number;
  /** Rows of the default partition past retention, deleted. */
  deleted: number;
  /** Raw samples before this are gone. */
  rawSince: Date;
}

/**
 * One run of the raw-telemetry partition job (migration 0042): create today's and the next days' partitions,
 * give every day found in the default partition its own partition, drop whole days older than retention, and
 * record from when raw samples remain. With several instances the state row's lock lets one run at a time
 * (null: another instance has it). All in one transaction: a failed run leaves the partitions as they were.
 */
export async function maintainPartitions(db: Db, retentionDays: number, now = new Date()): Promise<PartitionRun | null> {
  const today = utcDayStart(now);
  const cutoff = new Date(today.getTime() - retentionDays * DAY_MS);
  return db.transaction().execute(async (trx) => {
    if (!(await repo.claim(trx))) return null;
    const run: PartitionRun = { created: 0, moved: 0, dropped: 0, deleted: 0, rawSince: cutoff };
    const have = new Set((await repo.days(trx)).map((d) => d.getTime()));
    const wanted = new Set<number>();
    for (let i = 0; i <= DAYS_AHEAD; i++) wanted.add(today.getTime() + i * DAY_MS);
    for (const day of await repo.defaultDays(trx)) if (day >= cutoff) wanted.add(day.getTime());
    for (const t of [...wanted].sort((a, b) => a - b)) {
      if (have.has(t)) continue;
      run.moved += await repo.createDay(trx, new Date(t));
      run.created += 1;
      have.add(t);
    }
    for (const t of have) {
      // A day partition holds [day, day + 1): it goes when all of it is older than the cutoff.
      if (t + DAY_MS <= cutoff.getTime()) {
        await repo.dropDay(trx, new Date(t));
        run.dropped += 1;
      }
    }
    run.deleted = await repo.deleteDefaultBefore(trx, cutoff);
    await repo.advanceRawSince(trx, cutoff);
    return run;
  });
}

/**
 * Runs the job soon after start (`firstMs`) and then hourly; logs what changed. `stop()` waits for a run under
 * way, so closing the database never cuts a partition change in half.
 */
export function startPartitionJob(db: Db, retentionDays: number, log: FastifyBaseLogger, firstMs = 30_000, everyMs = 3_600_000) {
  return startRepeatingJob(
    async () => {
      const r = await maintainPartitions(db, retentionDays);
      if (r && (r.created || r.dropped || r.deleted)) log.info({ ...r, retentionDays }, 'raw telemetry partitions maintained');
    },
    (err) => log.warn({ err }, 'raw telemetry partition job failed; the next hour retries'),
    firstMs,
    everyMs,
  );
}
