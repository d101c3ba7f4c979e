import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { pushRepository as repo } from './repository.js';

const DAY_MS = 86_400_000;

/**
 * One clean-up of the delivery log: deletes finished deliveries (sent, failed, cancelled) older than `days`;
 * pending ones (escalations still waiting) stay. With `claim` (the daily job) it first claims the day's run on
 * `push_retention_state`, so with several instances one of them runs it per ~day; null when not claimed.
 */
export async function purgePushDeliveries(db: Db, days: number, opts: { claim?: boolean; now?: Date } = {}): Promise<number | null> {
  const cutoff = new Date((opts.now ?? new Date()).getTime() - days * DAY_MS);
  return db.transaction().execute(async (trx) => {
    if (opts.claim && !(await repo.claimRetention(trx, 23))) return null;
    return repo.purgeDeliveries(trx, cutoff);
  });
}

/** Checks hourly whether today's clean-up is due (the claim makes it daily and single-instance). */
export function startPushRetention(db: Db, days: number, log: FastifyBaseLogger, everyMs = 3_600_000) {
  const run = () => {
    purgePushDeliveries(db, days, { claim: true })
      .then((n) => {
        if (n) log.info({ deleted: n, days }, 'push delivery log retention: old deliveries deleted');
      })
      .catch((err: unknown) => log.warn({ err }, 'push delivery log retention failed'));
  };
  const first = setTimeout(run, 45_000);
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
