/**
 * Ingest load benchmark. Usage:
 *   npx tsx bench/ingestLoad.ts [--backend pglite|postgres] [--broker embedded|mosquitto] [--gateways 40] [--devices 50] [--interval 1000] [--duration 30]
 *     [--lanes N] [--max-batch N] [--max-delay MS]   (the server's INGEST_LANES / INGEST_MAX_BATCH / INGEST_MAX_DELAY_MS; default: the server's defaults)
 *     [--profile DIR]   (writes a CPU profile of the server process there, for Chrome DevTools)
 *     [--entry path/to/main.js]   (another build of the server, e.g. of the previous commit, to compare on the same machine load)
 *     [--find-sustained [--settle 10] [--max-steps 6] [--tolerance 0.05]]   (search the highest offered rate whose acks stay current)
 *     [--ack-p99-limit 1000] [--ceiling-seconds 15]
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
 * Then, in the same run and on the same database, the machine's own ceiling (bench/ingestCeiling.ts): the
 * server's storage statement fed the same rows from a plain client, as fast as the database takes them, with
 * where the CPU went meanwhile. A window counts as sustained only while the acknowledgements stay current (ack
 * p99 ≤ --ack-p99-limit, no growing backlog; bench/ingestWindow.ts); the run reports the stored rate of such a
 * window, not the offered one, and its ratio to the ceiling. `--find-sustained` steps the offered rate (the
 * publish interval of the same gateways) to find the highest one whose acks stay current.
 * Prints the figures with the machine's load average (1 min) at the start and the end of each measured window,
 * a JSON record, and a last line starting `SUMMARY`; record them in docs/performance.md.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import { clientTopics, gatewayTopics } from '../packages/contract/src/index.js';
import type { Db } from '../apps/server/src/db/database.js';
import { issueGatewaySecret } from '../apps/server/src/modules/mqtt-auth/gatewaySecrets.js';
import { createLoginLimits } from '../apps/server/src/modules/user/loginLimits.js';
import { createUserService } from '../apps/server/src/modules/user/service.js';
import { startMosquitto, type TestMosquitto } from '../apps/server/src/test-support/mosquitto.js';
import { idleCores, loadPointIds, measureCeiling, type Ceiling } from './ingestCeiling.js';
import { measureWindow, startGatewayLoad, type WindowContext, type WindowResult } from './ingestWindow.js';
import { addLoadGateways, benchDatabase, meterPointCount, seedLoadProject, sleep, startBenchServer } from './support.js';

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
    'find-sustained': { type: 'boolean', default: false },
    settle: { type: 'string', default: '10' },
    'max-steps': { type: 'string', default: '6' },
    tolerance: { type: 'string', default: '0.05' },
    'ack-p99-limit': { type: 'string', default: '1000' },
    'ceiling-seconds': { type: 'string', default: '15' },
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

/** One line per measured window, as the search goes. */
const stepLine = (r: WindowResult) =>
  `offered ${r.offeredPointsPerSec} → stored ${r.storedPointsPerSec} points/s; ack p50/p99 ${r.ackLatencyMs.p50}/${r.ackLatencyMs.p99} ms; ` +
  `alarm p99 ${r.alarmLatencyMs.p99} ms; ${r.current ? 'CURRENT' : 'BEHIND'} (${r.why}); cpu left to server ${r.cpu.leftToServer}/${r.cpu.cores}; load ${r.loadAverage1m.start}/${r.loadAverage1m.end}`;

/**
 * The highest offered rate whose acknowledgements stay current: the first window at the given rate; after a
 * window that fell behind, the next rate is below what it stored (0.95 ×) and at most 0.9 × its offer; once one
 * rate passed and one failed, bisection between them until they are within `tolerance`. Between windows the
 * gateways pause until every message is acknowledged, so a window never inherits the backlog of the one before.
 */
async function findSustained(ctx: WindowContext, maxRate: number, ratePerInterval: number): Promise<WindowResult[]> {
  const steps: WindowResult[] = [];
  let best: WindowResult | null = null;
  let failedAt: number | null = null;
  let rate = maxRate;
  for (let i = 0; i < Number(args['max-steps']); i++) {
    ctx.load.run(Math.max(1, Math.round(ratePerInterval / rate)));
    await sleep(i === 0 ? WARMUP : Number(args.settle) * 1000);
    const r = await measureWindow(ctx, DURATION);
    steps.push(r);
    console.error(`[find-sustained] step ${i + 1}: ${stepLine(r)}`);
    if (r.current) {
      if (!best || r.offeredPointsPerSec > best.offeredPointsPerSec) best = r;
      if (failedAt === null) break; // the highest rate asked for is sustained: nothing above it to find
    } else failedAt = Math.min(failedAt ?? Infinity, r.offeredPointsPerSec);
    if (best && failedAt !== null && (failedAt - best.offeredPointsPerSec) / failedAt < Number(args.tolerance)) break;
    rate = best && failedAt !== null ? (best.offeredPointsPerSec + failedAt) / 2 : Math.min(0.95 * r.storedPointsPerSec, 0.9 * r.offeredPointsPerSec);
    ctx.load.pause();
    if (!(await ctx.load.waitDrained(180_000))) {
      console.error(`[find-sustained] the backlog did not drain in 180 s (${ctx.load.outstanding()} unacknowledged); stopping the search`);
      break;
    }
  }
  return steps;
}

async function main() {
  // Before anything of the bench runs: what the machine's other work leaves idle.
  const idleBeforeRun = await idleCores(3000);
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

  const alarmRecording = { on: false, latencies: [] as number[] };
  const listener = await mqtt.connectAsync(`ws://127.0.0.1:${ws}/mqtt`, {
    username: centre.mqtt.username,
    password: centre.mqtt.pass,
    clientId: `gridops_web_${centre.id}_bench`,
  });
  await listener.subscribeAsync(clientTopics(centre.org_id, centre.id).message, { qos: 2 });
  listener.on('message', (_t, p) => {
    const m = JSON.parse(p.toString()) as { timestamp: number };
    if (alarmRecording.on) alarmRecording.latencies.push(Date.now() - m.timestamp);
  });
  const load = await startGatewayLoad(gws, tcp, D);
  const alarmClient = await mqtt.connectAsync(`mqtt://127.0.0.1:${tcp}`, { username: alarmGw.sn, password: alarmGw.secret, clientId: `gw-${alarmGw.sn}` });
  let smoke = 0;
  const alarmTimer = setInterval(() => {
    smoke = 1 - smoke;
    void alarmClient.publishAsync(gatewayTopics(alarmGw.sn).telemetry, JSON.stringify({ ts: Date.now(), devices: [{ sn: 'ENV', values: { smoke } }] }), { qos: 1 });
  }, Number(args['alarm-every']));

  const ctx: WindowContext = {
    load,
    serverPort: server.port,
    serverPid: server.pid,
    brokerPid: mosquitto?.pid,
    databaseUrl: database.databaseUrl,
    gateways: G,
    ackP99LimitMs: Number(args['ack-p99-limit']),
    alarmRecording,
  };
  const ratePerInterval = G * D * meterPointCount() * 1000;
  let steps: WindowResult[];
  if (args['find-sustained']) steps = await findSustained(ctx, ratePerInterval / INTERVAL, ratePerInterval);
  else {
    load.run(INTERVAL);
    await sleep(WARMUP);
    steps = [await measureWindow(ctx, DURATION)];
  }
  // The server's thread (whole run): time spent in garbage collection by kind, the heap at the end, and its own
  // arrival → push histogram (tells the server's share of the alarm latency from the clients' and the network's).
  const metricsText = await (await fetch(`http://127.0.0.1:${server.port}/metrics`)).text();
  const serverAlarmBuckets = Object.fromEntries(
    [...metricsText.matchAll(/^gridops_alarm_latency_seconds_bucket\{le="([^"]+)"\} (\d+)$/gm)].map((m) => [`le ${m[1]} s`, Number(m[2])]),
  );
  const metric = (re: RegExp) => [...metricsText.matchAll(re)].map((m) => [m[1]!, Number(Number(m[2]).toFixed(3))] as const);
  const serverThread = {
    gcSecondsByKind: Object.fromEntries(metric(/^gridops_process_nodejs_gc_duration_seconds_sum\{kind="([^"]+)"\} (\S+)$/gm)),
    heapUsedMb: Math.round(Number(/^gridops_process_nodejs_heap_size_used_bytes (\S+)$/m.exec(metricsText)?.[1] ?? NaN) / 1e6),
  };
  clearInterval(alarmTimer);
  load.close();
  for (const c of [alarmClient, listener]) c.end(true);
  await server.stop();
  await mosquitto?.stop();

  // The ceiling, after the server stopped, on the tables as it left them (rollup rows present, as in its steady state).
  const lanes = Number(args.lanes ?? (database.backend === 'postgres' ? 2 : 1));
  const after = await database.open();
  let ceiling: Ceiling;
  try {
    const pointIds = await loadPointIds(after.db, gws.map((g) => g.gatewayId));
    ceiling = await measureCeiling(after.db, { pointIds, lanes, seconds: Number(args['ceiling-seconds']), databaseUrl: database.databaseUrl });
  } finally {
    await after.close();
  }
  const ceilingCpuLeft = Number((ceiling.cpu.cores - ceiling.cpu.others - (ceiling.cpu.byGroup.bench ?? 0)).toFixed(2));

  const sustainedStep = steps.filter((s) => s.current).sort((a, b) => b.storedPointsPerSec - a.storedPointsPerSec)[0] ?? null;
  const reported = sustainedStep ?? steps[steps.length - 1]!;
  const ratio = sustainedStep ? Number((sustainedStep.storedPointsPerSec / ceiling.pointsPerSec).toFixed(3)) : null;
  const result = {
    backend: database.backend,
    broker: mosquitto ? 'mosquitto (MQTT_URL)' : 'embedded',
    gateways: G,
    devicesPerGateway: D,
    pointsPerMessage: D * meterPointCount(),
    serverIngestEnv: ingestEnv,
    server: args.entry ?? 'apps/server/dist/main.js',
    ...reported,
    serverAlarmLatencyBuckets: serverAlarmBuckets,
    serverThread,
    ...(args['find-sustained'] ? { steps } : {}),
    ceiling: { ...ceiling, cpuLeftToDatabase: ceilingCpuLeft },
    sustainedPointsPerSec: sustainedStep?.storedPointsPerSec ?? null,
    sustainedOverCeiling: ratio,
    idleCoresBeforeRun: idleBeforeRun,
  };
  console.log(JSON.stringify(result, null, 2));
  const ceilingText = `ceiling ${ceiling.pointsPerSec} points/s (${lanes} lane(s), cpu left ${ceilingCpuLeft}/${ceiling.cpu.cores})`;
  const cpuText = `cpu left to server ${reported.cpu.leftToServer}/${reported.cpu.cores} (server ${reported.cpu.byGroup.server}, postgres ${reported.cpu.byGroup.postgres ?? 0}, bench ${reported.cpu.byGroup.bench}, others ${reported.cpu.others}, idle ${reported.cpu.idle})`;
  const loadText = `load ${reported.loadAverage1m.start}/${reported.loadAverage1m.end}`;
  console.log(
    sustainedStep
      ? `SUMMARY ${database.backend}: sustained ${sustainedStep.storedPointsPerSec} points/s (offered ${sustainedStep.offeredPointsPerSec}; ack p99 ${sustainedStep.ackLatencyMs.p99} ms; alarm p99 ${sustainedStep.alarmLatencyMs.p99} ms) = ${(ratio! * 100).toFixed(0)} % of ${ceilingText}; ${cpuText}; ${loadText}` +
          (args['find-sustained'] && steps.every((s) => s.current) ? '; the highest rate asked for was sustained: raise --gateways/--devices or lower --interval' : '')
      : `SUMMARY ${database.backend}: NOT sustained at offered ${reported.offeredPointsPerSec} (stored ${reported.storedPointsPerSec} points/s while ${reported.why}; alarm p99 ${reported.alarmLatencyMs.p99} ms); ${ceilingText}; ${cpuText}; ${loadText}` +
          (args['find-sustained'] ? '' : '; try --find-sustained'),
  );
  await database.dispose();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
