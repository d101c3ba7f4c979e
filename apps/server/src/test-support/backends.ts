import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, type AppConfig } from '../config.js';
import { buildApp } from '../app.js';
import { migrate, openDatabase, type Database, type DatabaseOptions } from '../db/database.js';
import { seedDemo } from '../seed/demo.js';
import { pgliteAssets, pgliteTemplate, postgresTemplate, type TemplateVariant } from './templates.js';

export type BackendKind = 'pglite' | 'postgres';

/**
 * The back ends integration tests run against: PGlite always, PostgreSQL when TEST_DATABASE_URL is set
 * (.ci/run sets it; `npm test` insists on it under CI so a missing server cannot silently skip the suite).
 */
export const backends: BackendKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  databaseUrl?: string;
  pgliteDir?: string;
  /** PGlite's start: the template's data directory (when one was asked for) and the compiled module. */
  pglite?: DatabaseOptions['pglite'];
  /** Opens it (openDatabase with the fields above). */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

/**
 * A fresh database: in-memory PGlite, or a new PostgreSQL database dropped afterwards. Empty, or with `template`
 * a copy of this run's migrated (`'migrated'`) or migrated and demo-seeded (`'seeded'`, no energy history)
 * template (test-support/templates.ts); `migrate` and `seedDemo` on it then find nothing left to do.
 */
export async function createTestDatabase(kind: BackendKind, opts: { template?: TemplateVariant } = {}): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const loadDataDir = opts.template ? await pgliteTemplate(opts.template) : undefined;
    const pglite = { ...pgliteAssets(), ...(loadDataDir ? { loadDataDir } : {}) };
    return { pgliteDir: 'memory://', pglite, open: () => openDatabase({ pgliteDir: 'memory://', pglite }), drop: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const template = opts.template ? await postgresTemplate(adminUrl, opts.template) : undefined;
  const name = `gridops_t_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    open: () => openDatabase({ databaseUrl: url.toString() }),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function tempDir(prefix = 'gridops-test-'): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix));
}

/** The stored-secrets key of test servers (tests read sealed columns with it). */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 0x5e).toString('base64');

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  // No 400-day energy history unless a test asks for it: it costs seconds per seeded database.
  // No automation of auxiliary devices unless a test asks for it: the demo rules would switch devices under other tests.
  // A fixed stored-secrets key: no secrets.key written under the working directory's ./data by tests.
  return loadConfig({ LOG_LEVEL: 'silent', SIMULATOR: 'off', SEED_DEMO: 'off', SEED_HISTORY_DAYS: '0', WEB_DIR: '/nonexistent', AUX_AUTOMATION_TICK_MS: '0', SECRETS_KEY: TEST_SECRETS_KEY, ...overrides });
}

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>['app'];
  services: Awaited<ReturnType<typeof buildApp>>['services'];
  database: Database;
  close(): Promise<void>;
}

/** The HTTP app on a fresh, migrated and (by default) demo-seeded database, for `app.inject` tests. */
export async function startTestApp(kind: BackendKind, opts: { seed?: boolean; env?: Record<string, string>; energyHistoryDays?: number } = {}): Promise<TestApp> {
  const seed = opts.seed ?? true;
  // Without months of seeded counter history unless asked: it costs seconds and most tests never read it.
  const historyDays = opts.energyHistoryDays ?? 0;
  // The common cases come from this run's templates; a seed with history starts from the migrated one.
  const tdb = await createTestDatabase(kind, { template: seed && historyDays === 0 ? 'seeded' : 'migrated' });
  const database = await tdb.open();
  await migrate(database.db);
  if (seed) await seedDemo(database.db, { energyHistoryDays: historyDays });
  const { app, services } = await buildApp({ config: testConfig(opts.env), db: database.db, logger: false });
  await app.ready();
  return {
    app,
    services,
    database,
    close: async () => {
      await app.close();
      await database.close();
      await tdb.drop();
    },
  };
}

export const apiHeaders = (token?: string, extra: Record<string, string> = {}) => ({
  version: '1.0',
  devicetype: 'pc',
  ...(token ? { token } : {}),
  ...extra,
});

/** Logs a demo user in through the API and returns the token. */
export async function loginAs(app: TestApp['app'], username: string, password = 'demo1234'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/v6/user/login', headers: apiHeaders(), payload: { username, password } });
  const body = res.json<{ code: number; data: { token: string } }>();
  if (body.code !== 1) throw new Error(`login ${username} failed: ${res.body}`);
  return body.data.token;
}

/** A console login as the web app does it: the session's MQTT credentials and a client id of this user's. */
export async function consoleMqttLogin(app: TestApp['app'], username: string, password = 'demo1234') {
  const res = await app.inject({ method: 'POST', url: '/api/v6/user/login', headers: apiHeaders(), payload: { username, password } });
  const body = res.json<{ code: number; data: { token: string; userInfo: { id: number; org_id: number; mqtt: { username: string; pass: string } } } }>();
  if (body.code !== 1) throw new Error(`login ${username} failed: ${res.body}`);
  const { id, org_id, mqtt } = body.data.userInfo;
  return {
    token: body.data.token,
    id,
    org_id,
    /** Options for mqtt.connect: the session's credentials and a client id derived from the user. */
    mqttOptions: (suffix = Math.random().toString(16).slice(2, 10)) => ({
      username: mqtt.username,
      password: mqtt.pass,
      clientId: `gridops_web_${id}_${suffix}`,
      reconnectPeriod: 0,
    }),
  };
}
