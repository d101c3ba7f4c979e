import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import WebSocket from 'ws';
import { clientTopics, gatewayTopics } from '@gridops/contract';
import { migrate, openDatabase } from '../db/database.js';
import { migrations } from '../db/migrations/index.js';
import { verifySecret } from '../lib/secretHash.js';
import { gatewayClientId } from '../modules/mqtt-auth/acl.js';
import { issueGatewaySecret } from '../modules/mqtt-auth/gatewaySecrets.js';
import { apiHeaders, backends, consoleMqttLogin, createTestDatabase } from '../test-support/backends.js';
import { startHarness, type Harness } from '../test-support/pipelineHarness.js';

const SERVICE = { username: 'gridops-test-service', password: 'service-password-for-tests' };

/** MQTT's variable-length "remaining length" (MQTT 3.1.1 §2.2.3). */
function remainingLength(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    out.push(byte);
  } while (n > 0);
  return out;
}

const utf8 = (s: string) => Buffer.concat([Buffer.from([s.length >> 8, s.length & 0xff]), Buffer.from(s)]);

/** A CONNECT fixed header declaring a 200 MB packet, followed by a few body bytes that never complete it. */
const hugeConnectHeader = () => Buffer.concat([Buffer.from([0x10, ...remainingLength(200 * 1024 * 1024)]), utf8('MQTT'), Buffer.from([4, 0xc2, 0, 60])]);

/** A valid CONNECT (keepalive 0: the broker never times the connection out) for a raw socket. */
function connectPacket(clientId: string, username: string, password: string): Buffer {
  const body = Buffer.concat([utf8('MQTT'), Buffer.from([4, 0xc2, 0, 0]), utf8(clientId), utf8(username), utf8(password)]);
  return Buffer.concat([Buffer.from([0x10, ...remainingLength(body.length)]), body]);
}

/**
 * The next command carrying this test's marker. The server's own senders (face sync, storage strategy) also
 * command the demo gateways, so other messages may arrive first; they are not this test's business.
 */
const nextMarked = (client: MqttClient, n: number) =>
  new Promise<unknown>((resolve) => {
    const onMessage = (_topic: string, payload: Buffer) => {
      const body = JSON.parse(payload.toString()) as { n?: number };
      if (body.n !== n) return;
      client.off('message', onMessage);
      resolve(body);
    };
    client.on('message', onMessage);
  });

const refusal = (options: IClientOptions, url: string) =>
  mqtt.connectAsync(url, { reconnectPeriod: 0, ...options }).then(
    (c) => {
      c.end(true);
      return 'connected';
    },
    (e: unknown) => (e instanceof Error ? e.message : String(e)),
  );

describe.each(backends)('MQTT identities, secrets and packet limits on %s', (backend) => {
  let h: Harness;
  let wsUrl: string;
  const extra: MqttClient[] = [];

  beforeAll(async () => {
    h = await startHarness(backend, { MQTT_SERVICE_USERNAME: SERVICE.username, MQTT_SERVICE_PASSWORD: SERVICE.password, MQTT_MAX_PACKET_BYTES: '65536' });
    wsUrl = `ws://127.0.0.1:${h.rt.broker!.wsPort}/mqtt`;
  }, 120_000);
  afterAll(async () => {
    for (const c of extra) c.end(true);
    await h?.close();
  });

  it("refuses a console user who takes a gateway's client id; the gateway keeps its session and its commands", async () => {
    const sn = 'GW-SZIP-01';
    const secret = await issueGatewaySecret(h.rt.database.db, sn);
    const gatewayOptions = { username: sn, password: secret, clientId: gatewayClientId(sn), clean: false, reconnectPeriod: 0 };
    const gateway = await mqtt.connectAsync(h.rt.mqttTcpUrl, gatewayOptions);
    extra.push(gateway);
    await gateway.subscribeAsync(gatewayTopics(sn).command, { qos: 1 });
    let gatewayClosed = false;
    gateway.on('close', () => (gatewayClosed = true));

    const site = await consoleMqttLogin(h.rt.app, 'site');
    const attack = { ...site.mqttOptions(), clientId: gatewayClientId(sn), clean: false };
    expect(await refusal(attack, wsUrl)).toMatch(/Identifier rejected/i);
    expect(await refusal(attack, h.rt.mqttTcpUrl)).toMatch(/Identifier rejected/i);

    // The connected gateway was not dropped: a command reaches it.
    const first = nextMarked(gateway, 1);
    await h.rt.bus.publish(gatewayTopics(sn).command, JSON.stringify({ n: 1 }), 1);
    expect(await first).toEqual({ n: 1 });
    expect(gatewayClosed).toBe(false);

    // Offline, its stored session keeps the next command for the gateway, not for the intruder.
    await gateway.endAsync();
    expect(await refusal(attack, h.rt.mqttTcpUrl)).toMatch(/Identifier rejected/i);
    await h.rt.bus.publish(gatewayTopics(sn).command, JSON.stringify({ n: 2 }), 1);
    const back = mqtt.connect(h.rt.mqttTcpUrl, { ...gatewayOptions, manualConnect: true });
    extra.push(back);
    const queued = nextMarked(back, 2);
    back.connect();
    expect(await queued).toEqual({ n: 2 });
  });

  it('binds every identity to its own client ids at CONNECT', async () => {
    const db = h.rt.database.db;
    const sn = 'GW-SHZJ-01';
    const secret = await issueGatewaySecret(db, sn);
    const asGateway = (clientId: string) => refusal({ username: sn, password: secret, clientId }, h.rt.mqttTcpUrl);
    expect(await asGateway(gatewayClientId('GW-SZIP-01'))).toMatch(/Identifier rejected/i);
    expect(await asGateway(`${gatewayClientId(sn)}-2`)).toMatch(/Identifier rejected/i);
    expect(await asGateway('mqttjs_12345678')).toMatch(/Identifier rejected/i);
    expect(await asGateway(gatewayClientId(sn))).toBe('connected');

    const site = await consoleMqttLogin(h.rt.app, 'site');
    const centre = await consoleMqttLogin(h.rt.app, 'centre');
    expect(await refusal({ ...site.mqttOptions(), clientId: `gridops_web_${centre.id}_abc` }, wsUrl)).toMatch(/Identifier rejected/i);
    expect(await refusal({ ...site.mqttOptions(), clientId: `gridops_web_${site.id}1_abc` }, wsUrl)).toMatch(/Identifier rejected/i);
    expect(await refusal({ ...site.mqttOptions(), clientId: 'gridops-server-x' }, wsUrl)).toMatch(/Identifier rejected/i);
    expect(await refusal(site.mqttOptions(), wsUrl)).toBe('connected');

    expect(await refusal({ ...SERVICE, clientId: 'e2e-commander' }, h.rt.mqttTcpUrl)).toMatch(/Identifier rejected/i);
    expect(await refusal({ ...SERVICE, clientId: 'gridops-server-e2e-commander' }, h.rt.mqttTcpUrl)).toBe('connected');
  });

  it('checks the client id in the EMQX HTTP authentication hook too', async () => {
    const sn = 'GW-SZIP-01';
    const secret = await issueGatewaySecret(h.rt.database.db, sn);
    const auth = (clientid: string, password = secret) =>
      h.rt.app
        .inject({ method: 'POST', url: '/api/mqtt/auth', headers: { 'x-gridops-broker-secret': SERVICE.password }, payload: { username: sn, password, clientid } })
        .then((r) => r.json<{ result: string }>().result);
    expect(await auth(gatewayClientId(sn))).toBe('allow');
    expect(await auth(gatewayClientId('GW-SHZJ-01'))).toBe('deny');
    expect(await auth(gatewayClientId(sn), 'wrong')).toBe('deny');
  });

  it('stores only hashes of gateway secrets and session MQTT passwords', async () => {
    const db = h.rt.database.db;
    const secret = await issueGatewaySecret(db, 'GW-SZIP-01');
    const row = await db.selectFrom('gateways').selectAll().where('sn', '=', 'GW-SZIP-01').executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row.secret_hash).toMatch(/^\$7\$101\$/);
    expect(await verifySecret(secret, row.secret_hash)).toBe(true);

    const login = await consoleMqttLogin(h.rt.app, 'worker');
    const pass = login.mqttOptions().password;
    const sessions = await sql<Record<string, unknown>>`SELECT * FROM sessions`.execute(db);
    expect(JSON.stringify(sessions.rows)).not.toContain(pass);
    const users = await sql<Record<string, unknown>>`SELECT * FROM users`.execute(db);
    expect(Object.keys(users.rows[0]!)).not.toContain('mqtt_password');
  });

  it("ends a session's MQTT clients at logout and at expiry; the user's other sessions keep working", async () => {
    const first = await consoleMqttLogin(h.rt.app, 'centre');
    const second = await consoleMqttLogin(h.rt.app, 'centre');
    expect(first.mqttOptions().username).not.toBe(second.mqttOptions().username);
    const a = await mqtt.connectAsync(wsUrl, first.mqttOptions());
    const b = await mqtt.connectAsync(wsUrl, second.mqttOptions());
    extra.push(a, b);

    // userinfo gives the same session credentials again (a page reload).
    const info = await h.rt.app.inject({ method: 'GET', url: '/api/v6/user/userinfo', headers: apiHeaders(first.token) });
    expect(info.json().data.mqtt).toEqual({ username: first.mqttOptions().username, pass: first.mqttOptions().password });

    const aClosed = new Promise<void>((resolve) => a.once('close', () => resolve()));
    const out = await h.rt.app.inject({ method: 'POST', url: '/api/v6/user/logout', headers: apiHeaders(first.token) });
    expect(out.json().code).toBe(1);
    await aClosed;
    expect(await refusal(first.mqttOptions(), wsUrl)).toMatch(/Bad username or password/i);

    // The other session still receives its pushes.
    const topics = clientTopics(second.org_id, second.id);
    await b.subscribeAsync(topics.message, { qos: 2 });
    const got = new Promise<string>((resolve) => b.once('message', (_t, p) => resolve(p.toString())));
    await h.rt.bus.publish(topics.message, JSON.stringify({ command: 'ping', data: null }), 2);
    expect(JSON.parse(await got)).toMatchObject({ command: 'ping' });

    // Expiry (or a logout on another instance) is found by the broker's sweep.
    const sessionId = Number(second.mqttOptions().username.replace('session-', ''));
    await sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = ${sessionId}`.execute(h.rt.database.db);
    const bClosed = new Promise<void>((resolve) => b.once('close', () => resolve()));
    await h.rt.broker!.sweepEndedSessions();
    await bClosed;
  });

  // The bound is the test's own time-out, not a measurement: the broker used to hold such a socket (and the
  // bytes trickling in behind the header) for its 30-second connect time-out.
  it('closes a TCP connection whose CONNECT header declares 200 MB, before buffering it', { timeout: 15_000 }, async () => {
    const socket = net.connect(h.rt.broker!.tcpPort, '127.0.0.1');
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => undefined);
    socket.on('connect', () => socket.write(hugeConnectHeader()));
    await closed;
    expect(socket.destroyed).toBe(true);
  });

  it('closes an authenticated connection as soon as a packet header declares 200 MB', async () => {
    const sn = 'GW-SZIP-01';
    const secret = await issueGatewaySecret(h.rt.database.db, sn);
    const socket = net.connect(h.rt.broker!.tcpPort, '127.0.0.1');
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const connack = new Promise<Buffer>((resolve) => socket.once('data', resolve));
    socket.on('connect', () => socket.write(connectPacket(gatewayClientId(sn), sn, secret)));
    expect([...(await connack)]).toEqual([0x20, 2, 0, 0]);
    // PUBLISH QoS 0 declaring 200 MB; without the guard the broker buffers whatever follows, indefinitely.
    socket.write(Buffer.concat([Buffer.from([0x30, ...remainingLength(200 * 1024 * 1024)]), utf8(gatewayTopics(sn).telemetry), Buffer.alloc(1024, 32)]));
    await closed;
    expect(socket.destroyed).toBe(true);
  });

  it('closes a WebSocket connection whose MQTT header declares 200 MB', { timeout: 15_000 }, async () => {
    const ws = new WebSocket(wsUrl, 'mqtt');
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
    ws.on('error', () => undefined);
    ws.on('open', () => ws.send(hugeConnectHeader()));
    await closed;
    expect(ws.readyState).toBe(WebSocket.CLOSED);
  });

  it('closes a connection whose packet after CONNECT is larger than MQTT_MAX_PACKET_BYTES', async () => {
    const sn = 'GW-SZIP-01';
    const secret = await issueGatewaySecret(h.rt.database.db, sn);
    const gateway = await mqtt.connectAsync(h.rt.mqttTcpUrl, { username: sn, password: secret, clientId: gatewayClientId(sn), reconnectPeriod: 0 });
    extra.push(gateway);
    const closed = new Promise<void>((resolve) => gateway.once('close', () => resolve()));
    gateway.publish(gatewayTopics(sn).telemetry, Buffer.alloc(70_000, 32), { qos: 1 });
    await closed;
  });
});

describe.each(backends)('migration 0008 on %s', (backend) => {
  it("hashes the existing gateways' secrets and drops every plaintext MQTT secret", async () => {
    const tdb = await createTestDatabase(backend);
    const database = await openDatabase({ databaseUrl: tdb.databaseUrl, pgliteDir: tdb.pgliteDir ?? 'memory://' });
    try {
      const db = database.db;
      await migrate(db, migrations.slice(0, 7));
      await sql`INSERT INTO organizations (name, tier) VALUES ('o', 1)`.execute(db);
      await sql`INSERT INTO projects (org_id, name, latitude, longitude) SELECT id, 'p', 31, 120 FROM organizations`.execute(db);
      await sql`INSERT INTO gateways (project_id, sn, secret, name) SELECT id, 'GW-OLD', 'legacy-secret', 'g' FROM projects`.execute(db);
      await sql`INSERT INTO users (username, name, user_type, org_id, password_hash, mqtt_username, mqtt_password)
                SELECT 'u', 'u', 0, id, 'x', 'u-u', 'legacy-mqtt-password' FROM organizations`.execute(db);
      expect(await migrate(db, migrations.slice(0, 8))).toEqual(['0008_hashed_mqtt_secrets']);
      const gw = await db.selectFrom('gateways').select('secret_hash').where('sn', '=', 'GW-OLD').executeTakeFirstOrThrow();
      expect(await verifySecret('legacy-secret', gw.secret_hash)).toBe(true);
      const everything = JSON.stringify([(await sql`SELECT * FROM gateways`.execute(db)).rows, (await sql`SELECT * FROM users`.execute(db)).rows]);
      expect(everything).not.toContain('legacy-secret');
      expect(everything).not.toContain('legacy-mqtt-password');
    } finally {
      await database.close();
      await tdb.drop();
    }
  });
});
