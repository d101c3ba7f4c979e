import { startRepeatingJob } from '../../lib/repeatingJob.js';
import { eventMessage } from '@gridops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { RaisedEvent } from '../event/raisedEvent.js';
import { eventRepository } from '../event/repository.js';
import type { GatewayOnline } from './ingest.js';
import { telemetryRepository } from './repository.js';

/**
 * Raises a communication fault for every gateway silent past its heartbeat window. The repository claims
 * each silent gateway atomically, so with several server instances exactly one raises the fault.
 * The fault clears when the gateway is heard again (see IngestPipeline.flush).
 */
export async function checkSilentGateways(db: Db, onOffline?: (g: GatewayOnline) => void): Promise<RaisedEvent[]> {
  const offline: GatewayOnline[] = [];
  const raised = await db.transaction().execute(async (trx) => {
    const silent = await telemetryRepository.claimSilentGateways(trx);
    const raised: RaisedEvent[] = [];
    for (const g of silent) {
      offline.push({ gatewayId: g.id, projectId: g.project_id, sn: g.sn, online: false });
      const now = new Date();
      const text = eventMessage('gateway.commLost', { gateway: g.sn });
      const eventId = await eventRepository.insert(trx, {
        projectId: g.project_id,
        deviceId: null,
        pointId: null,
        ruleId: null,
        type: 3,
        level: 2,
        title: g.project_name,
        text,
        value: null,
        limit: null,
        raisedAt: now,
      });
      await telemetryRepository.setCommEvent(trx, g.id, eventId);
      raised.push({
        eventId,
        projectId: g.project_id,
        type: 3,
        level: 2,
        project: { zh: g.project_name, en: g.project_name_en },
        text,
        raisedAt: now.getTime(),
      });
    }
    return raised;
  });
  // After the commit: a push never announces a state another instance could still roll back.
  for (const g of offline) onOffline?.(g);
  return raised;
}

export function startGatewayWatch(db: Db, onEvents: (e: RaisedEvent[]) => Promise<void>, log: FastifyBaseLogger, everyMs = 10_000, onOffline?: (g: GatewayOnline) => void) {
  return startRepeatingJob(
    async () => {
      const raised = await checkSilentGateways(db, onOffline);
      if (raised.length) await onEvents(raised);
    },
    (err) => log.warn({ err }, 'gateway watch failed'),
    everyMs,
    everyMs,
  );
}
