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
import os from 'node:os';
import { parseArgs } from 'node:util';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { gatewayTopics } from '../packages/contract/src/index.js';
import type { Db } from '../apps/server/src/db/database.js';
import { addMeterGateway, benchDatabase, meterPointCount, meterTelemetry, seedLoadProject, sleep, startBenchServer } from './support.js';

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
const HOUR = 3600_000;
const POISON_SN = 'POISON-1';
const GHOST_KEY = 'X9';

async function seed(db: Db) {
  const { projectId } = await seedLoadProject(db);
  const good = [];
  for (let g = 0; g < G; g++) good.push(await addMeterGateway(db, projectId, `LOAD-${g}`, D));
  // The hostile gateway belongs to another customer altogether.
  const otherOrg = await db.insertInto('organizations').values({ parent_id: null, name: '其他客户', name_en: 'Other tenant', tier: 1, code: 'OT-POISON' }).returning('id').executeTakeFirstOrThrow();
  const otherProject = await db
    .insertInto('projects')
    .values({ org_id: otherOrg.id, name: '其他客户站', name_en: 'Other tenant site', latitude: 30, longitude: 120, energy_types: ['power'] })
    .returning('id')
    .executeTakeFirstOrThrow();
  const poison = await addMeterGateway(db, otherProject.id, POISON_SN, 1);
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
  const database = await benchDatabase(args.backend, 'poison');
  const databaseUrl = database.databaseUrl;
  const seeding = await database.open();
  const { good, poison, ghostPointId } = await seed(seeding.db);
  await seeding.close();
  const server = await startBenchServer(database, { entry: args.server, logLevel: 'fatal' });
  const tcp = server.mqttTcpPort;
  // The server has loaded its point catalogue: now the ghost point exists only there (PostgreSQL only; PGlite
  // belongs to the server process while it runs).
  if (database.backend === 'postgres') {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query('DELETE FROM device_points WHERE id = $1', [ghostPointId]);
    await c.end();
  }

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
      c.publishAsync(gatewayTopics(g.sn).telemetry, meterTelemetry(ts, D), { qos: 1 }).then(
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
  await server.stop();
  const afterwards = await database.open();
  const rejects = await afterwards.db.selectFrom('ingest_rejects').select(['gateway_sn', 'cause', 'count']).orderBy('gateway_sn').orderBy('cause').execute();
  await afterwards.close();

  const result = {
    backend: database.backend,
    goodGateways: G,
    pointsPerGoodMessage: D * meterPointCount(),
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
  await database.dispose();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
