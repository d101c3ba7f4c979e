import net from 'node:net';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRuntime } from './runtime.js';
import { createTestDatabase, tempDir, testConfig } from './test-support/backends.js';
import { freePort } from './test-support/mosquitto.js';

/** Start failures name the service and the setting, and a failed start leaves no port open behind it. */
describe('start failures an operator can act on', () => {
  let dir: string;
  const holder = net.createServer();
  let held: number;
  beforeAll(async () => {
    dir = await tempDir('gridops-start-');
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', () => r()));
    held = (holder.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((r) => holder.close(() => r()));
    await fs.rm(dir, { recursive: true, force: true });
  });

  const env = (more: Record<string, string>) => testConfig({ HOST: '127.0.0.1', DATA_DIR: dir, PORT: '0', MQTT_TCP_PORT: '0', MQTT_WS_PORT: '0', ...more });

  it('names the database and DATABASE_URL when PostgreSQL is not there', async () => {
    const port = await freePort();
    await expect(startRuntime(env({ DATABASE_URL: `postgres://gridops:secret@127.0.0.1:${port}/gridops` }), { logger: false })).rejects.toThrow(
      new RegExp(`^database at DATABASE_URL \\(127\\.0\\.0\\.1:${port}\\) refused the connection`),
    );
  }, 180_000);

  it('names the broker and MQTT_URL when the external broker is not there', async () => {
    const port = await freePort();
    const started = startRuntime(env({ MQTT_URL: `mqtt://127.0.0.1:${port}`, MQTT_SERVICE_USERNAME: 'svc', MQTT_SERVICE_PASSWORD: 'pw' }), { logger: false });
    await expect(started).rejects.toThrow(new RegExp(`^broker at MQTT_URL \\(127\\.0\\.0\\.1:${port}\\) refused the connection`));
  }, 180_000);

  // A cluster's instances share one PostgreSQL: REDIS_URL needs DATABASE_URL, so this runs where PostgreSQL does.
  it.skipIf(!process.env.TEST_DATABASE_URL)('names Redis and REDIS_URL when the cluster Redis is not there', async () => {
    const port = await freePort();
    const tdb = await createTestDatabase('postgres');
    try {
      const started = startRuntime(env({ DATABASE_URL: tdb.databaseUrl!, REDIS_URL: `redis://127.0.0.1:${port}` }), { logger: false });
      await expect(started).rejects.toThrow(new RegExp(`^Redis at REDIS_URL \\(127\\.0\\.0\\.1:${port}\\) refused the connection`));
    } finally {
      await tdb.drop();
    }
  }, 180_000);

  it('names the setting of a taken port and leaves the other ports free', async () => {
    const tcp = await freePort();
    await expect(startRuntime(env({ MQTT_TCP_PORT: String(tcp), MQTT_WS_PORT: String(held) }), { logger: false })).rejects.toThrow(
      `MQTT WebSocket (browsers) port ${held} (MQTT_WS_PORT) is taken by another program`,
    );
    // The gateway port it had opened is closed again.
    await new Promise<void>((resolve, reject) => {
      const s = net.createServer().once('error', reject).listen(tcp, '127.0.0.1', () => s.close(() => resolve()));
    });
    await expect(startRuntime(env({ PORT: String(held) }), { logger: false })).rejects.toThrow(`HTTP port ${held} (PORT) is taken by another program`);
  }, 180_000);
});
