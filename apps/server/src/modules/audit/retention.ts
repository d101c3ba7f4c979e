import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { purgeOlderThan, startDailyPurge } from '../../lib/dailyPurge.js';
import { auditRepository as repo } from './repository.js';

/**
 * One retention run: deletes the entries older than `days`. With `claim` (the daily job), it first claims the
 * day's run on the state row, so with several instances one of them runs it per ~day; null when not claimed.
 */
export const purgeAuditLog = (db: Db, days: number, opts: { claim?: boolean; now?: Date } = {}) =>
  purgeOlderThan(db, days, { claimDay: (trx) => repo.claimRetention(trx, 23), purge: (trx, cutoff) => repo.purgeOlderThan(trx, cutoff) }, opts);

/** Checks hourly whether today's retention run is due (the claim makes it daily and single-instance). */
export const startAuditRetention = (db: Db, days: number, log: FastifyBaseLogger, everyMs = 3_600_000) =>
  startDailyPurge(
    () => purgeAuditLog(db, days, { claim: true }),
    log,
    { deleted: (n) => ({ deleted: n, days }), done: 'usage log retention: old entries deleted', failed: 'usage log retention failed' },
    30_000,
    everyMs,
  );
