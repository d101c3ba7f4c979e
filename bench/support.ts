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
import readline from 'node:readline';
import pg from 'pg';
import { migrate, openDatabase, type Database, type Db } from '../apps/server/src/db/database.js';
import { addMeterGateway } from '../apps/server/src/test-support/loadSite.js';

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
  /** The server process (its RSS is in /proc/<pid>/status). */
  pid: number;
  mqttTcpPort: number;
  mqttWsPort: number;
  stop: () => Promise<void>;
}

/**
 * The built server (simulator off, no demo seed of its own) on free ports; resolves once it answers HTTP. With
 * `onStdoutLine`, the server's stdout (which carries the embedded simulator's) is read line by line, not printed.
 */
export async function startBenchServer(
  database: BenchDatabase,
  opts: { entry?: string; logLevel?: string; env?: Record<string, string>; nodeArgs?: string[]; onStdoutLine?: (line: string) => void } = {},
): Promise<BenchServer> {
  const [port, mqttTcpPort, mqttWsPort] = [await freePort(), await freePort(), await freePort()];
  const child: ChildProcess = spawn(process.execPath, [...(opts.nodeArgs ?? []), path.resolve(root, opts.entry ?? 'apps/server/dist/main.js')], {
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
    stdio: ['ignore', opts.onStdoutLine ? 'pipe' : 'inherit', 'inherit'],
  });
  if (opts.onStdoutLine && child.stdout) readline.createInterface({ input: child.stdout }).on('line', opts.onStdoutLine);
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
    pid: child.pid!,
    mqttTcpPort,
    mqttWsPort,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** A counter from the server's /metrics (Prometheus text), e.g. gridops_ingest_points_total. */
export async function metricValue(port: number, name: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const m = new RegExp(`^${name} ([0-9.e+]+)$`, 'm').exec(text);
  return m ? Number(m[1]) : NaN;
}

// The load-test site is shared with the cluster integration test (apps/server/src/test-support/loadSite.ts).
export { addMeterGateway, meterPointCount, meterTelemetry, seedLoadProject, type MeterGateway } from '../apps/server/src/test-support/loadSite.js';

/**
 * `count` meter gateways of `devices` meters each on the load-test site, every meter with the two threshold rules
 * a real site has (power high; current high with deadband and on-delay), set high enough never to fire: the alarm
 * path is exercised on every point without raising events.
 */
export async function addLoadGateways(db: Db, projectId: number, prefix: string, count: number, devices: number) {
  const gws: { sn: string; secret: string; gatewayId: number }[] = [];
  for (let g = 0; g < count; g++) {
    const gw = await addMeterGateway(db, projectId, `${prefix}-${g}`, devices);
    await db
      .insertInto('alarm_rules')
      .values(
        gw.deviceIds.flatMap((deviceId) => [
          { project_id: projectId, device_kind: null, device_id: deviceId, point_key: 'P', kind: 'high' as const, threshold: 1e6, level: 2, event_type: 2, name: '功率越限', name_en: 'Power high' },
          { project_id: projectId, device_kind: null, device_id: deviceId, point_key: 'Ia', kind: 'high' as const, threshold: 1e6, deadband: 5, on_delay_s: 10, level: 2, event_type: 2, name: '电流越限', name_en: 'Current high' },
        ]),
      )
      .execute();
    const row = await db.selectFrom('gateways').select('id').where('sn', '=', gw.sn).executeTakeFirstOrThrow();
    gws.push({ sn: gw.sn, secret: gw.secret, gatewayId: row.id });
  }
  return gws;
}
