import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { purgeOlderThan, startDailyPurge } from '../../lib/dailyPurge.js';
import { pushRepository as repo } from './repository.js';

/**
 * One clean-up of the delivery log: deletes finished deliveries (sent, failed, cancelled) older than `days`;
 * pending ones (escalations still waiting) stay. With `claim` (the daily job) it first claims the day's run on
 * `push_retention_state`, so with several instances one of them runs it per ~day; null when not claimed.
 */
export const purgePushDeliveries = (db: Db, days: number, opts: { claim?: boolean; now?: Date } = {}) =>
  purgeOlderThan(db, days, { claimDay: (trx) => repo.claimRetention(trx, 23), purge: (trx, cutoff) => repo.purgeDeliveries(trx, cutoff) }, opts);

/** Checks hourly whether today's clean-up is due (the claim makes it daily and single-instance). */
export const startPushRetention = (db: Db, days: number, log: FastifyBaseLogger, everyMs = 3_600_000) =>
  startDailyPurge(
    () => purgePushDeliveries(db, days, { claim: true }),
    log,
    { deleted: (n) => ({ deleted: n, days }), done: 'push delivery log retention: old deliveries deleted', failed: 'push delivery log retention failed' },
    45_000,
    everyMs,
  );
