import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { startRepeatingJob } from './repeatingJob.js';
import { DAY_MS } from '@gridops/format';


/**
 * One retention run: deletes what is older than `days`. With `claim` (the daily job) it first claims the day's
 * run through `claimDay` (a state row locked in the same transaction), so with several instances one of them
 * runs it per ~day; null when another instance has it.
 */
export async function purgeOlderThan(
  db: Db,
  days: number,
  steps: { claimDay: (trx: Db) => Promise<boolean>; purge: (trx: Db, cutoff: Date) => Promise<number> },
  opts: { claim?: boolean; now?: Date } = {},
): Promise<number | null> {
  const cutoff = new Date((opts.now ?? new Date()).getTime() - days * DAY_MS);
  return db.transaction().execute(async (trx) => {
    if (opts.claim && !(await steps.claimDay(trx))) return null;
    return steps.purge(trx, cutoff);
  });
}

/**
 * Runs a claimed retention job: first after `firstMs`, then every `everyMs` (hourly) checks whether today's run
 * is due; the claim makes it daily and single-instance. Logs what it deleted, or why it failed.
 */
export function startDailyPurge(
  run: () => Promise<number | null>,
  log: FastifyBaseLogger,
  what: { deleted: (n: number) => object; done: string; failed: string },
  firstMs: number,
  everyMs = 3_600_000,
) {
  return startRepeatingJob(
    async () => {
      const n = await run();
      if (n) log.info(what.deleted(n), what.done);
    },
    (err) => log.warn({ err }, what.failed),
    firstMs,
    everyMs,
  );
}
