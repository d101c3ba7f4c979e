import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config.js';
import { buildApp } from './app.js';
import { migrate, openDatabase, type Database } from './db/database.js';
import { randomSecret } from './lib/tokens.js';
import { readBrokerTls, startEmbeddedBroker, type EmbeddedBroker } from './plugins/broker.js';
import { connectBus, type Bus } from './plugins/bus.js';
import { connectCluster, type BrokerCluster } from './plugins/cluster.js';
import { startFaceSyncSender } from './modules/face/sync.js';
import { startStrategySender } from './modules/energy-assets/strategySync.js';
import { startPipeline, type Pipeline } from './pipeline.js';
import { startMonthReportJob } from './modules/month-report/service.js';
import { createMqttAuthService } from './modules/mqtt-auth/service.js';
import { seedDemo } from './seed/demo.js';
import { fillDemoGaps } from './seed/demoGapFill.js';
import { startStep } from './lib/startProgress.js';
import { bootstrapAdmin } from './modules/account/bootstrap.js';
import { spawnSimulator, type SimulatorProcess } from './simulatorHost.js';
import type { AppServices } from './services.js';
import { createMetrics } from './modules/ops/metrics.js';
import { Readiness } from './modules/ops/readiness.js';
import type { Ops } from './modules/ops/routes.js';
import { wireOps } from './opsWiring.js';
import { portFailure, serviceFailure } from './lib/startErrors.js';
import { checkPorts } from './lib/portCheck.js';
import { opsRepository } from './modules/ops/repository.js';
import { startSlaWatcher } from './modules/workorders/slaWatcher.js';
import { startAuxAutomation } from './modules/aux-devices/automation.js';

export interface Runtime {
  app: FastifyInstance;
  services: AppServices;
  database: Database;
  broker: EmbeddedBroker | null;
  pipeline: Pipeline;
  bus: Bus;
  url: string;
  mqttTcpUrl: string;
  /** The gateway simulator was started (SIMULATOR=on, or the demo seed without SIMULATOR set). */
  simulatorRunning: boolean;
  close(): Promise<void>;
}

/** Starts everything one instance runs: database (migrated, seeded), broker, HTTP API and web app, simulator. */
export async function startRuntime(config: AppConfig, opts: { logger?: boolean } = {}): Promise<Runtime> {
  // What the start's first line reports: the time to load the code, to open (on first start: create) the database.
  const loadedAt = process.uptime();
  // Every port first: a taken one fails the start before the database is created, migrated or given an admin.
  await checkPorts(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
  const openedAt = process.uptime();
  const closers: (() => Promise<void>)[] = [() => database.close()];
  // Rejects what waits for the bus when the start fails before it connected.
  let failStart: (e: unknown) => void = () => undefined;
  if (config.databaseUrl) {
    // The first query says whether PostgreSQL is there at all; the error then names it and DATABASE_URL.
    const url = config.databaseUrl;
    await opsRepository.ping(database.db).catch(async (e: unknown) => {
      await database.close().catch(() => undefined);
      throw serviceFailure('database', 'DATABASE_URL', url, e);
    });
  }
  const closeAll = async () => {
    for (const close of closers.reverse()) {
      try {
        await close();
      } catch {
        // Shutdown continues: a failing closer must not keep the database from closing cleanly.
      }
    }
  };
  try {
    const { db } = database;
    const redis = config.mqtt.redis;
    const ops: Ops = { metrics: createMetrics(), readiness: new Readiness(['broker', 'ingest', ...(redis ? ['redis'] : [])]) };
    const { app, services } = await buildApp({ config, db, logger: opts.logger ?? true, ops });
    const s = (t: number) => `${t.toFixed(1)} s`;
    app.log.info(`started: code loaded in ${s(loadedAt)}, database opened in ${s(openedAt - loadedAt)}, HTTP app built in ${s(process.uptime() - openedAt)}`);
    closers.push(() => app.close());
    // REDIS_URL or REDIS_SENTINELS: this instance's broker joins the others' (docs/adr/0006-clustered-broker.md).
    // Connected before anything else is started, so a Redis that is not there fails the start at once, naming it.
    const cluster: BrokerCluster | null = redis ? await connectCluster(redis, app.log, config.instanceId) : null;
    if (cluster) closers.push(() => cluster.close());
    // The stored-secrets key goes along: migration 0048 seals the secrets an older version stored in plain text.
    const applied = await startStep(app.log, 'migrating the database', () => migrate(db, undefined, { secrets: services.secrets }));
    if (applied.length) app.log.info({ applied: applied.length, last: applied.at(-1) }, `database migrated (${applied.length} migrations)`);
    const seedOpts = { energyHistoryDays: config.seedHistoryDays, faceKeys: services.faceKeys };
    if (config.seedDemo && (await startStep(app.log, 'seeding the demo', (onProgress) => seedDemo(db, { ...seedOpts, onProgress })))) app.log.info('demo organisation seeded');
    // The demo's simulated gateways were silent while the demo was stopped: their history reaches now again.
    if (config.seedDemo && config.simulator) {
      const fill = await startStep(app.log, 'filling the demo history since its last stop', () => fillDemoGaps(db));
      if (fill.samples) app.log.info({ stations: fill.filled.map((f) => f.code), samples: fill.samples }, 'demo history filled since its last stop');
    }

    // The server's own MQTT identity: configured for external brokers, random per process when embedded.
    const serviceCreds = {
      username: config.mqtt.serviceUsername ?? `gridops-service-${randomSecret(6)}`,
      password: config.mqtt.servicePassword ?? randomSecret(24),
    };
    // The bus connects after the broker is up. Pushes raised before that (a job's first pass at start: inspection
    // overdue, certificate reminders) wait for it instead of being lost; a start that fails rejects them.
    let bus: Bus | null = null;
    let busConnected: (b: Bus) => void = () => undefined;
    const busReady = new Promise<Bus>((resolve, reject) => {
      busConnected = resolve;
      failStart = reject;
    });
    busReady.catch(() => undefined);
    const pipeline = await startPipeline({
      db,
      log: app.log,
      ingest: config.ingest,
      sharedDatabase: database.kind === 'postgres',
      rawRetentionDays: config.retention.rawDays,
      pushTransport: services.pushTransport,
      // Handed to the client, not awaited: a push raised while handling a gateway message must never wait on
      // an acknowledgement the same connection has to read (plugins/bus.ts).
      publish: async (topic, payload) => {
        (bus ?? (await busReady)).send(topic, payload, 2);
      },
      // Face terminal answers carry ids starting "face-" (modules/face/sync.ts), storage strategies "ess-"
      // (modules/energy-assets/strategySync.ts); everything else is remote control.
      onCommandResult: async (sn, payload) => {
        if (await services.faceSync.onResult(sn, payload)) return;
        if (await services.essStrategySync.onResult(sn, payload)) return;
        await services.control.onResult(sn, payload);
      },
      onCapture: (sn, payload) => services.security.onCapture(sn, payload),
      onAiEvent: (sn, payload) => services.aiSecurity.onAiEvent(sn, payload),
      onFaceEvent: (sn, payload) => services.faceRecords.onFaceEvent(sn, payload),
      onRobotRound: (sn, payload) => services.robotRounds.onRobotRound(sn, payload),
      onBreakerStates: (deviceIds) => {
        services.control.breakerStatesChanged(deviceIds).catch((err: unknown) => app.log.warn({ err }, 'remote control: checking interlocked selections failed'));
      },
    });
    // Monthly operation reports: on the 1st (site zone) for the previous month, and on first start (docs/monthly-report.md).
    const monthReports = startMonthReportJob(services.monthReport, app.log, 30_000);
    closers.push(async () => monthReports.stop());
    let broker: EmbeddedBroker | null = null;
    if (!config.mqtt.externalUrl) {
      broker = await startEmbeddedBroker({
        cluster,
        tcpPort: config.mqtt.tcpPort,
        tcpPortFallback: config.mqtt.tcpPortFallback,
        maxPacketBytes: config.mqtt.maxPacketBytes,
        wsPort: config.mqtt.wsPort,
        host: config.host,
        tls: await readBrokerTls(config.mqtt.tls),
        auth: createMqttAuthService(db, serviceCreds),
        log: app.log,
        onGatewayMessage: pipeline.onGatewayMessage,
      });
      closers.push(() => broker!.close());
      // A logout here ends its MQTT clients at once; sessions ended elsewhere are found by the broker's sweep.
      const embedded = broker;
      const stopListening = services.users.onSessionRevoked((sessionId) => embedded.disconnectSession(sessionId));
      closers.push(async () => stopListening());
      // Tell browsers the port actually bound (differs when MQTT_WS_PORT=0 in tests).
      if (config.mqtt.publicWsPort === 0) config.mqtt.publicWsPort = broker.tls?.wssPort ?? broker.wsPort;
    }
    const mqttTcpUrl = config.mqtt.externalUrl ?? `mqtt://127.0.0.1:${broker!.tcpPort}`;
    bus = await connectBus({
      name: config.mqtt.externalUrl ? { service: 'broker', setting: 'MQTT_URL' } : { service: 'embedded broker', setting: 'MQTT_TCP_PORT' },
      url: mqttTcpUrl,
      username: serviceCreds.username,
      password: serviceCreds.password,
      log: app.log,
      // Clean session (plugins/bus.ts): nothing of this instance stays on the broker once it is gone.
      clientId: `gridops-server-${config.instanceId}-${randomSecret(4)}`,
    });
    const connectedBus = bus;
    busConnected(connectedBus);
    closers.push(() => connectedBus.close());
    // Commands to gateways at QoS 1 (the gateway subscribes at 1); captures to browsers at the live channel's QoS 2.
    services.control.attach((topic, payload) => connectedBus.publish(topic, payload, 1));
    // Two-person approvals reach the approvers' own topics at the live channel's QoS 2.
    services.controlConfig.attach((topic, payload) => connectedBus.publish(topic, payload, 2));
    // Captures arrive inside an inbound handler: their push is sent without waiting for its acknowledgement.
    services.security.attach(async (topic, payload) => connectedBus.send(topic, payload, 2));
    // A confirmed AI detection is pushed like any alarm (live pop-up, push rules); detections arrive inside an
    // inbound handler too, so nothing waits for a publish acknowledgement there either.
    services.aiSecurity.attach({
      publish: async (topic, payload) => connectedBus.send(topic, payload, 2),
      onRaised: async (events) => {
        pipeline.push.dispatch(events);
        await pipeline.notifier.notify(events);
      },
      log: app.log,
    });
    services.workOrders.attach((topic, payload) => connectedBus.publish(topic, payload, 2));
    // Face terminals: enrolments go out as gateway commands (QoS 1) from a claimed sender on every instance;
    // recognition records arrive inside an inbound handler, so their pushes do not wait for acknowledgements.
    services.faceSync.attach({ publish: (topic, payload) => connectedBus.publish(topic, payload, 1), log: app.log });
    services.faceRecords.attach({
      publish: async (topic, payload) => connectedBus.send(topic, payload, 2),
      onRaised: async (events) => {
        pipeline.push.dispatch(events);
        await pipeline.notifier.notify(events);
      },
      log: app.log,
    });
    // "Start a round now" goes to the robot's gateway as a command (QoS 1); round reports arrive inbound.
    services.building.attach({ publish: (topic, payload) => connectedBus.publish(topic, payload, 1), log: app.log });
    services.robotRounds.attach({ publish: (topic, payload) => connectedBus.publish(topic, payload, 1), log: app.log });
    const faceSender = startFaceSyncSender(services.faceSync, app.log);
    services.face.setKick(faceSender.kick);
    // Storage strategies (EssSet) go to their PCS's gateway the same way (docs/energy-assets.md).
    services.essStrategySync.attach({ publish: (topic, payload) => connectedBus.publish(topic, payload, 1), log: app.log });
    const strategySender = startStrategySender(services.essStrategySync, app.log);
    services.essStrategySync.setKick(strategySender.kick);
    const slaWatcher = startSlaWatcher(services.workOrders, app.log);
    // Automation of auxiliary devices: commands go through the control flow just attached (docs/control-config.md).
    const automation = config.control.automationTickMs > 0 ? startAuxAutomation(db, services.control, app.log, config.control.automationTickMs) : null;
    closers.push(async () => {
      await Promise.all([slaWatcher.stop(), automation?.stop()]);
      services.control.attach(null);
      services.controlConfig.attach(null);
      services.security.attach(null);
      services.aiSecurity.attach(null);
      services.workOrders.attach(null);
      faceSender.stop();
      services.faceSync.attach(null);
      strategySender.stop();
      services.essStrategySync.attach(null);
      services.faceRecords.attach(null);
      services.robotRounds.attach(null);
      services.building.attach(null);
    });
    // A rotated or revoked gateway secret ends that gateway's connection here at once (an external broker
    // re-reads its password file); adopted devices reach this instance's ingest at once, other instances'
    // on their next miss (rate-limited reload) or the periodic reload.
    const embeddedBroker = broker;
    services.gateways.attach({
      onCredentialsChanged: (sn) => embeddedBroker?.disconnectGateway(sn),
      onDevicesChanged: () => pipeline.registry.load(),
      brokerPorts: embeddedBroker ? { tcpPort: embeddedBroker.tcpPort, wsPort: embeddedBroker.wsPort, tls: embeddedBroker.tls } : null,
    });
    closers.push(async () => services.gateways.attach(null));
    // Closed before the bus and the broker: drains the last batch while they are still up.
    closers.push(() => pipeline.close());

    // Readiness (/ready) and metrics (/metrics): the broker, the ingest and the counters of this instance.
    wireOps(ops, { config, database, broker, cluster, bus: connectedBus, pipeline });

    let simulator: SimulatorProcess | null = null;
    if (config.simulator) {
      simulator = await spawnSimulator({ db, dataDir: config.dataDir, mqttUrl: mqttTcpUrl, intervalMs: config.simulatorIntervalMs, faultRate: config.simulatorFaultRate, aiRate: config.simulatorAiRate, log: app.log });
      if (simulator) closers.push(() => simulator!.stop());
    }
    // Without the demo, an empty database gets its first administrator (docs/onboarding.md) — after everything
    // that can fail (the HTTP port was checked before the database was opened: lib/portCheck.ts), so a start that
    // fails has not printed (and so burnt) a one-time password; and before the console answers, so the first
    // login a script sends as soon as it does finds the account.
    if (!config.seedDemo) await bootstrapAdmin(db, config.bootstrap, app.log);
    await app.listen({ port: config.port, host: config.host }).catch((e: unknown) => Promise.reject(portFailure('HTTP', 'PORT', config.port, e)));
    const port = (app.server.address() as { port: number }).port;
    const url = `http://localhost:${port}`;
    // Only once everything else has started: a start that fails never joins the shared subscription.
    if (config.mqtt.externalUrl) await pipeline.consumeFrom(connectedBus);
    return { app, services, database, broker, pipeline, bus: connectedBus, url, mqttTcpUrl, simulatorRunning: simulator !== null, close: closeAll };
  } catch (e) {
    failStart(e);
    await closeAll();
    throw e;
  }
}
