import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import mqtt from 'mqtt';
import { clientTopics, gatewayTopics } from '@gridops/contract';
import { testConfig, tempDir } from './test-support/backends.js';
import { startRuntime, type Runtime } from './runtime.js';
import { gatewayClientId } from './modules/mqtt-auth/acl.js';
import { issueGatewaySecret } from './modules/mqtt-auth/gatewaySecrets.js';

const H = { version: '1.0', devicetype: 'pc', 'content-type': 'application/json' };

async function login(rt: Runtime, username: string) {
  const res = await fetch(`${rt.url}/api/v6/user/login`, { method: 'POST', headers: H, body: JSON.stringify({ username, password: 'demo1234' }) });
  return (await res.json()) as { code: number; data: { token: string; userInfo: { id: number; org_id: number; mqtt: { username: string; pass: string } } } };
}

function runtimeConfig(dataDir: string) {
  return testConfig({ PORT: '0', HOST: '127.0.0.1', MQTT_TCP_PORT: '0', MQTT_WS_PORT: '0', DATA_DIR: dataDir, SEED_DEMO: 'on' });
}

describe('one instance: embedded PGlite, broker and HTTP', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
  });

  it('keeps its data across a restart and does not seed twice', async () => {
    const dir = await tempDir();
    dirs.push(dir);
    const first = await startRuntime(runtimeConfig(dir), { logger: false });
    const token = (await login(first, 'centre')).data.token;
    await first.close();

    const second = await startRuntime(runtimeConfig(dir), { logger: false });
    try {
      const info = await fetch(`${second.url}/api/v6/user/userinfo`, { headers: { ...H, token } });
      expect(((await info.json()) as { code: number }).code).toBe(1);
      const orgs = await second.database.db.selectFrom('organizations').select('id').execute();
      expect(orgs).toHaveLength(3);
    } finally {
      await second.close();
    }
    // A fresh embedded database opened and seeded (~30 s at load 5 on the 2-core machine), then opened again.
  }, 300_000);

  it('runs two instances side by side with their own ports and data', async () => {
    const [a, b] = [await tempDir(), await tempDir()];
    dirs.push(a, b);
    const one = await startRuntime(runtimeConfig(a), { logger: false });
    const two = await startRuntime(runtimeConfig(b), { logger: false });
    try {
      expect(one.url).not.toBe(two.url);
      expect((await login(one, 'site')).code).toBe(1);
      expect((await login(two, 'site')).code).toBe(1);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
    // Two embedded databases opened and seeded one after the other (~30 s each at load 5): allow for a busy
    // 2-core machine — the suite must pass with two CPU-bound processes beside it.
  }, 300_000);

  it('enforces MQTT credentials and topic ACLs on TCP and WebSocket', async () => {
    const dir = await tempDir();
    dirs.push(dir);
    const rt = await startRuntime(runtimeConfig(dir), { logger: false });
    const clients: mqtt.MqttClient[] = [];
    try {
      const site = (await login(rt, 'site')).data.userInfo;
      const centre = (await login(rt, 'centre')).data.userInfo;
      const wsUrl = `ws://127.0.0.1:${rt.broker!.wsPort}/mqtt`;

      const siteClientId = `gridops_web_${site.id}_runtime`;
      await expect(mqtt.connectAsync(wsUrl, { username: site.mqtt.username, password: 'wrong', clientId: siteClientId, reconnectPeriod: 0 })).rejects.toThrow();

      const siteClient = await mqtt.connectAsync(wsUrl, { username: site.mqtt.username, password: site.mqtt.pass, clientId: siteClientId, reconnectPeriod: 0 });
      clients.push(siteClient);
      const own = clientTopics(site.org_id, site.id);
      const granted = await siteClient.subscribeAsync([own.message, own.reply], { qos: 2 });
      expect(granted.map((g) => g.qos)).toEqual([2, 2]);
      const other = clientTopics(centre.org_id, centre.id);
      await expect(siteClient.subscribeAsync(other.message, { qos: 2 })).rejects.toThrow();

      // The broker delivers a message the server publishes to the site user's own topic.
      const received = new Promise<string>((resolve) => siteClient.once('message', (_t, p) => resolve(p.toString())));
      const gw = await rt.database.db.selectFrom('gateways').select(['sn']).orderBy('id').execute();
      const secret0 = await issueGatewaySecret(rt.database.db, gw[0]!.sn);
      const gw0Options = { username: gw[0]!.sn, password: secret0, clientId: gatewayClientId(gw[0]!.sn), reconnectPeriod: 0 };
      const svcMsg = JSON.stringify({ command: 'event', data: { type: 2, level: 2, msg: 'x', title: 'y' }, timestamp: Date.now() });
      const service = await mqtt.connectAsync(rt.mqttTcpUrl, gw0Options);
      clients.push(service);
      // A gateway may not publish to a console user's topic: the broker drops the connection.
      const dropped = new Promise<void>((resolve) => service.once('close', () => resolve()));
      service.publish(own.message, svcMsg, { qos: 1 });
      await dropped;
      expect(await Promise.race([received, new Promise((r) => setTimeout(() => r('nothing'), 500))])).toBe('nothing');

      // A console user may not publish telemetry.
      const closed = new Promise<void>((resolve) => siteClient.once('close', () => resolve()));
      siteClient.publish(gatewayTopics(gw[0]!.sn).telemetry, JSON.stringify({ ts: Date.now(), devices: [] }), { qos: 1 });
      await closed;

      // A gateway may publish under its own prefix but not under another gateway's.
      const gw0 = await mqtt.connectAsync(rt.mqttTcpUrl, gw0Options);
      clients.push(gw0);
      await gw0.publishAsync(gatewayTopics(gw[0]!.sn).telemetry, JSON.stringify({ ts: Date.now(), devices: [] }), { qos: 1 });
      expect(gw0.connected).toBe(true);
      const gwClosed = new Promise<void>((resolve) => gw0.once('close', () => resolve()));
      gw0.publish(gatewayTopics(gw[1]!.sn).telemetry, JSON.stringify({ ts: Date.now(), devices: [] }), { qos: 1 });
      await gwClosed;
    } finally {
      for (const c of clients) c.end(true);
      await rt.close();
    }
    // Opens and seeds a fresh embedded database first, like the tests above (it took over 60 s at load 15).
  }, 300_000);
});
