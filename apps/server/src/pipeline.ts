import { GATEWAY_TOPIC_PATTERN, TOPIC_VERSION } from '@gridops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/database.js';
import { AlarmEngine } from './modules/alarm/engine.js';
import { createNotifier, type Notifier } from './modules/event/notifier.js';
import { startGatewayWatch } from './modules/telemetry/gatewayWatch.js';
import { startCertificateReminders } from './modules/experts/service.js';
import { startInspectionJobs } from './modules/inspection/jobs.js';
import { createPushDispatcher, type PushDispatcher } from './modules/push/dispatcher.js';
import type { RaisedEvent } from './modules/event/raisedEvent.js';
import { IngestPipeline, type IngestOptions } from './modules/telemetry/ingest.js';
import { startQuarterHourCompaction } from './modules/telemetry/quarterHours.js';
import { PointRegistry } from './modules/telemetry/registry.js';
import type { Bus } from './plugins/bus.js';

export interface Pipeline {
  registry: PointRegistry;
  engine: AlarmEngine;
  ingest: IngestPipeline;
  notifier: Notifier;
  /** E-mail and IM robot pushes by the push rules (docs/push.md); never blocks the pipeline. */
  push: PushDispatcher;
  /** Routes one gateway message (telemetry or status) to ingest; resolves after commit. */
  onGatewayMessage(gatewaySn: string, topic: string, payload: Buffer): Promise<void>;
  /** With an external broker: consume every gateway's topics through the bus (shared between instances). */
  consumeFrom(bus: Bus): Promise<void>;
  close(): Promise<void>;
}

const RELOAD_MS = 30_000;

/** Telemetry in, alarms evaluated, events pushed: the live-data pipeline of one server instance. */
export async function startPipeline(opts: {
  db: Db;
  publish: (topic: string, payload: string) => Promise<void>;
  log: FastifyBaseLogger;
  ingest?: IngestOptions;
  gatewayWatchMs?: number;
  /** Gateway command answers (…/command/result) and camera captures (…/capture). */
  onCommandResult?: (gatewaySn: string, payload: Buffer) => Promise<void>;
  onCapture?: (gatewaySn: string, payload: Buffer) => Promise<unknown>;
}): Promise<Pipeline> {
  const { db, log } = opts;
  const registry = new PointRegistry(db);
  await registry.load();
  const engine = new AlarmEngine(db, registry);
  await engine.loadRules();
  const notifier = createNotifier(db, opts.publish, log);
  const push = createPushDispatcher(db, log);
  // The live push is awaited (ordering with the commit); e-mail and webhooks are queued in the background.
  const raised = (events: RaisedEvent[]) => {
    push.dispatch(events);
    return notifier.notify(events);
  };
  const ingest = new IngestPipeline(db, registry, engine, raised, log, opts.ingest);
  const watch = startGatewayWatch(db, raised, log, opts.gatewayWatchMs);
  const compaction = startQuarterHourCompaction(db, log);
  const reminders = startCertificateReminders(db, raised, log);
  const inspection = startInspectionJobs(db, raised, log);
  // Rules and devices edited through another instance (or the database) are picked up within RELOAD_MS.
  const reload = setInterval(() => {
    Promise.all([registry.load(), engine.loadRules()]).catch((err: unknown) => log.warn({ err }, 'reload failed'));
  }, RELOAD_MS);
  reload.unref();

  const onGatewayMessage = async (gatewaySn: string, topic: string, payload: Buffer) => {
    const m = GATEWAY_TOPIC_PATTERN.exec(topic);
    if (!m || m[1] !== gatewaySn) return;
    if (m[2] === 'telemetry') await ingest.submit(gatewaySn, payload);
    else if (m[2] === 'status') await ingest.submitStatus(gatewaySn, payload);
    else if (m[2] === 'command/result') await opts.onCommandResult?.(gatewaySn, payload);
    else if (m[2] === 'capture') await opts.onCapture?.(gatewaySn, payload);
  };

  return {
    registry,
    engine,
    ingest,
    notifier,
    push,
    onGatewayMessage,
    consumeFrom: async (bus) => {
      await bus.consume(
        [
          `$share/gridops/${TOPIC_VERSION}/gateway/+/telemetry`,
          `$share/gridops/${TOPIC_VERSION}/gateway/+/status`,
          `$share/gridops/${TOPIC_VERSION}/gateway/+/command/result`,
          `$share/gridops/${TOPIC_VERSION}/gateway/+/capture`,
        ],
        async (topic, payload) => {
          const m = GATEWAY_TOPIC_PATTERN.exec(topic);
          if (m?.[1]) await onGatewayMessage(m[1], topic, payload);
        },
      );
    },
    close: async () => {
      clearInterval(reload);
      watch.stop();
      compaction.stop();
      reminders.stop();
      inspection.stop();
      await ingest.close();
      await push.stop();
    },
  };
}
