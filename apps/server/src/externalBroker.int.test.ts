import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { clientTopics, gatewayTopics } from '@gridops/contract';
import { migrate, openDatabase } from './db/database.js';
import { buildMosquittoFiles } from './modules/mqtt-auth/mosquitto.js';
import { seedDemo } from './seed/demo.js';
import { issueGatewaySecret } from './modules/mqtt-auth/gatewaySecrets.js';
import { createUserService } from './modules/user/service.js';
import { createLoginLimits } from './modules/user/loginLimits.js';
import { startRuntime, type Runtime } from './runtime.js';
import { tempDir, testConfig } from './test-support/backends.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

async function waitForPort(port: number, ms = 10_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const c = net.connect(port, '127.0.0.1', () => (c.end(), resolve(true)));
      c.on('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`port ${port} not open`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const service = { username: 'gridops-service', password: 'service-secret-for-tests' };

describe('the same pipeline against an external Mosquitto with the generated config', () => {
  let dir: string;
  let mosquitto: ChildProcess;
  let rt: Runtime;
  let tcpPort: number;
  let wsPort: number;
  let servicePort: number;
  const clients: MqttClient[] = [];
  // Console logins made before the files are written: a static password file holds the sessions live then.
  const logins = new Map<string, { id: number; org_id: number; username: string; pass: string }>();
  let gatewaySecret: string;

  beforeAll(async () => {
    dir = await tempDir('gridops-mosquitto-');
    [tcpPort, wsPort, servicePort] = [await freePort(), await freePort(), await freePort()];
    const dataDir = path.join(dir, 'server');
    // Seed first, so the generated password file holds the demo users and gateways.
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    await migrate(database.db);
    // Live pipeline only: the 400-day energy history would only slow the start.
    await seedDemo(database.db, { energyHistoryDays: 0 });
    const users = createUserService(database.db, createLoginLimits(database.db, { maxFailures: 5, windowMinutes: 15 }));
    for (const username of ['site', 'centre']) {
      const { token, userInfo } = await users.login(username, 'demo1234', { ip: '127.0.0.1', deviceType: 'pc', sessionTtlHours: 1 });
      expect(token).toBeTruthy();
      logins.set(username, { id: userInfo.id, org_id: userInfo.org_id, username: userInfo.mqtt.username, pass: userInfo.mqtt.pass });
    }
    gatewaySecret = await issueGatewaySecret(database.db, 'GW-SZIP-01');
    const brokerDir = path.join(dir, 'broker');
    const files = await buildMosquittoFiles(database.db, service, { tcpPort, wsPort, servicePort, dir: brokerDir, bind: '127.0.0.1', runAsUser: os.userInfo().username });
    // The password file holds hashes only: no gateway secret or session password appears in it.
    expect(files.passwd).not.toContain(gatewaySecret);
    expect(files.passwd).toMatch(/^GW-SZIP-01:\$7\$101\$/m);
    await database.close();
    await fs.mkdir(path.join(brokerDir, 'data'), { recursive: true });
    await fs.writeFile(path.join(brokerDir, 'mosquitto.conf'), files.conf);
    await fs.writeFile(path.join(brokerDir, 'passwd'), files.passwd, { mode: 0o600 });
    await fs.writeFile(path.join(brokerDir, 'acl'), files.acl, { mode: 0o600 });
    mosquitto = spawn('mosquitto', ['-c', path.join(brokerDir, 'mosquitto.conf')], { stdio: 'ignore' });
    await waitForPort(tcpPort);
    await waitForPort(wsPort);
    await waitForPort(servicePort);
    rt = await startRuntime(
      testConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'on',
        MQTT_URL: `mqtt://127.0.0.1:${servicePort}`,
        MQTT_SERVICE_USERNAME: service.username,
        MQTT_SERVICE_PASSWORD: service.password,
        MQTT_PUBLIC_WS_PORT: String(wsPort),
      }),
      { logger: false },
    );
  });

  afterAll(async () => {
    for (const c of clients) c.end(true);
    await rt?.close();
    mosquitto?.kill('SIGTERM');
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  const userCreds = (username: string) => logins.get(username)!;

  it('announces the broker WebSocket port to the console and accepts the Mosquitto password hashes', async () => {
    const cfg = (await (await fetch(`${rt.url}/config.json`)).json()) as { mqttWsPort: number };
    expect(cfg.mqttWsPort).toBe(wsPort);
    const u = userCreds('site');
    const c = await mqtt.connectAsync(`ws://127.0.0.1:${wsPort}`, { username: u.username, password: u.pass, reconnectPeriod: 0 });
    clients.push(c);
    expect(c.connected).toBe(true);
    await expect(mqtt.connectAsync(`mqtt://127.0.0.1:${tcpPort}`, { username: u.username, password: 'nope', reconnectPeriod: 0 })).rejects.toThrow();
  });

  it('stores gateway telemetry consumed from Mosquitto and pushes the raised event to the site user only', async () => {
    const site = userCreds('site');
    const siteClient = await mqtt.connectAsync(`ws://127.0.0.1:${wsPort}`, { username: site.username, password: site.pass, reconnectPeriod: 0 });
    clients.push(siteClient);
    const topics = clientTopics(site.org_id, site.id);
    await siteClient.subscribeAsync(topics.message, { qos: 2 });
    // Somebody else's topic: Mosquitto 2.0 answers a v3.1.1 SUBACK but its ACL never delivers there. The
    // event below is pushed to the centre user's topic too, so a leak would show up in `topicsSeen`.
    const centre = userCreds('centre');
    const foreignTopic = clientTopics(centre.org_id, centre.id).message;
    await siteClient.subscribeAsync(foreignTopic, { qos: 2 }).catch(() => undefined);
    const topicsSeen: string[] = [];
    siteClient.on('message', (t) => topicsSeen.push(t));

    const received = new Promise<string>((resolve) => siteClient.on('message', (_t, p) => resolve(p.toString())));
    const gw = { sn: 'GW-SZIP-01' };
    const gwClient = await mqtt.connectAsync(`mqtt://127.0.0.1:${tcpPort}`, { username: gw.sn, password: gatewaySecret, clientId: `gw-${gw.sn}`, reconnectPeriod: 0 });
    clients.push(gwClient);
    const ts = Date.now();
    await gwClient.publishAsync(gatewayTopics(gw.sn).telemetry, JSON.stringify({ ts, devices: [{ sn: 'ENV2', values: { smoke: 1, temp: 26.5 } }] }), { qos: 1 });
    const msg = JSON.parse(await received) as { command: string; data: { msg: string; level: number } };
    expect(msg.command).toBe('event');
    expect(msg.data).toMatchObject({ level: 4, msg: expect.stringContaining('烟雾告警') });
    await new Promise((r) => setTimeout(r, 300));
    expect(topicsSeen).toContain(topics.message);
    expect(topicsSeen).not.toContain(foreignTopic);
    await rt.pipeline.ingest.drain();
    const temp = await rt.database.db
      .selectFrom('point_latest as l')
      .innerJoin('device_points as p', 'p.id', 'l.point_id')
      .innerJoin('devices as d', 'd.id', 'p.device_id')
      .select('l.value')
      .where('d.sn', '=', 'ENV2')
      .where('p.key', '=', 'temp')
      .executeTakeFirstOrThrow();
    expect(temp.value).toBe(26.5);

    // A console user's telemetry publish is dropped by the broker: nothing new is stored.
    const before = await rt.database.db.selectFrom('telemetry').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await siteClient.publishAsync(gatewayTopics(gw.sn).telemetry, JSON.stringify({ ts: ts + 1000, devices: [{ sn: 'ENV2', values: { temp: 99 } }] }), { qos: 1 });
    await new Promise((r) => setTimeout(r, 500));
    await rt.pipeline.ingest.drain();
    const after = await rt.database.db.selectFrom('telemetry').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("never hands a gateway's session to a console user who connects with the gateway's client id", async () => {
    const sn = 'GW-SZIP-01';
    const gwClient = await mqtt.connectAsync(`mqtt://127.0.0.1:${tcpPort}`, { username: sn, password: gatewaySecret, clientId: `gw-${sn}`, clean: false, reconnectPeriod: 0 });
    clients.push(gwClient);
    let gatewayClosed = false;
    gwClient.on('close', () => (gatewayClosed = true));
    await gwClient.subscribeAsync(gatewayTopics(sn).command, { qos: 1 });

    const site = userCreds('site');
    const intruder = await mqtt.connectAsync(`ws://127.0.0.1:${wsPort}`, { username: site.username, password: site.pass, clientId: `gw-${sn}`, clean: false, reconnectPeriod: 0 });
    clients.push(intruder);
    const intruderGot: string[] = [];
    intruder.on('message', (t) => intruderGot.push(t));

    // The server's command still reaches the real gateway, which was not disconnected by the intruder.
    const command = new Promise<string>((resolve) => gwClient.on('message', (_t, p) => resolve(p.toString())));
    await rt.bus.publish(gatewayTopics(sn).command, JSON.stringify({ id: 'takeover-check' }), 1);
    expect(JSON.parse(await command)).toEqual({ id: 'takeover-check' });
    expect(gatewayClosed).toBe(false);
    expect(intruderGot).toEqual([]);
  });
});
