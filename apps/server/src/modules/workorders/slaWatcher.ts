import type { FastifyBaseLogger } from 'fastify';
import type { WorkOrderService } from './service.js';

/** Runs the SLA watcher every `intervalMs` until stopped. */
export function startSlaWatcher(service: WorkOrderService, log: FastifyBaseLogger, intervalMs = 30_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    service
      .checkSla(new Date(), log)
      .catch((err: unknown) => log.error({ err }, 'SLA watcher pass failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
