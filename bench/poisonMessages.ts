/**
 * Poison-message benchmark (issue 9, item 2). Usage:
 *   npx tsx bench/poisonMessages.ts [--backend pglite|postgres] [--gateways 20] [--devices 10] [--interval 1000]
 *     [--poison 100] [--poison-seconds 10] [--warmup 5] [--after 5] [--server apps/server/dist/main.js]
 *
 * Starts the real server (apps/server/dist/main.js, simulator off) on a fresh database holding the demo
 * organisation, a load-test site of G well-behaved simulated gateways × D meters, and a gateway of another tenant
 * that sends --poison hostile messages spread over --poison-seconds while the others keep publishing every
 * --interval ms: values of 1e308 and 1.5e308 in one hour (which overflowed the rollup sum and failed the whole
 * batch), a non-finite value, a negative energy counter, a timestamp 23 h ahead, garbage, and a point the
 * database no longer has (deleted after the server loaded its catalogue; PostgreSQL only, where the bench can
 * reach the database while the server runs).
 *
 * Reports, for the well-behaved gateways: the maximum data age (now − measurement time of the newest message
 * the server acknowledged, i.e. committed, sampled every 100 ms from the first poison message to --after s after
 * the last) and the number of disconnects; for the poison gateway: messages acknowledged, disconnects, and the
 * reject counts by cause from ingest_rejects. Record the figures in docs/security.md.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { deviceCatalog, gatewayTopics } from '../packages/contract/src/index.js';
import { migrate, openDatabase, type Db } from '../apps/server/src/db/database.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';

const { values: args } = parseArgs({
  options: {
    backend: { type: 'string', default: 'pglite' },
    gateways: { type: 'string', default: '20' },
    devices: { type: 'string', default: '10' },
    interval: { type: 'string', default: '1000' },
    poison: { type: 'string', default: '100' },
    'poison-seconds': { type: 'string', default: '10' },
    warmup: { type: 'string', default: '5' },
    after: { type: 'string', default: '5' },
    server: { type: 'string', default: 'apps/server/dist/main.js' },
  },
});
const G = Number(args.gateways);
const D = Number(args.devices);
const INTERVAL = Number(args.interval);
const POISON = Number(args.poison);
const POISON_MS = Number(args['poison-seconds']) * 1000;
const WARMUP = Number(args.warmup) * 1000;
const AFTER = Number(args.after) * 1000;
const root = path.resolve(import.meta.dirname, '..');
const HOUR = 3600_000;
const POISON_SN = 'POISON-1';
const GHOST_KEY = 'X9';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function seed(db: Db) {
  await seedDemo(db, { energyHistoryDays: 0 });
  const org = await db.selectFrom('organizations').select('id').where('tier', '=', 1).executeTakeFirstOrThrow();
  const project = await db
    .insertInto('projects')
    .values({ org_id: org.id, name: '负载测试站', name_en: 'Load test site', latitude: 31.23, longitude: 121.47, energy_types: ['power'] })
    .returning('id')
    .executeTakeFirstOrThrow();
  const points = deviceCatalog.meter.points;
  const addGateway = async (projectId: number, sn: string, devices: number) => {
    const secret = `secret-${sn}`;
    const gw = await db.insertInto('gateways').values({ project_id: projectId, sn, secret, name: sn, heartbeat_s: 3600 }).returning('id').executeTakeFirstOrThrow();
    const devs = await db
      .insertInto('devices')
      .values(Array.from({ length: devices }, (_, d) => ({ project_id: projectId, room_id: null, gateway_id: gw.id, parent_id: null, sn: `M${d}`, kind: 'meter', name: `表${d}`, props: '{}' })))
      .returning('id')
      .execute();
    await db
      .insertInto('device_points')
      .values(devs.flatMap((dev) => points.map((p, i) => ({ device_id: dev.id, key: p.key, name: p.name, name_en: p.name_en, unit: p.unit, kind: p.kind, precision: p.precision, sort: i }))))
      .execute();
    return { sn, secret, firstDeviceId: devs[0]!.id };
  };
  const good = [];
  for (let g = 0; g < G; g++) good.push(await addGateway(project.id, `LOAD-${g}`, D));
  // The hostile gateway belongs to another customer altogether.
  const otherOrg = await db.insertInto('organizations').values({ parent_id: null, name: '其他客户', name_en: 'Other tenant', tier: 1, code: 'OT-POISON' }).returning('id').executeTakeFirstOrThrow();
  const otherProject = await db
    .insertInto('projects')
    .values({ org_id: otherOrg.id, name: '其他客户站', name_en: 'Other tenant site', latitude: 30, longitude: 120, energy_types: ['power'] })
    .returning('id')
    .executeTakeFirstOrThrow();
  const poison = await addGateway(otherProject.id, POISON_SN, 1);
  const ghost = await db
    .insertInto('device_points')
    .values({ device_id: poison.firstDeviceId, key: GHOST_KEY, name: '临时', name_en: 'Temporary', unit: 'kW', kind: 'analog', precision: 1, sort: 99 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { good, poison, ghostPointId: ghost.id };
}

/** The i-th hostile message: cycles through every kind of poison (payload as sent on the wire). */
function poisonPayload(i: number): string {
  const now = Date.now();
  const hour = Math.floor(now / HOUR) * HOUR;
  const ts = hour + (i % 3_000_000); // distinct timestamps in the current hour
  switch (i % 7) {
    case 0:
      return JSON.stringify({ ts, devices: [{ sn: 'M0', values: { P: 1e308, Ua: 230 } }] });
    case 1:
      return JSON.stringify({ ts, devices: [{ sn: 'M0', values: { P: 1.5e308, Q: -1.7e308 } }] });
    case 2:
      return `{"ts":${ts},"devices":[{"sn":"M0","values":{"P":1e400}}]}`;
    case 3:
      return JSON.stringify({ ts, devices: [{ sn: 'M0', values: { EP: -5, Ia: 12 } }] });
    case 4:
      return JSON.stringify({ ts: now + 23 * HOUR, devices: [{ sn: 'M0', values: { P: 1, Ua: 231 } }] });
    case 5:
      return '{"ts": "soon", "devices": [{]';
    default:
      return JSON.stringify({ ts, devices: [{ sn: 'M0', values: { [GHOST_KEY]: 5 } }] });
  }
}

async function main() {
  const backend = args.backend === 'postgres' ? 'postgres' : 'pglite';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gridops-poison-'));
  let databaseUrl = '';
  let dropDb: (() => Promise<void>) | null = null;
  const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (backend === 'postgres') {
    const name = `gridops_poison_${Date.now()}`;
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
  const openDb = () => openDatabase({ databaseUrl: databaseUrl || undefined, pgliteDir: path.join(dataDir, 'pglite') });
  let database = await openDb();
  await migrate(database.db);
  const { good, poison, ghostPointId } = await seed(database.db);
  await database.close();

  const [port, tcp, ws] = [await freePort(), await freePort(), await freePort()];
  const server = spawn(process.execPath, [path.resolve(root, args.server)], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', MQTT_TCP_PORT: String(tcp), MQTT_WS_PORT: String(ws), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SEED_DEMO: '0', SIMULATOR: 'off', LOG_LEVEL: 'fatal' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/config.json`)).ok) break;
    } catch {
      /* starting */
    }
    if (i > 300) throw new Error('server did not start');
    await sleep(200);
  }
  // The server has loaded its point catalogue: now the ghost point exists only there (PostgreSQL only; PGlite
  // belongs to the server process while it runs).
  if (backend === 'postgres') {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query('DELETE FROM device_points WHERE id = $1', [ghostPointId]);
    await c.end();
  }

  const points = deviceCatalog.meter.points.map((p) => p.key);
  const lastAckedTs = new Map<string, number>();
  /** Set before the bench closes its own connections, which are not disconnects. */
  let ending = false;
  let goodDisconnects = 0;
  let goodAcked = 0;
  const clients: MqttClient[] = [];
  const timers: NodeJS.Timeout[] = [];
  for (const [gi, g] of good.entries()) {
    const c = await mqtt.connectAsync(`mqtt://127.0.0.1:${tcp}`, { username: g.sn, password: g.secret, clientId: `gw-${g.sn}`, clean: false, reconnectPeriod: 500 });
    c.on('close', () => {
      if (!ending) goodDisconnects++;
    });
    clients.push(c);
    const send = () => {
      const ts = Date.now();
      const devices = Array.from({ length: D }, (_, d) => ({ sn: `M${d}`, values: Object.fromEntries(points.map((k, i) => [k, k === 'PF' ? 0.95 : 100 + ((ts / 1000 + d + i) % 50)])) }));
      c.publishAsync(gatewayTopics(g.sn).telemetry, JSON.stringify({ ts, devices }), { qos: 1 }).then(
        () => {
          goodAcked++;
          lastAckedTs.set(g.sn, Math.max(lastAckedTs.get(g.sn) ?? 0, ts));
        },
        () => undefined,
      );
    };
    setTimeout(() => timers.push(setInterval(send, INTERVAL)), (gi * INTERVAL) / G);
  }
  const poisonClient = await mqtt.connectAsync(`mqtt://127.0.0.1:${tcp}`, { username: poison.sn, password: poison.secret, clientId: `gw-${poison.sn}`, clean: false, reconnectPeriod: 500 });
  let poisonDisconnects = 0;
  poisonClient.on('close', () => {
    if (!ending) poisonDisconnects++;
  });

  await sleep(WARMUP);
  let maxAge = 0;
  const sampler = setInterval(() => {
    const now = Date.now();
    for (const g of good) maxAge = Math.max(maxAge, now - (lastAckedTs.get(g.sn) ?? 0));
  }, 100);
  const disconnectsBefore = goodDisconnects;
  let poisonAcked = 0;
  const poisonSends: Promise<void>[] = [];
  for (let i = 0; i < POISON; i++) {
    poisonSends.push(poisonClient.publishAsync(gatewayTopics(poison.sn).telemetry, poisonPayload(i), { qos: 1 }).then(() => void poisonAcked++, () => undefined));
    await sleep(POISON_MS / POISON);
  }
  await sleep(AFTER);
  clearInterval(sampler);
  for (const t of timers) clearInterval(t);
  // Poison still unacknowledged after --after seconds would be resent forever by a store-and-forward gateway.
  const pendingPoison = POISON - poisonAcked;

  ending = true;
  for (const c of [...clients, poisonClient]) c.end(true);
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  database = await openDb();
  const rejects = await database.db.selectFrom('ingest_rejects').select(['gateway_sn', 'cause', 'count']).orderBy('gateway_sn').orderBy('cause').execute();
  await database.close();

  const result = {
    backend,
    goodGateways: G,
    pointsPerGoodMessage: D * points.length,
    intervalMs: INTERVAL,
    poisonMessagesSent: POISON,
    poisonSeconds: POISON_MS / 1000,
    poisonAcknowledged: poisonAcked,
    poisonUnacknowledged: pendingPoison,
    poisonGatewayDisconnects: poisonDisconnects,
    otherGatewaysMaxDataAgeMs: maxAge,
    otherGatewaysDisconnects: goodDisconnects - disconnectsBefore,
    otherGatewaysMessagesAcknowledged: goodAcked,
    rejects: Object.fromEntries(rejects.map((r) => [`${r.gateway_sn}/${r.cause}`, Number(r.count)])),
    cpus: os.cpus().length,
  };
  console.log(JSON.stringify(result, null, 2));
  await dropDb?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
