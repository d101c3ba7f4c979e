import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { auditRepository as repo } from './repository.js';

const DAY_MS = 86_400_000;

/**
 * One retention run: deletes the entries older than `days`. With `claim` (the daily job), it first claims the
 * day's run on the state row, so with several instances one of them runs it per ~day; null when not claimed.
 */
export async function purgeAuditLog(db: Db, days: number, opts: { claim?: boolean; now?: Date } = {}): Promise<number | null> {
  const cutoff = new Date((opts.now ?? new Date()).getTime() - days * DAY_MS);
  return db.transaction().execute(async (trx) => {
    if (opts.claim && !(await repo.claimRetention(trx, 23))) return null;
    return repo.purgeOlderThan(trx, cutoff);
  });
}

/** Checks hourly whether today's retention run is due (the claim makes it daily and single-instance). */
export function startAuditRetention(db: Db, days: number, log: FastifyBaseLogger, everyMs = 3_600_000) {
  const run = () => {
    purgeAuditLog(db, days, { claim: true })
      .then((n) => {
        if (n) log.info({ deleted: n, days }, 'usage log retention: old entries deleted');
      })
      .catch((err: unknown) => log.warn({ err }, 'usage log retention failed'));
  };
  const first = setTimeout(run, 30_000);
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
