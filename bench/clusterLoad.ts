/**
 * Cluster benchmark (docs/adr/0006-clustered-broker.md, docs/performance.md "Cluster"). Usage:
 *   npx tsx bench/clusterLoad.ts [--instances 1|2] [--redis on|off] [--gateways 20] [--devices 50] [--window 2]
 *                                [--duration 60] [--warmup 10] [--kill-every 0]
 *
 * PostgreSQL only (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres; a fresh database, dropped
 * afterwards). Starts the built server (apps/server/dist/main.js) `--instances` times; with `--redis on` (the
 * default with two instances) a `redis-server --save ''` on a free port, every instance with REDIS_URL, and
 * HAProxy (Debian's) in front of their MQTT ports. G gateways × D meters (11 points each, two alarm rules per
 * meter) publish QoS 1 telemetry as fast as they are acknowledged, each keeping `--window` messages in flight:
 * acknowledged points/s is the stored points/s at saturation.
 *
 * `--kill-every S`: every S seconds one instance (in turn) is killed with SIGKILL and started again on the same
 * ports (never both down: the next kill waits until the last one is ready again). Gateways reconnect through
 * HAProxy and resend what was not acknowledged. At the end the publishers stop, every message still in flight
 * is waited for, and the telemetry rows are counted: `lostPoints` = acknowledged points not in the database
 * (must be 0). Prints the figures with the load average; record them in docs/performance.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import mqtt, { type MqttClient } from 'mqtt';
import { sql } from 'kysely';
import { gatewayTopics } from '../packages/contract/src/index.js';
import { hasProgram, startHaproxy, startRedis, startServerProcess, type ServerProcess, type TestHaproxy, type TestRedis } from '../apps/server/src/test-support/cluster.js';
import { addLoadGateways, benchDatabase, meterPointCount, meterTelemetry, metricValue, seedLoadProject, sleep } from './support.js';

const { values: args } = parseArgs({
  options: {
    instances: { type: 'string', default: '2' },
    redis: { type: 'string' },
    gateways: { type: 'string', default: '20' },
    devices: { type: 'string', default: '50' },
    window: { type: 'string', default: '2' },
    duration: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '10' },
    'kill-every': { type: 'string', default: '0' },
  },
});
const INSTANCES = Number(args.instances);
const REDIS = (args.redis ?? (INSTANCES > 1 ? 'on' : 'off')) === 'on';
const G = Number(args.gateways);
const D = Number(args.devices);
const WINDOW = Number(args.window);
const DURATION = Number(args.duration) * 1000;
const WARMUP = Number(args.warmup) * 1000;
const KILL_EVERY = Number(args['kill-every']) * 1000;
if (INSTANCES > 1 && !REDIS) throw new Error('several instances need --redis on (one broker cluster)');
if (KILL_EVERY && INSTANCES < 2) throw new Error('--kill-every needs --instances 2 or more');

const loadAverage = () => os.loadavg().map((l) => Number(l.toFixed(2)));

async function main() {
  const loadAtStart = loadAverage();
  const database = await benchDatabase('postgres', 'cluster');
  const seeding = await database.open();
  const { projectId } = await seedLoadProject(seeding.db);
  const gws = await addLoadGateways(seeding.db, projectId, 'CLOAD', G, D);
  await seeding.close();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gridops-cluster-bench-'));
  let redis: TestRedis | null = null;
  let haproxy: TestHaproxy | null = null;
  const nodes: ServerProcess[] = [];
  const clients: MqttClient[] = [];
  let killing = KILL_EVERY > 0;
  let killer: Promise<void> = Promise.resolve();
  try {
    if (REDIS) redis = await startRedis(path.join(dir, 'redis'));
    const env = { DATABASE_URL: database.databaseUrl, ...(redis ? { REDIS_URL: redis.url } : {}) };
    for (let i = 0; i < INSTANCES; i++) {
      const name = String.fromCharCode(97 + i);
      nodes.push(await startServerProcess(name, env, { dataDir: path.join(dir, name), readyMs: 300_000 }));
    }
    if (REDIS) {
      if (!hasProgram('haproxy')) throw new Error('haproxy is not installed (apt-get install haproxy)');
      haproxy = await startHaproxy(path.join(dir, 'haproxy'), nodes.map((n) => ({ name: n.name, httpPort: n.httpPort, mqttTcpPort: n.mqttTcpPort })));
    }
    const url = haproxy ? `mqtt://127.0.0.1:${haproxy.mqttPort}` : `mqtt://127.0.0.1:${nodes[0]!.mqttTcpPort}`;

    const pointsPerMessage = D * meterPointCount();
    const base = Date.now() - 3_600_000;
    let running = true;
    let measuring = false;
    let ackedInWindow = 0;
    let acked = 0;
    let published = 0;
    let failed = 0;
    const failureSamples = new Set<string>();
    const loops: Promise<void>[] = [];
    for (const g of gws) {
      const c = await mqtt.connectAsync(url, { username: g.sn, password: g.secret, clientId: `gw-${g.sn}`, clean: false, reconnectPeriod: 200, connectTimeout: 10_000 });
      c.on('error', () => undefined);
      clients.push(c);
      let seq = 0;
      for (let w = 0; w < WINDOW; w++) {
        loops.push(
          (async () => {
            while (running) {
              published++;
              try {
                await c.publishAsync(gatewayTopics(g.sn).telemetry, meterTelemetry(base + seq++, D), { qos: 1 });
                acked++;
                if (measuring) ackedInWindow++;
              } catch (e) {
                failed++;
                if (failureSamples.size < 5) failureSamples.add(e instanceof Error ? e.message : String(e));
              }
            }
          })(),
        );
      }
    }

    // Kills: one instance at a time, started again on its ports at once; the next waits until it is ready.
    let kills = 0;
    if (killing) {
      killer = (async () => {
        for (let k = 0; killing; k++) {
          await sleep(KILL_EVERY);
          if (!killing) break;
          const i = k % nodes.length;
          const node = nodes[i]!;
          await node.kill('SIGKILL');
          kills++;
          nodes[i] = await startServerProcess(node.name, env, { dataDir: path.join(dir, node.name), readyMs: 300_000, ports: node });
        }
      })();
    }

    // /ready as HAProxy sees it: how often an instance said "not ready" during the run, and why.
    const notReady = new Map<string, number>();
    const readyPoller = setInterval(() => {
      for (const n of nodes) {
        void fetch(`${n.url}/ready`, { signal: AbortSignal.timeout(2000) })
          .then(async (r) => (r.status === 200 ? null : ((await r.json()) as { failing: string[] }).failing.join('+')))
          .catch((e: unknown) => (e instanceof Error && e.name === 'TimeoutError' ? 'no answer within 2 s' : 'down'))
          .then((why) => {
            if (why) notReady.set(`${n.name}: ${why}`, (notReady.get(`${n.name}: ${why}`) ?? 0) + 1);
          });
      }
    }, 1000);
    await sleep(WARMUP);
    const gatewaysByInstance = await Promise.all(
      nodes.map(async (n) => {
        const text = await fetch(`${n.url}/metrics`).then((r) => r.text()).catch(() => '');
        return Number(/^gridops_mqtt_connected_clients\{kind="gateway"\} (\d+)/m.exec(text)?.[1] ?? NaN);
      }),
    );
    // An instance just killed answers nothing: its counter is unknown (and restarts at 0 anyway).
    const metric = (name: string) => Promise.all(nodes.map((n) => metricValue(n.httpPort, name).catch(() => NaN)));
    const committed = () => metric('gridops_ingest_points_total');
    const committedBefore = await committed();
    const batchesBefore = { seconds: await metric('gridops_ingest_batch_seconds_sum'), count: await metric('gridops_ingest_batch_seconds_count') };
    measuring = true;
    const t0 = Date.now();
    await sleep(DURATION);
    measuring = false;
    const seconds = (Date.now() - t0) / 1000;
    const committedAfter = await committed();
    const batchesAfter = { seconds: await metric('gridops_ingest_batch_seconds_sum'), count: await metric('gridops_ingest_batch_seconds_count') };
    // The database's share: mean time to commit one batch (store, alarms, gateway touch) and its size.
    const batches = nodes.map((_, i) => {
      const count = batchesAfter.count[i]! - batchesBefore.count[i]!;
      return { batches: count, meanMs: Math.round(((batchesAfter.seconds[i]! - batchesBefore.seconds[i]!) / count) * 1000), pointsPerBatch: Math.round((committedAfter[i]! - committedBefore[i]!) / count) };
    });
    killing = false;
    running = false;
    clearInterval(readyPoller);
    await killer;
    // Every publisher ends with its last message acknowledged (resent after a reconnect if need be).
    await Promise.all(loops);
    const loadAtEnd = loadAverage();

    const check = await database.open();
    const stored = await sql<{ n: string }>`
      SELECT count(*) AS n FROM telemetry t JOIN device_points p ON p.id = t.point_id JOIN devices d ON d.id = p.device_id
      WHERE d.gateway_id IN (${sql.join(gws.map((g) => g.gatewayId))}) AND t.ts >= ${new Date(base)}`.execute(check.db);
    await check.close();
    const storedPoints = Number(stored.rows[0]!.n);

    const result = {
      date: new Date().toISOString(),
      instances: INSTANCES,
      redisCluster: REDIS,
      haproxy: Boolean(haproxy),
      gateways: G,
      pointsPerMessage,
      windowPerGateway: WINDOW,
      killEverySeconds: KILL_EVERY / 1000,
      kills,
      seconds: Math.round(seconds),
      storedPointsPerSec: Math.round((ackedInWindow * pointsPerMessage) / seconds),
      // Per instance, from /metrics (not meaningful when instances were restarted: their counters start again).
      gatewaysByInstance,
      committedPointsPerSecByInstance: kills ? null : committedAfter.map((v, i) => Math.round((v - committedBefore[i]!) / seconds)),
      batchesByInstance: kills ? null : batches,
      acknowledgedPoints: acked * pointsPerMessage,
      storedPoints,
      lostPoints: acked * pointsPerMessage - storedPoints,
      publishedMessages: published,
      failedPublishes: failed,
      failures: [...failureSamples],
      notReadyAnswers: Object.fromEntries(notReady),
      loadAverage: { start: loadAtStart, end: loadAtEnd },
      cpus: os.cpus().length,
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    killing = false;
    await killer.catch(() => undefined);
    for (const c of clients) c.end(true);
    await haproxy?.stop();
    for (const n of nodes) await n.stop();
    await redis?.stop();
    await database.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
