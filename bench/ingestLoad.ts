/**
 * Ingest load benchmark. Usage:
 *   npx tsx bench/ingestLoad.ts [--backend pglite|postgres] [--gateways 40] [--devices 50] [--interval 1000] [--duration 30]
 *
 * Starts the real server (apps/server/dist/main.js, simulator off) on a fresh database holding the demo
 * organisation plus a load-test site of G gateways × D meters (11 points each, with two alarm rules per
 * meter), then:
 *  - every gateway publishes all its points every interval (QoS 1). The server acknowledges a message only
 *    after its batch has committed, so acknowledged points/s = stored points/s;
 *  - an alarm gateway toggles a smoke detector every --alarm-every ms (each 0→1 raises a level-4 alarm); a WebSocket MQTT client logged in as the
 *    centre user (what the console does) measures publish → receipt latency of each pushed alarm.
 * Prints the figures; record them in docs/performance.md.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { clientTopics, deviceCatalog, gatewayTopics } from '../packages/contract/src/index.js';
import { migrate, openDatabase, type Db } from '../apps/server/src/db/database.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';
import { hashSecret } from '../apps/server/src/lib/secretHash.js';
import { issueGatewaySecret } from '../apps/server/src/modules/mqtt-auth/gatewaySecrets.js';
import { createUserService } from '../apps/server/src/modules/user/service.js';

const { values: args } = parseArgs({
  options: {
    backend: { type: 'string', default: 'pglite' },
    gateways: { type: 'string', default: '40' },
    devices: { type: 'string', default: '50' },
    interval: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '5' },
    'alarm-every': { type: 'string', default: '250' },
  },
});
const G = Number(args.gateways);
const D = Number(args.devices);
const INTERVAL = Number(args.interval);
const DURATION = Number(args.duration) * 1000;
const WARMUP = Number(args.warmup) * 1000;
const root = path.resolve(import.meta.dirname, '..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};

async function seedLoadSite(db: Db) {
  await seedDemo(db, { energyHistoryDays: 0 });
  const org = await db.selectFrom('organizations').select('id').where('tier', '=', 1).executeTakeFirstOrThrow();
  const project = await db
    .insertInto('projects')
    .values({ org_id: org.id, name: '负载测试站', name_en: 'Load test site', latitude: 31.23, longitude: 121.47, energy_types: ['power'] })
    .returning('id')
    .executeTakeFirstOrThrow();
  const points = deviceCatalog.meter.points;
  const gws: { sn: string; secret: string }[] = [];
  for (let g = 0; g < G; g++) {
    const sn = `LOAD-${g}`;
    const secret = `load-secret-${g}`;
    const gw = await db.insertInto('gateways').values({ project_id: project.id, sn, secret_hash: hashSecret(secret), name: sn, heartbeat_s: 3600 }).returning('id').executeTakeFirstOrThrow();
    const devices = await db
      .insertInto('devices')
      .values(Array.from({ length: D }, (_, d) => ({ project_id: project.id, room_id: null, gateway_id: gw.id, parent_id: null, sn: `M${d}`, kind: 'meter', name: `表${d}`, props: '{}' })))
      .returning('id')
      .execute();
    await db
      .insertInto('device_points')
      .values(devices.flatMap((dev) => points.map((p, i) => ({ device_id: dev.id, key: p.key, name: p.name, name_en: p.name_en, unit: p.unit, kind: p.kind, precision: p.precision, sort: i }))))
      .execute();
    await db
      .insertInto('alarm_rules')
      .values(
        devices.flatMap((dev) => [
          { project_id: project.id, device_kind: null, device_id: dev.id, point_key: 'P', kind: 'high' as const, threshold: 1e6, level: 2, event_type: 2, name: '功率越限', name_en: 'Power high' },
          { project_id: project.id, device_kind: null, device_id: dev.id, point_key: 'Ia', kind: 'high' as const, threshold: 1e6, deadband: 5, on_delay_s: 10, level: 2, event_type: 2, name: '电流越限', name_en: 'Current high' },
        ]),
      )
      .execute();
    gws.push({ sn, secret });
  }
  // The alarm source: the demo Shanghai gateway's environment sensor (smoke: digital rule, level 4).
  const alarmGw = { sn: 'GW-SHZJ-01', secret: await issueGatewaySecret(db, 'GW-SHZJ-01') };
  // A console login session: its MQTT credentials are the ones userinfo hands the browser.
  const login = await createUserService(db).login('centre', 'demo1234', { ip: '127.0.0.1', deviceType: 'pc', sessionTtlHours: 24, maxFailures: 5, windowMinutes: 15 });
  const centre = { id: login.userInfo.id, org_id: login.userInfo.org_id, mqtt: login.userInfo.mqtt };
  return { gws, alarmGw, centre };
}

async function main() {
  const backend = args.backend === 'postgres' ? 'postgres' : 'pglite';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gridops-bench-'));
  let databaseUrl = '';
  let dropDb: (() => Promise<void>) | null = null;
  if (backend === 'postgres') {
    const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `gridops_bench_${Date.now()}`;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    const u = new URL(admin);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDb = async () => {
      const c2 = new pg.Client({ connectionString: admin });
      await c2.connect();
      await c2.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c2.end();
    };
  }
  const database = await openDatabase({ databaseUrl: databaseUrl || undefined, pgliteDir: path.join(dataDir, 'pglite') });
  await migrate(database.db);
  const { gws, alarmGw, centre } = await seedLoadSite(database.db);
  await database.close();

  const [port, tcp, ws] = [await freePort(), await freePort(), await freePort()];
  const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', MQTT_TCP_PORT: String(tcp), MQTT_WS_PORT: String(ws), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SEED_DEMO: '0', SIMULATOR: 'off', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/config.json`)).ok) break;
    } catch {
      /* starting */
    }
    if (i > 300) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }

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

  const points = deviceCatalog.meter.points.map((p) => p.key);
  let ackedPoints = 0;
  let ackedMessages = 0;
  const clients: MqttClient[] = [];
  const timers: NodeJS.Timeout[] = [];
  for (const [gi, g] of gws.entries()) {
    const c = await mqtt.connectAsync(`mqtt://127.0.0.1:${tcp}`, { username: g.sn, password: g.secret, clientId: `gw-${g.sn}`, clean: false });
    clients.push(c);
    const send = () => {
      const ts = Date.now();
      // Within every point's sane range (a power factor above 1 is refused as out_of_range).
      const devices = Array.from({ length: D }, (_, d) => ({ sn: `M${d}`, values: Object.fromEntries(points.map((k, i) => [k, k === 'PF' ? 0.95 : 100 + ((ts / 1000 + d + i) % 50)])) }));
      c.publishAsync(gatewayTopics(g.sn).telemetry, JSON.stringify({ ts, devices }), { qos: 1 }).then(
        () => {
          if (measuring) {
            ackedPoints += D * points.length;
            ackedMessages++;
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
  measuring = true;
  const t0 = Date.now();
  await new Promise((r) => setTimeout(r, DURATION));
  measuring = false;
  const seconds = (Date.now() - t0) / 1000;
  for (const t of timers) clearInterval(t);
  const offered = (G * D * points.length * 1000) / INTERVAL;

  const result = {
    backend,
    gateways: G,
    devicesPerGateway: D,
    pointsPerMessage: D * points.length,
    intervalMs: INTERVAL,
    offeredPointsPerSec: Math.round(offered),
    storedPointsPerSec: Math.round(ackedPoints / seconds),
    ackedMessagesPerSec: Math.round(ackedMessages / seconds),
    alarmPushes: latencies.length,
    alarmLatencyMs: { p50: pct(latencies, 50), p95: pct(latencies, 95), p99: pct(latencies, 99), max: Math.max(...latencies) },
    cpus: os.cpus().length,
  };
  console.log(JSON.stringify(result, null, 2));
  for (const c of [...clients, alarmClient, listener]) c.end(true);
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await dropDb?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
