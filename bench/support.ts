/**
 * What the benchmarks that run the real server share: a scratch database on either back end, the server
 * process on free ports, and a load-test site of simulated meter gateways. Kept here so that every bench
 * seeds and starts the same way (and a schema change breaks them all at type-check time, not at run time).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { deviceCatalog } from '../packages/contract/src/index.js';
import { migrate, openDatabase, type Database, type Db } from '../apps/server/src/db/database.js';
import { hashSecret } from '../apps/server/src/lib/secretHash.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';

export const root = path.resolve(import.meta.dirname, '..');
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** The p-th percentile (nearest rank) of the samples; NaN when there are none. */
export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};

export interface BenchDatabase {
  backend: 'pglite' | 'postgres';
  dataDir: string;
  /** Empty for the embedded PGlite in dataDir. */
  databaseUrl: string;
  open: () => Promise<Database>;
  dispose: () => Promise<void>;
}

/** A fresh, migrated database: PGlite in a temporary folder, or a new PostgreSQL database (dropped at dispose). */
export async function benchDatabase(backendArg: string | undefined, prefix: string): Promise<BenchDatabase> {
  const backend = backendArg === 'postgres' ? 'postgres' : 'pglite';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `gridops-${prefix}-`));
  const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `gridops_${prefix}_${Date.now()}`;
  const adminQuery = async (text: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(text);
    await c.end();
  };
  let databaseUrl = '';
  if (backend === 'postgres') {
    await adminQuery(`CREATE DATABASE ${name}`);
    const u = new URL(admin);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
  }
  const open = () => openDatabase({ databaseUrl: databaseUrl || undefined, pgliteDir: path.join(dataDir, 'pglite') });
  const first = await open();
  await migrate(first.db);
  await first.close();
  return {
    backend,
    dataDir,
    databaseUrl,
    open,
    dispose: async () => {
      if (backend === 'postgres') await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface BenchServer {
  port: number;
  mqttTcpPort: number;
  mqttWsPort: number;
  stop: () => Promise<void>;
}

/** The built server (simulator off, no demo seed of its own) on free ports; resolves once it answers HTTP. */
export async function startBenchServer(database: BenchDatabase, opts: { entry?: string; logLevel?: string; env?: Record<string, string> } = {}): Promise<BenchServer> {
  const [port, mqttTcpPort, mqttWsPort] = [await freePort(), await freePort(), await freePort()];
  const child: ChildProcess = spawn(process.execPath, [path.resolve(root, opts.entry ?? 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MQTT_TCP_PORT: String(mqttTcpPort),
      MQTT_WS_PORT: String(mqttWsPort),
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl,
      SEED_DEMO: '0',
      SIMULATOR: 'off',
      LOG_LEVEL: opts.logLevel ?? 'warn',
      ...opts.env,
    },
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
  return {
    port,
    mqttTcpPort,
    mqttWsPort,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

export interface MeterGateway {
  sn: string;
  secret: string;
  firstDeviceId: number;
}

/** The demo organisation plus an empty load-test project in its top organisation. */
/** A counter from the server's /metrics (Prometheus text), e.g. gridops_ingest_points_total. */
export async function metricValue(port: number, name: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const m = new RegExp(`^${name} ([0-9.e+]+)$`, 'm').exec(text);
  return m ? Number(m[1]) : NaN;
}

export async function seedLoadProject(db: Db): Promise<{ orgId: number; projectId: number }> {
  await seedDemo(db, { energyHistoryDays: 0 });
  const org = await db.selectFrom('organizations').select('id').where('tier', '=', 1).executeTakeFirstOrThrow();
  const project = await db
    .insertInto('projects')
    .values({ org_id: org.id, name: '负载测试站', name_en: 'Load test site', latitude: 31.23, longitude: 121.47, energy_types: ['power'] })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { orgId: org.id, projectId: project.id };
}

/** A gateway `sn` with `devices` meters M0…M{n-1}, each with every point of the meter catalogue. */
export async function addMeterGateway(db: Db, projectId: number, sn: string, devices: number): Promise<MeterGateway & { deviceIds: number[] }> {
  const secret = `secret-${sn}`;
  const gw = await db.insertInto('gateways').values({ project_id: projectId, sn, secret_hash: hashSecret(secret), name: sn, heartbeat_s: 3600 }).returning('id').executeTakeFirstOrThrow();
  const devs = await db
    .insertInto('devices')
    .values(Array.from({ length: devices }, (_, d) => ({ project_id: projectId, room_id: null, gateway_id: gw.id, parent_id: null, sn: `M${d}`, kind: 'meter', name: `表${d}`, name_en: `Meter ${d}`, props: '{}' })))
    .returning('id')
    .execute();
  const points = deviceCatalog.meter.points;
  await db
    .insertInto('device_points')
    .values(devs.flatMap((dev) => points.map((p, i) => ({ device_id: dev.id, key: p.key, name: p.name, name_en: p.name_en, unit: p.unit, kind: p.kind, precision: p.precision, sort: i }))))
    .execute();
  return { sn, secret, firstDeviceId: devs[0]!.id, deviceIds: devs.map((d) => d.id) };
}

/** One telemetry message of `devices` meters at `ts`, every value within its point's sane range. */
export function meterTelemetry(ts: number, devices: number): string {
  const keys = deviceCatalog.meter.points.map((p) => p.key);
  return JSON.stringify({
    ts,
    devices: Array.from({ length: devices }, (_, d) => ({
      sn: `M${d}`,
      // A power factor above 1 is refused as out_of_range.
      values: Object.fromEntries(keys.map((k, i) => [k, k === 'PF' ? 0.95 : 100 + ((ts / 1000 + d + i) % 50)])),
    })),
  });
}

export const meterPointCount = () => deviceCatalog.meter.points.length;
