import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs/promises';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import sharp from 'sharp';
import { clientTopics, gatewayTopics } from '@gridops/contract';
import { migrate, openDatabase } from './db/database.js';
import { seedDemo } from './seed/demo.js';
import { issueGatewaySecret } from './modules/mqtt-auth/gatewaySecrets.js';
import { createUserService } from './modules/user/service.js';
import { createLoginLimits } from './modules/user/loginLimits.js';
import { startRuntime, type Runtime } from './runtime.js';
import { tempDir, testConfig } from './test-support/backends.js';
import { startMosquitto, type TestMosquitto } from './test-support/mosquitto.js';

const service = { username: 'gridops-service', password: 'service-secret-for-load-tests' };
const SN = 'GW-SZIP-01';
const MESSAGES = 400;
const CAPTURES = 20;

const until = async (what: string, probe: () => Promise<boolean> | boolean, ms = 60_000) => {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/**
 * The deadlock of issue 16: with an external broker, a capture's push (QoS 2, from inside the message handler)
 * waited for an acknowledgement the blocked reader could never read, and the instance wedged. Here captures
 * and telemetry arrive together through Mosquitto, captures twice each (a gateway's resend).
 */
describe('an external Mosquitto under load: captures and telemetry together', () => {
  let dir: string;
  let broker: TestMosquitto;
  let rt: Runtime;
  const clients: MqttClient[] = [];
  let site: { id: number; org_id: number; username: string; pass: string };
  let secret: string;

  beforeAll(async () => {
    dir = await tempDir('gridops-mosquitto-load-');
    const dataDir = path.join(dir, 'server');
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    await migrate(database.db);
    await seedDemo(database.db, { energyHistoryDays: 0 });
    const users = createUserService(database.db, createLoginLimits(database.db, { maxFailures: 5, windowMinutes: 15 }));
    const { userInfo } = await users.login('site', 'demo1234', { ip: '127.0.0.1', deviceType: 'pc', sessionTtlHours: 1 });
    site = { id: userInfo.id, org_id: userInfo.org_id, username: userInfo.mqtt.username, pass: userInfo.mqtt.pass };
    secret = await issueGatewaySecret(database.db, SN);
    broker = await startMosquitto(database.db, service, path.join(dir, 'broker'));
    await database.close();
    rt = await startRuntime(
      testConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'on',
        MQTT_URL: broker.url,
        MQTT_SERVICE_USERNAME: service.username,
        MQTT_SERVICE_PASSWORD: service.password,
        MQTT_PUBLIC_WS_PORT: String(broker.wsPort),
        READY_STALL_SECONDS: '10',
      }),
      { logger: false },
    );
  }, 120_000);

  afterAll(async () => {
    for (const c of clients) c.end(true);
    await rt?.close();
    await broker?.stop();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it('stores every message once, pushes each capture once, and still answers a command mid-load', async () => {
    const browser = await mqtt.connectAsync(`ws://127.0.0.1:${broker.wsPort}`, { username: site.username, password: site.pass, reconnectPeriod: 0 });
    clients.push(browser);
    await browser.subscribeAsync(clientTopics(site.org_id, site.id).message, { qos: 2 });
    const capturesPushed: number[] = [];
    browser.on('message', (_t, p) => {
      const m = JSON.parse(p.toString()) as { command: string; timestamp: number };
      if (m.command === 'capture') capturesPushed.push(m.timestamp);
    });

    const gw = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.tcpPort}`, { username: SN, password: secret, reconnectPeriod: 0 });
    clients.push(gw);
    const topics = gatewayTopics(SN);
    await gw.subscribeAsync(topics.command, { qos: 1 });
    // The gateway answers every command, as a real one does.
    gw.on('message', (_t, p) => {
      const { id } = JSON.parse(p.toString()) as { id: string };
      void gw.publishAsync(topics.commandResult, JSON.stringify({ id, ok: true }), { qos: 1 });
    });
    const results = vi.spyOn(rt.services.control, 'onResult');

    const t0 = Date.now() - 3_600_000;
    // A real ~30 kB JPEG of noise: captures are decoded and re-encoded (lib/imageGuard), so bytes that are no picture
    // would be dropped.
    const noise = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const img = `data:image/jpeg;base64,${noise.toString('base64')}`;
    const sends: Promise<unknown>[] = [];
    for (let i = 0; i < MESSAGES; i++) {
      sends.push(gw.publishAsync(topics.telemetry, JSON.stringify({ ts: t0 + i * 1000, devices: [{ sn: 'ENV2', values: { temp: 20 + (i % 10) } }] }), { qos: 1 }));
      if (i % (MESSAGES / CAPTURES) === 0) {
        const capture = JSON.stringify({ ts: t0 + i, device_sn: 'CAM1', img, msg: `抓拍 ${i}`, msg_en: `Capture ${i}` });
        // Sent twice: the resend of a gateway that did not see its acknowledgement.
        sends.push(gw.publishAsync(topics.capture, capture, { qos: 1 }), gw.publishAsync(topics.capture, capture, { qos: 1 }));
      }
      if (i === MESSAGES / 2) {
        // A command in the middle of the load: sent by the server, answered by the gateway, handled by the server.
        sends.push(rt.bus.publish(topics.command, JSON.stringify({ id: 'mid-load-probe', action: 'read' }), 1));
      }
    }
    await Promise.all(sends);
    await until('the command answered', () => results.mock.calls.some(([sn, p]) => sn === SN && p.toString().includes('mid-load-probe')), 30_000);

    const db = rt.database.db;
    const stored = () =>
      db
        .selectFrom('telemetry as t')
        .innerJoin('device_points as p', 'p.id', 't.point_id')
        .innerJoin('devices as d', 'd.id', 'p.device_id')
        .where('d.sn', '=', 'ENV2')
        .where('p.key', '=', 'temp')
        .where('t.ts', '>=', new Date(t0))
        .where('t.ts', '<', new Date(t0 + MESSAGES * 1000))
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
    await until('all telemetry stored', async () => Number((await stored()).n) >= MESSAGES);
    await until('every capture pushed', () => capturesPushed.length >= CAPTURES);
    await rt.pipeline.ingest.drain();
    expect(Number((await stored()).n)).toBe(MESSAGES);
    const captures = await db
      .selectFrom('captures')
      .where('ts', '>=', new Date(t0))
      .where('ts', '<', new Date(t0 + MESSAGES))
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(captures.n)).toBe(CAPTURES);
    // Each capture pushed once, although it arrived twice.
    expect(new Set(capturesPushed).size).toBe(CAPTURES);
    expect(capturesPushed).toHaveLength(CAPTURES);
    expect(rt.pipeline.inflight().count).toBe(0);
    const ready = await fetch(`${rt.url}/ready`);
    expect(ready.status).toBe(200);
  }, 120_000);
});
