import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { clientTopics, gatewayTopics, type MessageEnvelope } from '@gridops/contract';
import { hashPassword } from '../lib/password.js';
import { gatewayClientId } from '../modules/mqtt-auth/acl.js';
import { issueGatewaySecret } from '../modules/mqtt-auth/gatewaySecrets.js';
import { startRuntime, type Runtime } from '../runtime.js';
import { consoleMqttLogin, createTestDatabase, tempDir, testConfig, type BackendKind, type TestDatabase } from './backends.js';
import { writePgliteDir } from './templates.js';

export interface Harness {
  rt: Runtime;
  tdb: TestDatabase;
  dataDir: string;
  clients: MqttClient[];
  gateway(code: string): Promise<{ sn: string; client: MqttClient; send(ts: number, devices: Record<string, Record<string, unknown>>): Promise<void> }>;
  listen(username: string): Promise<{ messages: MessageEnvelope[]; waitFor(pred: (m: MessageEnvelope) => boolean, ms?: number): Promise<MessageEnvelope> }>;
  close(): Promise<void>;
}

/** A full server runtime on a fresh database (demo seeded), with helpers to act as gateways and users. */
export async function startHarness(kind: BackendKind, env: Record<string, string> = {}, reuse?: { tdb: TestDatabase; dataDir: string }): Promise<Harness> {
  // The demo without history, as the runtime would seed it, comes from this run's template: the runtime then finds
  // every migration applied and the organisation there (no face photos: their key is generated per data directory,
  // and no harness test reads them).
  const seedOff = ['0', 'off', 'false'].includes(env.SEED_DEMO ?? 'on');
  const template = !reuse && !seedOff && env.SEED_HISTORY_DAYS === undefined ? 'seeded' : undefined;
  const tdb = reuse?.tdb ?? (await createTestDatabase(kind, template ? { template } : {}));
  const dataDir = reuse?.dataDir ?? (await tempDir());
  if (template && kind === 'pglite') await writePgliteDir(path.join(dataDir, 'pglite'), tdb.pglite);
  const config = testConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    MQTT_TCP_PORT: '0',
    MQTT_WS_PORT: '0',
    DATA_DIR: dataDir,
    SEED_DEMO: 'on',
    ...(tdb.databaseUrl ? { DATABASE_URL: tdb.databaseUrl } : {}),
    ...env,
  });
  const rt = await startRuntime(config, { logger: false });
  const clients: MqttClient[] = [];
  const db = rt.database.db;
  return {
    rt,
    tdb,
    dataDir,
    clients,
    async gateway(code) {
      const gw = { sn: `GW-${code}-01` };
      const secret = await issueGatewaySecret(db, gw.sn);
      const client = await mqtt.connectAsync(rt.mqttTcpUrl, { username: gw.sn, password: secret, clientId: gatewayClientId(gw.sn), reconnectPeriod: 0 });
      clients.push(client);
      return {
        sn: gw.sn,
        client,
        send: async (ts, devices) => {
          const payload = { ts, devices: Object.entries(devices).map(([sn, values]) => ({ sn, values })) };
          await client.publishAsync(gatewayTopics(gw.sn).telemetry, JSON.stringify(payload), { qos: 1 });
        },
      };
    },
    async listen(username) {
      const u = await consoleMqttLogin(rt.app, username);
      const wsUrl = `ws://127.0.0.1:${rt.broker!.wsPort}/mqtt`;
      const client = await mqtt.connectAsync(wsUrl, u.mqttOptions());
      clients.push(client);
      const topics = clientTopics(u.org_id, u.id);
      await client.subscribeAsync([topics.message, topics.reply], { qos: 2 });
      const messages: MessageEnvelope[] = [];
      const waiters: { pred: (m: MessageEnvelope) => boolean; resolve(m: MessageEnvelope): void }[] = [];
      client.on('message', (_t, p) => {
        const m = JSON.parse(p.toString()) as MessageEnvelope;
        messages.push(m);
        for (const w of [...waiters]) if (w.pred(m)) w.resolve(m);
      });
      return {
        messages,
        waitFor: (pred, ms = 5000) =>
          new Promise((resolve, reject) => {
            const hit = messages.find(pred);
            if (hit) return resolve(hit);
            const timer = setTimeout(() => reject(new Error(`no matching message within ${ms} ms; got ${JSON.stringify(messages)}`)), ms);
            waiters.push({ pred, resolve: (m) => (clearTimeout(timer), resolve(m)) });
          }),
      };
    },
    async close() {
      for (const c of clients) c.end(true);
      await rt.close();
    },
  };
}

/** A centre user of a separate top-level organisation, to prove isolation. */
export async function createOtherTenantUser(rt: Runtime, username: string) {
  const db = rt.database.db;
  const org = await db.insertInto('organizations').values({ parent_id: null, name: '其他客户', name_en: 'Other tenant', tier: 1, code: `OT-${username}` }).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('users')
    .values({ username, name: username, user_type: 0, org_id: org.id, password_hash: await hashPassword('demo1234') })
    .execute();
}
