import type { FastifyBaseLogger } from 'fastify';
import { startRepeatingJob } from '../../lib/repeatingJob.js';
import type { WorkOrderService } from './service.js';

/** Runs the SLA watcher every `intervalMs` until stopped. */
export function startSlaWatcher(service: WorkOrderService, log: FastifyBaseLogger, intervalMs = 30_000) {
  return startRepeatingJob(
    async () => void (await service.checkSla(new Date(), log)),
    (err) => log.error({ err }, 'SLA watcher pass failed'),
    intervalMs,
    intervalMs,
  );
}
