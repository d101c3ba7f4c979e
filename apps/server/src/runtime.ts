import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config.js';
import { buildApp } from './app.js';
import { migrate, openDatabase, type Database } from './db/database.js';
import { randomSecret } from './lib/tokens.js';
import { startEmbeddedBroker, type EmbeddedBroker } from './plugins/broker.js';
import { connectBus, type Bus } from './plugins/bus.js';
import { startPipeline, type Pipeline } from './pipeline.js';
import { createMqttAuthService } from './modules/mqtt-auth/service.js';
import { seedDemo } from './seed/demo.js';
import { bootstrapAdmin } from './modules/account/bootstrap.js';
import { spawnSimulator, type SimulatorProcess } from './simulatorHost.js';
import type { AppServices } from './services.js';
import { startSlaWatcher } from './modules/workorders/slaWatcher.js';

export interface Runtime {
  app: FastifyInstance;
  services: AppServices;
  database: Database;
  broker: EmbeddedBroker | null;
  pipeline: Pipeline;
  bus: Bus;
  url: string;
  mqttTcpUrl: string;
  close(): Promise<void>;
}

/** Starts everything one instance runs: database (migrated, seeded), broker, HTTP API and web app, simulator. */
export async function startRuntime(config: AppConfig, opts: { logger?: boolean } = {}): Promise<Runtime> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
  const closers: (() => Promise<void>)[] = [() => database.close()];
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
    const { app, services } = await buildApp({ config, db, logger: opts.logger ?? true });
    closers.push(() => app.close());
    const applied = await migrate(db);
    if (applied.length) app.log.info({ applied }, 'database migrated');
    if (config.seedDemo && (await seedDemo(db, { energyHistoryDays: config.seedHistoryDays }))) app.log.info('demo organisation seeded');
    // Without the demo, an empty database gets its first administrator (docs/onboarding.md).
    if (!config.seedDemo) await bootstrapAdmin(db, config.bootstrap, app.log);

    // The server's own MQTT identity: configured for external brokers, random per process when embedded.
    const serviceCreds = {
      username: config.mqtt.serviceUsername ?? `gridops-service-${randomSecret(6)}`,
      password: config.mqtt.servicePassword ?? randomSecret(24),
    };
    // The bus connects after the broker is up; pushes raised before that cannot happen (no telemetry yet).
    let bus: Bus | null = null;
    const pipeline = await startPipeline({
      db,
      log: app.log,
      ingest: config.ingest,
      publish: async (topic, payload) => {
        if (!bus) throw new Error('bus not connected');
        await bus.publish(topic, payload, 2);
      },
      onCommandResult: (sn, payload) => services.control.onResult(sn, payload),
      onCapture: (sn, payload) => services.security.onCapture(sn, payload),
    });
    let broker: EmbeddedBroker | null = null;
    if (!config.mqtt.externalUrl) {
      broker = await startEmbeddedBroker({
        tcpPort: config.mqtt.tcpPort,
        tcpPortFallback: config.mqtt.tcpPortFallback,
        maxPacketBytes: config.mqtt.maxPacketBytes,
        wsPort: config.mqtt.wsPort,
        host: config.host,
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
      if (config.mqtt.publicWsPort === 0) config.mqtt.publicWsPort = broker.wsPort;
    }
    const mqttTcpUrl = config.mqtt.externalUrl ?? `mqtt://127.0.0.1:${broker!.tcpPort}`;
    bus = await connectBus({
      url: mqttTcpUrl,
      username: serviceCreds.username,
      password: serviceCreds.password,
      log: app.log,
      // With an external broker the subscription must survive restarts (persistent session), so the client id
      // is stable per instance; embedded brokers start empty anyway.
      ...(config.mqtt.externalUrl ? { clientId: `gridops-server-${config.instanceId}` } : {}),
    });
    const connectedBus = bus;
    closers.push(() => connectedBus.close());
    // Commands to gateways at QoS 1 (the gateway subscribes at 1); captures to browsers at the live channel's QoS 2.
    services.control.attach((topic, payload) => connectedBus.publish(topic, payload, 1));
    services.security.attach((topic, payload) => connectedBus.publish(topic, payload, 2));
    services.workOrders.attach((topic, payload) => connectedBus.publish(topic, payload, 2));
    const stopSla = startSlaWatcher(services.workOrders, app.log);
    closers.push(async () => {
      stopSla();
      services.control.attach(null);
      services.security.attach(null);
      services.workOrders.attach(null);
    });
    // A rotated or revoked gateway secret ends that gateway's connection here at once (an external broker
    // re-reads its password file); adopted devices reach this instance's ingest at once, other instances'
    // on their next miss (rate-limited reload) or the periodic reload.
    const embeddedBroker = broker;
    services.gateways.attach({
      onCredentialsChanged: (sn) => embeddedBroker?.disconnectGateway(sn),
      onDevicesChanged: () => pipeline.registry.load(),
    });
    closers.push(async () => services.gateways.attach(null));
    // Closed before the bus and the broker: drains the last batch while they are still up.
    closers.push(() => pipeline.close());
    if (config.mqtt.externalUrl) await pipeline.consumeFrom(connectedBus);

    await app.listen({ port: config.port, host: config.host });
    const port = (app.server.address() as { port: number }).port;
    const url = `http://localhost:${port}`;

    let simulator: SimulatorProcess | null = null;
    if (config.simulator) {
      simulator = await spawnSimulator({ db, dataDir: config.dataDir, mqttUrl: mqttTcpUrl, intervalMs: config.simulatorIntervalMs, faultRate: config.simulatorFaultRate, log: app.log });
      if (simulator) closers.push(() => simulator!.stop());
    }
    return { app, services, database, broker, pipeline, bus: connectedBus, url, mqttTcpUrl, close: closeAll };
  } catch (e) {
    await closeAll();
    throw e;
  }
}
