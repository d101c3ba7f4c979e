/**
 * Ingest load benchmark. Usage:
 *   npx tsx bench/ingestLoad.ts [--backend pglite|postgres] [--broker embedded|mosquitto] [--gateways 40] [--devices 50] [--interval 1000] [--duration 30]
 *     [--lanes N] [--max-batch N] [--max-delay MS]   (the server's INGEST_LANES / INGEST_MAX_BATCH / INGEST_MAX_DELAY_MS; default: the server's defaults)
 *     [--profile DIR]   (writes a CPU profile of the server process there, for Chrome DevTools)
 *     [--entry path/to/main.js]   (another build of the server, e.g. of the previous commit, to compare on the same machine load)
 *
 * Starts the real server (apps/server/dist/main.js, simulator off) on a fresh database holding the demo
 * organisation plus a load-test site of G gateways × D meters (11 points each, with two alarm rules per
 * meter), then:
 *  - every gateway publishes all its points every interval (QoS 1). The server acknowledges a message only
 *    after its batch has committed, so acknowledged points/s = stored points/s;
 *  - an alarm gateway toggles a smoke detector every --alarm-every ms (each 0→1 raises a level-4 alarm); a WebSocket MQTT client logged in as the
 *    centre user (what the console does) measures publish → receipt latency of each pushed alarm.
 * With `--broker mosquitto` the gateways and the console listener go through Debian's Mosquitto (started on
 * free ports with the generated files) and the server consumes with MQTT_URL; the gateways' acknowledgements
 * are then Mosquitto's, so stored points/s and messages/s are read from the server's /metrics counters (in
 * both modes).
 * Prints the figures with the machine's load average (1 min) at the start and the end of the measured window;
 * record them in docs/performance.md.
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import mqtt, { type MqttClient } from 'mqtt';
import { clientTopics, gatewayTopics } from '../packages/contract/src/index.js';
import type { Db } from '../apps/server/src/db/database.js';
import { issueGatewaySecret } from '../apps/server/src/modules/mqtt-auth/gatewaySecrets.js';
import { createLoginLimits } from '../apps/server/src/modules/user/loginLimits.js';
import { createUserService } from '../apps/server/src/modules/user/service.js';
import { startMosquitto, type TestMosquitto } from '../apps/server/src/test-support/mosquitto.js';
import { addLoadGateways, benchDatabase, meterPointCount, meterTelemetry, metricValue, percentile as pct, seedLoadProject, startBenchServer } from './support.js';

const { values: args } = parseArgs({
  options: {
    backend: { type: 'string', default: 'pglite' },
    gateways: { type: 'string', default: '40' },
    devices: { type: 'string', default: '50' },
    interval: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '5' },
    'alarm-every': { type: 'string', default: '250' },
    broker: { type: 'string', default: 'embedded' },
    lanes: { type: 'string' },
    'max-batch': { type: 'string' },
    'max-delay': { type: 'string' },
    entry: { type: 'string' },
    profile: { type: 'string' },
  },
});
const G = Number(args.gateways);
const D = Number(args.devices);
const INTERVAL = Number(args.interval);
const DURATION = Number(args.duration) * 1000;
const WARMUP = Number(args.warmup) * 1000;

async function seedLoadSite(db: Db) {
  const { projectId } = await seedLoadProject(db);
  const gws = await addLoadGateways(db, projectId, 'LOAD', G, D);
  // The alarm source: the demo Shanghai gateway's environment sensor (smoke: digital rule, level 4).
  const alarmGw = { sn: 'GW-SHZJ-01', secret: await issueGatewaySecret(db, 'GW-SHZJ-01') };
  // A console login session: its MQTT credentials are the ones userinfo hands the browser.
  const users = createUserService(db, createLoginLimits(db, { maxFailures: 5, windowMinutes: 15 }));
  const login = await users.login('centre', 'demo1234', { ip: '127.0.0.1', deviceType: 'pc', sessionTtlHours: 24 });
  const centre = { id: login.userInfo.id, org_id: login.userInfo.org_id, mqtt: login.userInfo.mqtt };
  return { gws, alarmGw, centre };
}

async function main() {
  const database = await benchDatabase(args.backend, 'bench');
  const seeding = await database.open();
  const { gws, alarmGw, centre } = await seedLoadSite(seeding.db);
  const service = { username: 'gridops-service', password: 'bench-service-secret' };
  let mosquitto: TestMosquitto | null = null;
  if (args.broker === 'mosquitto') mosquitto = await startMosquitto(seeding.db, service, path.join(database.dataDir, 'mosquitto'));
  await seeding.close();
  const ingestEnv: Record<string, string> = {
    ...(args.lanes ? { INGEST_LANES: args.lanes } : {}),
    ...(args['max-batch'] ? { INGEST_MAX_BATCH: args['max-batch'] } : {}),
    ...(args['max-delay'] ? { INGEST_MAX_DELAY_MS: args['max-delay'] } : {}),
  };
  const server = await startBenchServer(database, {
    ...(args.entry ? { entry: args.entry } : {}),
    ...(args.profile ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${args.profile}`] } : {}),
    env: {
      ...ingestEnv,
      ...(mosquitto
        ? { MQTT_URL: mosquitto.url, MQTT_SERVICE_USERNAME: service.username, MQTT_SERVICE_PASSWORD: service.password, MQTT_PUBLIC_WS_PORT: String(mosquitto.wsPort) }
        : {}),
    },
  });
  const ws = mosquitto ? mosquitto.wsPort : server.mqttWsPort;
  const tcp = mosquitto ? mosquitto.tcpPort : server.mqttTcpPort;

  const latencies: number[] = [];
  let measuring = false;
  const listener = await mqtt.connectAsync(`ws://127.0.0.1:${ws}/mqtt`, {
    username: centre.mqtt.username,
    password: centre.mqtt.pass,
    clientId: `gridops_web_${centre.id}_bench`,
  });
  await listener.subscribeAsync(clientTopics(centre.org_id, centre.id).message, { qos: 2 });
  listener.on('message', (_t, p) => {
    const m = JSON.parse(p.toString()) as { timestamp: number };
    if (measuring) latencies.push(Date.now() - m.timestamp);
  });

  const pointsPerMeter = meterPointCount();
  /** Publish → PUBACK of the load gateways' messages: with the embedded broker, the storage latency. */
  const ackLatencies: number[] = [];
  let ackedPoints = 0;
  let ackedMessages = 0;
  const clients: MqttClient[] = [];
  const timers: NodeJS.Timeout[] = [];
  for (const [gi, g] of gws.entries()) {
    const c = await mqtt.connectAsync(`mqtt://127.0.0.1:${tcp}`, { username: g.sn, password: g.secret, clientId: `gw-${g.sn}`, clean: false });
    clients.push(c);
    const send = () => {
      const sentAt = Date.now();
      c.publishAsync(gatewayTopics(g.sn).telemetry, meterTelemetry(sentAt, D), { qos: 1 }).then(
        () => {
          if (measuring) {
            ackedPoints += D * pointsPerMeter;
            ackedMessages++;
            ackLatencies.push(Date.now() - sentAt);
          }
        },
        () => undefined,
      );
    };
    // Spread the gateways over the interval, as real ones are not synchronised.
    setTimeout(() => timers.push(setInterval(send, INTERVAL)), (gi * INTERVAL) / G);
  }
  const alarmClient = await mqtt.connectAsync(`mqtt://127.0.0.1:${tcp}`, { username: alarmGw.sn, password: alarmGw.secret, clientId: `gw-${alarmGw.sn}` });
  let smoke = 0;
  timers.push(
    setInterval(() => {
      smoke = 1 - smoke;
      void alarmClient.publishAsync(gatewayTopics(alarmGw.sn).telemetry, JSON.stringify({ ts: Date.now(), devices: [{ sn: 'ENV', values: { smoke } }] }), { qos: 1 });
    }, Number(args['alarm-every'])),
  );

  await new Promise((r) => setTimeout(r, WARMUP));
  const metricsBefore = { points: await metricValue(server.port, 'gridops_ingest_points_total'), messages: await metricValue(server.port, 'gridops_ingest_messages_total') };
  measuring = true;
  const loadBefore = os.loadavg()[0]!;
  const t0 = Date.now();
  await new Promise((r) => setTimeout(r, DURATION));
  measuring = false;
  const seconds = (Date.now() - t0) / 1000;
  const loadAfter = os.loadavg()[0]!;
  const committedPoints = (await metricValue(server.port, 'gridops_ingest_points_total')) - metricsBefore.points;
  const committedMessages = (await metricValue(server.port, 'gridops_ingest_messages_total')) - metricsBefore.messages;
  // The server's own view (arrival → push), whole run: tells the server's share from the clients' and the network's.
  const metricsText = await (await fetch(`http://127.0.0.1:${server.port}/metrics`)).text();
  const serverAlarmBuckets = Object.fromEntries(
    [...metricsText.matchAll(/^gridops_alarm_latency_seconds_bucket\{le="([^"]+)"\} (\d+)$/gm)].map((m) => [`le ${m[1]} s`, Number(m[2])]),
  );
  // The server's thread (whole run): time spent in garbage collection by kind, and the heap at the end.
  const metric = (re: RegExp) => [...metricsText.matchAll(re)].map((m) => [m[1]!, Number(Number(m[2]).toFixed(3))] as const);
  const serverThread = {
    gcSecondsByKind: Object.fromEntries(metric(/^gridops_process_nodejs_gc_duration_seconds_sum\{kind="([^"]+)"\} (\S+)$/gm)),
    heapUsedMb: Math.round(Number(/^gridops_process_nodejs_heap_size_used_bytes (\S+)$/m.exec(metricsText)?.[1] ?? NaN) / 1e6),
  };
  for (const t of timers) clearInterval(t);
  const offered = (G * D * pointsPerMeter * 1000) / INTERVAL;

  const result = {
    backend: database.backend,
    broker: mosquitto ? 'mosquitto (MQTT_URL)' : 'embedded',
    gateways: G,
    devicesPerGateway: D,
    pointsPerMessage: D * pointsPerMeter,
    intervalMs: INTERVAL,
    serverIngestEnv: ingestEnv,
    server: args.entry ?? 'apps/server/dist/main.js',
    offeredPointsPerSec: Math.round(offered),
    storedPointsPerSec: Math.round(ackedPoints / seconds),
    ackedMessagesPerSec: Math.round(ackedMessages / seconds),
    committedPointsPerSec: Math.round(committedPoints / seconds),
    committedMessagesPerSec: Math.round(committedMessages / seconds),
    alarmPushes: latencies.length,
    alarmLatencyMs: { p50: pct(latencies, 50), p95: pct(latencies, 95), p99: pct(latencies, 99), max: Math.max(...latencies) },
    serverAlarmLatencyBuckets: serverAlarmBuckets,
    serverThread,
    ackLatencyMs: { p50: pct(ackLatencies, 50), p99: pct(ackLatencies, 99), max: Math.max(...ackLatencies) },
    cpus: os.cpus().length,
    loadAverage1m: { start: Number(loadBefore.toFixed(1)), end: Number(loadAfter.toFixed(1)) },
    at: new Date(t0).toISOString(),
  };
  console.log(JSON.stringify(result, null, 2));
  for (const c of [...clients, alarmClient, listener]) c.end(true);
  await server.stop();
  await mosquitto?.stop();
  await database.dispose();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
