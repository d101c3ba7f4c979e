import { GATEWAY_TOPIC_PATTERN, TOPIC_VERSION } from '@gridops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/database.js';
import { AlarmEngine } from './modules/alarm/engine.js';
import { LiveAlarms } from './modules/alarm/live.js';
import { createNotifier, type Notifier } from './modules/event/notifier.js';
import { startGatewayWatch } from './modules/telemetry/gatewayWatch.js';
import { startCertificateReminders } from './modules/experts/service.js';
import { startInspectionJobs } from './modules/inspection/jobs.js';
import { createPushDispatcher, type PushDispatcher } from './modules/push/dispatcher.js';
import type { PushTransport } from './modules/push/transport.js';
import type { RaisedEvent } from './modules/event/raisedEvent.js';
import { IngestPipeline, type GatewayOnline, type IngestOptions } from './modules/telemetry/ingest.js';
import { startPartitionJob } from './modules/telemetry/partitions.js';
import { startQuarterHourCompaction } from './modules/telemetry/quarterHours.js';
import { PointRegistry } from './modules/telemetry/registry.js';
import type { Bus } from './plugins/bus.js';

export interface Pipeline {
  registry: PointRegistry;
  engine: AlarmEngine;
  /** Alarm evaluation before storage (docs/adr/0007-alarms-before-storage.md). */
  alarms: LiveAlarms;
  ingest: IngestPipeline;
  notifier: Notifier;
  /** E-mail and IM robot pushes by the push rules (docs/push.md); never blocks the pipeline. */
  push: PushDispatcher;
  /** Routes one gateway message (telemetry or status) to ingest; resolves after commit. */
  onGatewayMessage(gatewaySn: string, topic: string, payload: Buffer): Promise<void>;
  /** Gateway messages being handled now (received, not yet committed/acknowledged) and the oldest one's age. */
  inflight(): { count: number; oldestMs: number };
  /**
   * /ready's ingest part: stalled when a message has waited `stallMs` without being committed (a wedged
   * consumer or database), or when gateways are connected and nothing was committed for `idleMs`.
   */
  ingestStatus(opts: { stallMs: number; idleMs: number; gatewaysConnected: number | null }): { ok: boolean; detail: string };
  /** With an external broker: consume every gateway's topics through the bus (shared between instances). */
  consumeFrom(bus: Bus): Promise<void>;
  close(): Promise<void>;
}

const RELOAD_MS = 10_000;
const SWEEP_MS = 5_000;

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
  /** Edge AI detections (…/ai_event). */
  onAiEvent?: (gatewaySn: string, payload: Buffer) => Promise<unknown>;
  /** Face terminal recognitions (…/face_event). */
  onFaceEvent?: (gatewaySn: string, payload: Buffer) => Promise<unknown>;
  /** Inspection robots' finished rounds (…/robot_round). */
  onRobotRound?: (gatewaySn: string, payload: Buffer) => Promise<unknown>;
  /** Breaker states committed (device ids): remote control checks the selections interlocked with them. */
  onBreakerStates?: (deviceIds: number[]) => void;
  /** RETENTION_RAW_DAYS: runs the raw-telemetry partition job (daily partitions, retention). */
  rawRetentionDays?: number;
  /** How pushes leave the server (sealed secrets opened, the outbound guard). */
  pushTransport: PushTransport;
  /** PostgreSQL, which other instances may write too (the alarm lane reads what changed every round); false: PGlite. */
  sharedDatabase?: boolean;
}): Promise<Pipeline> {
  const { db, log } = opts;
  const registry = new PointRegistry(db);
  await registry.load();
  const engine = new AlarmEngine(db, registry);
  await engine.loadRules();
  const notifier = createNotifier(db, opts.publish, log);
  const push = createPushDispatcher(db, log, opts.pushTransport);
  // The live push is awaited (ordering with the commit); e-mail and webhooks are queued in the background.
  const raised = (events: RaisedEvent[]) => {
    push.dispatch(events);
    return notifier.notify(events);
  };
  // Alarms are evaluated on their own lane before storage; their pushes go out once their events are committed.
  const alarms = new LiveAlarms(
    db,
    engine,
    async (events, receivedAt) => {
      await raised(events);
      ingest.observer?.alarmsPushed((Date.now() - receivedAt) / 1000, events.length);
    },
    log,
    { saveEveryMs: 2000, saveOthersEvery: 10, forgetAfterMs: 600_000, sharedDatabase: opts.sharedDatabase ?? true, validateEveryMs: 1000, storageYields: opts.sharedDatabase === true },
  );
  const ingest = new IngestPipeline(db, registry, alarms, log, opts.ingest);
  ingest.onBreakerStates = opts.onBreakerStates ?? null;
  // A gateway's online state goes to its project's consoles at once (the gateway page, the kit dialog).
  const gatewayStatus = (g: GatewayOnline) => void notifier.gatewayStatus(g);
  ingest.onGatewayStatus = gatewayStatus;
  const watch = startGatewayWatch(db, raised, log, opts.gatewayWatchMs, gatewayStatus);
  const compaction = startQuarterHourCompaction(db, log);
  const partitions = opts.rawRetentionDays ? startPartitionJob(db, opts.rawRetentionDays, log) : null;
  const reminders = startCertificateReminders(db, raised, log);
  const inspection = startInspectionJobs(db, raised, log);
  // Rules and devices edited through another instance (or the database) are picked up within RELOAD_MS: two
  // small reads of their generations, and a reload only of what changed (a full reload of a large catalogue
  // held the server's thread long enough to delay live alarms; migration 0047).
  const reload = setInterval(() => {
    Promise.all([registry.reloadIfChanged(), engine.ensureFresh()]).catch((err: unknown) => log.warn({ err }, 'reload failed'));
  }, RELOAD_MS);
  reload.unref();
  // Communication-loss rules need the passing of time, not a sample (alarm/engine.ts sweep), on the alarm lane.
  const sweep = setInterval(() => {
    alarms.sweep().catch((err: unknown) => log.warn({ err }, 'alarm sweep failed'));
  }, SWEEP_MS);
  sweep.unref();

  const inflight = new Map<number, number>();
  let nextInflight = 0;
  const startedAt = Date.now();
  const onGatewayMessage = async (gatewaySn: string, topic: string, payload: Buffer) => {
    const m = GATEWAY_TOPIC_PATTERN.exec(topic);
    if (!m || m[1] !== gatewaySn) return;
    const id = nextInflight++;
    inflight.set(id, Date.now());
    try {
      if (m[2] === 'telemetry') await ingest.submit(gatewaySn, payload);
      else if (m[2] === 'status') await ingest.submitStatus(gatewaySn, payload);
      else if (m[2] === 'command/result') await opts.onCommandResult?.(gatewaySn, payload);
      else if (m[2] === 'capture') await opts.onCapture?.(gatewaySn, payload);
      else if (m[2] === 'ai_event') await opts.onAiEvent?.(gatewaySn, payload);
      else if (m[2] === 'face_event') await opts.onFaceEvent?.(gatewaySn, payload);
      else if (m[2] === 'robot_round') await opts.onRobotRound?.(gatewaySn, payload);
    } finally {
      inflight.delete(id);
    }
  };
  const inflightNow = () => {
    // Map order is insertion order: the first entry is the oldest message still in hand.
    const oldest = inflight.values().next();
    return { count: inflight.size, oldestMs: oldest.done ? 0 : Date.now() - oldest.value };
  };

  return {
    registry,
    engine,
    alarms,
    ingest,
    notifier,
    push,
    onGatewayMessage,
    inflight: inflightNow,
    ingestStatus: ({ stallMs, idleMs, gatewaysConnected }) => {
      const { count, oldestMs } = inflightNow();
      if (oldestMs > stallMs) return { ok: false, detail: `stalled: ${count} gateway message(s) in hand, the oldest for ${Math.round(oldestMs / 1000)} s (limit ${stallMs / 1000} s)` };
      const lastCommit = ingest.lastCommitAt || startedAt;
      const idle = Date.now() - lastCommit;
      if (gatewaysConnected && idle > idleMs) return { ok: false, detail: `stalled: ${gatewaysConnected} gateway(s) connected and no batch committed for ${Math.round(idle / 1000)} s (limit ${idleMs / 1000} s)` };
      return { ok: true, detail: ingest.lastCommitAt ? `last batch ${Math.round(idle / 1000)} s ago; ${count} message(s) in hand` : 'no batch yet' };
    },
    consumeFrom: async (bus) => {
      await bus.consume(
        [
          `$share/gridops/${TOPIC_VERSION}/gateway/+/telemetry`,
          `$share/gridops/${TOPIC_VERSION}/gateway/+/status`,
          `$share/gridops/${TOPIC_VERSION}/gateway/+/command/result`,
          `$share/gridops/${TOPIC_VERSION}/gateway/+/capture`,
          `$share/gridops/${TOPIC_VERSION}/gateway/+/ai_event`,
          `$share/gridops/${TOPIC_VERSION}/gateway/+/face_event`,
          `$share/gridops/${TOPIC_VERSION}/gateway/+/robot_round`,
        ],
        async (topic, payload) => {
          const m = GATEWAY_TOPIC_PATTERN.exec(topic);
          if (m?.[1]) await onGatewayMessage(m[1], topic, payload);
        },
      );
    },
    close: async () => {
      clearInterval(reload);
      clearInterval(sweep);
      await Promise.all([watch.stop(), compaction.stop(), partitions?.stop(), reminders.stop(), inspection.stop()]);
      await ingest.close();
      await alarms.close();
      await push.stop();
    },
  };
}
