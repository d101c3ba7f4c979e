import net from 'node:net';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRuntime } from './runtime.js';
import { openDatabase } from './db/database.js';
import { tempDir, testConfig } from './test-support/backends.js';
import { freePort } from './test-support/mosquitto.js';

/**
 * Issue 25 "a clean first start": a taken port fails before the database is touched, a start that fails later
 * has created (and so printed) no first administrator, and a real install runs no simulator.
 */
describe('a clean first start', () => {
  const dirs: string[] = [];
  const holder = net.createServer();
  let held: number;
  beforeAll(async () => {
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', () => r()));
    held = (holder.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((r) => holder.close(() => r()));
    for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
  });
  const newDir = async () => {
    const dir = await tempDir('gridops-first-');
    dirs.push(dir);
    return dir;
  };
  // A real install's first start: no demo, no ADMIN_PASSWORD (a one-time password would be printed).
  const realInstall = (dir: string, more: Record<string, string> = {}) =>
    testConfig({ HOST: '127.0.0.1', DATA_DIR: dir, PORT: '0', MQTT_TCP_PORT: '0', MQTT_WS_PORT: '0', SEED_DEMO: '0', SIMULATOR: '', ...more });

  const users = async (dir: string) => {
    const database = await openDatabase({ databaseUrl: undefined, pgliteDir: path.join(dir, 'pglite') });
    try {
      return await database.db.selectFrom('users').select('username').execute();
    } finally {
      await database.close();
    }
  };

  it.each([
    ['PORT', 'HTTP'],
    ['MQTT_WS_PORT', 'MQTT WebSocket (browsers)'],
    ['MQTT_TCP_PORT', 'MQTT TCP (gateways)'],
  ])('a taken %s fails at once, naming port and setting, with no database created', async (setting, purpose) => {
    const dir = await newDir();
    await expect(startRuntime(realInstall(dir, { [setting]: String(held) }), { logger: false })).rejects.toThrow(
      `${purpose} port ${held} (${setting}) is taken by another program; choose another with ${setting}`,
    );
    // Nothing under DATA_DIR: no PGlite database, so nothing migrated and no administrator created.
    expect(await fs.readdir(dir)).toEqual([]);
  }, 60_000);

  it('a taken TLS port fails the same way', async () => {
    const dir = await newDir();
    const tls = { MQTT_TLS_CERT: path.join(dir, 'none.crt'), MQTT_TLS_KEY: path.join(dir, 'none.key') };
    await expect(startRuntime(realInstall(dir, { ...tls, MQTT_TLS_PORT: String(held), MQTT_WSS_PORT: '0' }), { logger: false })).rejects.toThrow(
      `MQTT over TLS (gateways) port ${held} (MQTT_TLS_PORT) is taken by another program`,
    );
    expect(await fs.readdir(dir)).toEqual([]);
  }, 60_000);

  it('two settings naming one port are refused before anything starts', async () => {
    const dir = await newDir();
    const port = await freePort();
    await expect(startRuntime(realInstall(dir, { PORT: String(port), MQTT_WS_PORT: String(port) }), { logger: false })).rejects.toThrow(
      `MQTT_WS_PORT and PORT both name port ${port}`,
    );
    expect(await fs.readdir(dir)).toEqual([]);
  }, 60_000);

  it('a start that fails after migrating has created no administrator (no one-time password printed and lost)', async () => {
    const dir = await newDir();
    // TLS files that are not there: found only when the broker starts, after the database was migrated.
    const tls = { MQTT_TLS_CERT: path.join(dir, 'none.crt'), MQTT_TLS_KEY: path.join(dir, 'none.key'), MQTT_TLS_PORT: '0', MQTT_WSS_PORT: '0' };
    await expect(startRuntime(realInstall(dir, tls), { logger: false })).rejects.toThrow(/MQTT_TLS_CERT/);
    expect(await users(dir)).toEqual([]);

    // The next, successful start creates it.
    const rt = await startRuntime(realInstall(dir), { logger: false });
    await rt.close();
    expect(await users(dir)).toEqual([{ username: 'admin' }]);
  }, 180_000);

  it('a real install runs no simulator unless SIMULATOR=on', async () => {
    const off = await startRuntime(realInstall(await newDir()), { logger: false });
    try {
      expect(off.simulatorRunning).toBe(false);
    } finally {
      await off.close();
    }
    const on = await startRuntime(realInstall(await newDir(), { SIMULATOR: 'on' }), { logger: false });
    try {
      expect(on.simulatorRunning).toBe(true);
    } finally {
      await on.close();
    }
  }, 180_000);
});
