import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import path from 'node:path';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { clientTopics, gatewayTopics } from '@gridops/contract';
import { migrate, openDatabase } from '../db/database.js';
import { issueGatewaySecret } from '../modules/mqtt-auth/gatewaySecrets.js';
import { createLoginLimits } from '../modules/user/loginLimits.js';
import { createUserService } from '../modules/user/service.js';
import { createTestDatabase, tempDir, type TestDatabase } from '../test-support/backends.js';
import { buildServer, connected, hasProgram, startHaproxy, startRedis, startServerProcess, until, type ServerProcess, type TestHaproxy, type TestRedis } from '../test-support/cluster.js';
import { addMeterGateway, meterPointCount, meterTelemetry, seedLoadProject } from '../test-support/loadSite.js';

/**
 * Issue 16, item 1 (docs/adr/0006-clustered-broker.md): two instances of the built server, their embedded
 * brokers clustered through Redis, behind HAProxy, on one PostgreSQL. One instance is killed with SIGKILL while
 * gateways publish QoS 1 telemetry; the gateways reconnect (through HAProxy, to the other instance) and resend
 * what was not acknowledged; every point a gateway got a PUBACK for is stored exactly once.
 *
 * PostgreSQL only (TEST_DATABASE_URL; the instances of a cluster share one database). .ci/run installs
 * redis-server and haproxy; without haproxy the gateways fail over by their own server list instead.
 */
const cluster = process.env.TEST_DATABASE_URL ? describe : describe.skip;

const GATEWAYS = 4;
const METERS = 5;
/** Messages each gateway keeps in flight (published, not yet acknowledged). */
const WINDOW = 3;
const SERVICE = { username: 'gridops-cluster-service', password: 'cluster-test-service-secret' };

cluster('two instances clustered through Redis behind HAProxy (PostgreSQL)', () => {
  let dir: string;
  let tdb: TestDatabase;
  let databaseUrl: string;
  let redis: TestRedis;
  let haproxy: TestHaproxy | null = null;
  const nodes: ServerProcess[] = [];
  const clients: MqttClient[] = [];
  const gateways: { sn: string; secret: string; pointIds: number[] }[] = [];
  let alarmGw: { sn: string; secret: string };
  let centre: { id: number; org_id: number; username: string; pass: string };
  /** A second login of the centre user, ended through instance B while its console is connected to A. */
  let leaving: { token: string; username: string; pass: string };

  beforeAll(async () => {
    buildServer();
    dir = await tempDir('gridops-cluster-');
    // A copy of this run's migrated template (the migrate below finds nothing to do).
    tdb = await createTestDatabase('postgres', { template: 'migrated' });
    databaseUrl = tdb.databaseUrl!;
    const database = await openDatabase({ databaseUrl, pgliteDir: 'memory://' });
    await migrate(database.db);
    const { projectId } = await seedLoadProject(database.db);
    for (let g = 0; g < GATEWAYS; g++) {
      const gw = await addMeterGateway(database.db, projectId, `CLUSTER-${g}`, METERS);
      const points = await database.db.selectFrom('device_points').select('id').where('device_id', 'in', gw.deviceIds).execute();
      gateways.push({ sn: gw.sn, secret: gw.secret, pointIds: points.map((p) => p.id) });
    }
    // The demo Shanghai gateway's environment sensor: smoke 0 → 1 raises a level-4 alarm pushed to the centre user.
    alarmGw = { sn: 'GW-SHZJ-01', secret: await issueGatewaySecret(database.db, 'GW-SHZJ-01') };
    const users = createUserService(database.db, createLoginLimits(database.db, { maxFailures: 5, windowMinutes: 15 }));
    const login = await users.login('centre', 'demo1234', { ip: '127.0.0.1', deviceType: 'pc', sessionTtlHours: 1 });
    centre = { id: login.userInfo.id, org_id: login.userInfo.org_id, username: login.userInfo.mqtt.username, pass: login.userInfo.mqtt.pass };
    const second = await users.login('centre', 'demo1234', { ip: '127.0.0.1', deviceType: 'pc', sessionTtlHours: 1 });
    leaving = { token: second.token, username: second.userInfo.mqtt.username, pass: second.userInfo.mqtt.pass };
    await database.close();

    redis = await startRedis(path.join(dir, 'redis'));
    const env = { DATABASE_URL: databaseUrl, REDIS_URL: redis.url, MQTT_SERVICE_USERNAME: SERVICE.username, MQTT_SERVICE_PASSWORD: SERVICE.password, INGEST_MAX_DELAY_MS: '20' };
    // One after the other: two first starts racing on the 2-core machine only slow each other down.
    for (const name of ['a', 'b']) nodes.push(await startServerProcess(name, env, { dataDir: path.join(dir, name) }));
    if (hasProgram('haproxy')) haproxy = await startHaproxy(path.join(dir, 'haproxy'), nodes.map((n) => ({ name: n.name, httpPort: n.httpPort, mqttTcpPort: n.mqttTcpPort })));
  }, 240_000);

  afterAll(async () => {
    for (const c of clients) c.end(true);
    await haproxy?.stop();
    for (const n of nodes) await n.stop();
    await redis?.stop();
    await tdb?.drop();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  const [a, b] = [() => nodes[0]!, () => nodes[1]!];
  const connect = async (url: string, opts: IClientOptions) => {
    const c = await mqtt.connectAsync(url, { reconnectPeriod: 0, ...opts });
    clients.push(c);
    return c;
  };

  it('both instances are ready and say Redis answers', async () => {
    for (const node of nodes) {
      const res = await fetch(`${node.url}/ready`);
      const body = (await res.json()) as { status: string; checks: Record<string, { ok: boolean; detail: string }> };
      expect(res.status).toBe(200);
      expect(body.checks.redis).toMatchObject({ ok: true, detail: expect.stringContaining('Redis at REDIS_URL') });
      expect(await (await fetch(`${node.url}/metrics`)).text()).toMatch(/^gridops_redis_up 1$/m);
    }
  });

  it('an alarm raised on instance B is pushed to a console connected to instance A', async () => {
    const console = await connect(`ws://127.0.0.1:${a().mqttWsPort}/mqtt`, { username: centre.username, password: centre.pass, clientId: `gridops_web_${centre.id}_cluster` });
    const pushes: { command?: string }[] = [];
    console.on('message', (_t, p) => pushes.push(JSON.parse(p.toString()) as { command?: string }));
    await console.subscribeAsync(clientTopics(centre.org_id, centre.id).message, { qos: 2 });

    const gw = await connect(`mqtt://127.0.0.1:${b().mqttTcpPort}`, { username: alarmGw.sn, password: alarmGw.secret, clientId: `gw-${alarmGw.sn}` });
    const telemetry = gatewayTopics(alarmGw.sn).telemetry;
    const now = Date.now();
    await gw.publishAsync(telemetry, JSON.stringify({ ts: now - 2000, devices: [{ sn: 'ENV', values: { smoke: 0 } }] }), { qos: 1 });
    await gw.publishAsync(telemetry, JSON.stringify({ ts: now - 1000, devices: [{ sn: 'ENV', values: { smoke: 1 } }] }), { qos: 1 });
    await until('the alarm pushed across instances', () => pushes.length > 0, 30_000);
    expect(await connected(a(), 'browser')).toBe(1);
    expect(await connected(b(), 'gateway')).toBe(1);
    gw.end(true);
  });

  it('a logout on instance B ends that session\'s console connection on instance A at once', async () => {
    const console = await connect(`ws://127.0.0.1:${a().mqttWsPort}/mqtt`, { username: leaving.username, password: leaving.pass, clientId: `gridops_web_${centre.id}_leaving` });
    const closed = new Promise<void>((r) => console.once('close', () => r()));
    const res = await fetch(`${b().url}/api/v6/user/logout`, { method: 'POST', headers: { version: '1.0', devicetype: 'pc', token: leaving.token } });
    expect(((await res.json()) as { code: number }).code).toBe(1);
    // Not the periodic sweep (every 30 s): the order goes to every node through Redis.
    let isClosed = false;
    void closed.then(() => (isClosed = true));
    await until('the console on A disconnected', () => isClosed, 15_000);
  });

  it('a command published on instance B reaches a gateway on instance A, and one queued for it while away reaches it on B', async () => {
    const gwSn = gateways[0]!.sn;
    const topics = gatewayTopics(gwSn);
    const opts = { username: gwSn, password: gateways[0]!.secret, clientId: `gw-${gwSn}`, clean: false };
    const received: string[] = [];
    const onCommand = (_t: string, p: Buffer) => received.push((JSON.parse(p.toString()) as { id: string }).id);
    const onA = await connect(`mqtt://127.0.0.1:${a().mqttTcpPort}`, opts);
    onA.on('message', onCommand);
    await onA.subscribeAsync(topics.command, { qos: 1 });
    const server = await connect(`mqtt://127.0.0.1:${b().mqttTcpPort}`, { ...SERVICE, clientId: 'gridops-server-cluster-test' });
    await server.publishAsync(topics.command, JSON.stringify({ id: 'via-b', action: 'read' }), { qos: 1 });
    await until('the command delivered across instances', () => received.includes('via-b'), 30_000);

    // Away: its persistent session (in Redis) keeps the QoS 1 command until it is back, on the other instance.
    await onA.endAsync();
    await until('the gateway gone from instance A', async () => (await connected(a(), 'gateway')) === 0, 30_000);
    await server.publishAsync(topics.command, JSON.stringify({ id: 'while-away', action: 'read' }), { qos: 1 });
    // The listener goes on before the CONNACK: the queued command follows it at once, possibly in the same read.
    const onB = mqtt.connect(`mqtt://127.0.0.1:${b().mqttTcpPort}`, { ...opts, reconnectPeriod: 0 });
    clients.push(onB);
    onB.on('message', onCommand);
    await until('the queued command delivered on the other instance', () => received.includes('while-away'), 30_000);
    await onB.endAsync();
  });

  it('stores every acknowledged point exactly once when an instance is killed mid-load', async () => {
    // Gateways through HAProxy (leastconn: both instances get some); without it, each knows both instances.
    const servers = nodes.map((n) => ({ host: '127.0.0.1', port: n.mqttTcpPort }));
    const url = haproxy ? `mqtt://127.0.0.1:${haproxy.mqttPort}` : `mqtt://127.0.0.1:${servers[0]!.port}`;
    const base = Date.now() - 10 * 60_000;
    let running = true;
    const acked = new Map<string, number[]>();
    const published = new Map<string, number>();
    const failures: string[] = [];
    const loops: Promise<void>[] = [];
    for (const [gi, gw] of gateways.entries()) {
      const c = await mqtt.connectAsync(url, {
        username: gw.sn,
        password: gw.secret,
        clientId: `gw-${gw.sn}`,
        clean: false,
        reconnectPeriod: 100,
        connectTimeout: 5000,
        ...(haproxy ? {} : { servers: gi % 2 ? [...servers].reverse() : servers }),
      });
      clients.push(c);
      c.on('error', () => undefined);
      acked.set(gw.sn, []);
      published.set(gw.sn, 0);
      let next = 0;
      // WINDOW publishers per gateway, each waiting for its message's PUBACK before the next: as a gateway
      // whose messages stay in its outgoing store until acknowledged (resent after a reconnect).
      for (let w = 0; w < WINDOW; w++) {
        loops.push(
          (async () => {
            while (running) {
              const ts = base + next++;
              published.set(gw.sn, published.get(gw.sn)! + 1);
              try {
                await c.publishAsync(gatewayTopics(gw.sn).telemetry, meterTelemetry(ts, METERS), { qos: 1 });
                acked.get(gw.sn)!.push(ts);
              } catch (e) {
                failures.push(`${gw.sn} ts ${ts}: ${e instanceof Error ? e.message : String(e)}`);
              }
            }
          })(),
        );
      }
    }
    const total = () => [...acked.values()].reduce((n, list) => n + list.length, 0);
    const progress = () => `acknowledged ${JSON.stringify(Object.fromEntries([...acked].map(([sn, l]) => [sn, l.length])))}; failures ${failures.length}`;

    // Load on both instances, then instance A dies as in a power cut.
    await until('gateways on both instances', async () => (await connected(a(), 'gateway')) > 0 && (await connected(b(), 'gateway')) > 0, 30_000);
    await until('load under way', () => total() >= 40 * GATEWAYS, 60_000, progress);
    const onA = await connected(a(), 'gateway');
    const atKill = new Map([...acked].map(([sn, list]) => [sn, list.length]));
    const inFlightAtKill = gateways.reduce((n, g) => n + published.get(g.sn)! - acked.get(g.sn)!.length, 0);
    await a().kill('SIGKILL');

    await until('every gateway connected to B', async () => (await connected(b(), 'gateway')) === GATEWAYS, 60_000, progress);
    // Every gateway goes on being acknowledged (those of A after reconnecting to B), then the load stops.
    await until('every gateway acknowledged again after the kill', () => gateways.every((g) => acked.get(g.sn)!.length >= atKill.get(g.sn)! + 40), 90_000, progress);
    running = false;
    // Each publisher finishes its last message: acknowledged (or failed, which the assertions below show).
    await Promise.all(loops);
    for (const c of clients.splice(-GATEWAYS)) c.end(true);

    expect(failures).toEqual([]);
    // The kill hit gateways of A with messages in flight: those were resent to B.
    expect(onA).toBeGreaterThan(0);
    expect(inFlightAtKill).toBeGreaterThan(0);
    for (const gw of gateways) expect(acked.get(gw.sn)).toHaveLength(published.get(gw.sn)!);

    // Every acknowledged (point, time) is stored exactly once.
    const database = await openDatabase({ databaseUrl, pgliteDir: 'memory://' });
    try {
      for (const gw of gateways) {
        const rows = await database.db
          .selectFrom('telemetry')
          .select(['point_id', 'ts', (eb) => eb.fn.countAll<string>().as('n')])
          .where('point_id', 'in', gw.pointIds)
          .where('ts', '>=', new Date(base))
          .groupBy(['point_id', 'ts'])
          .execute();
        const stored = new Map(rows.map((r) => [`${r.point_id}@${new Date(r.ts).getTime()}`, Number(r.n)]));
        const missing: string[] = [];
        for (const ts of acked.get(gw.sn)!) {
          for (const pointId of gw.pointIds) {
            const n = stored.get(`${pointId}@${ts}`) ?? 0;
            if (n !== 1) missing.push(`point ${pointId} at ${ts}: ${n} rows`);
          }
        }
        expect(missing.slice(0, 10), `${gw.sn}: ${missing.length} acknowledged points not stored exactly once`).toEqual([]);
        expect(gw.pointIds).toHaveLength(METERS * meterPointCount());
        // Nothing stored that no message carried.
        expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
      }
    } finally {
      await database.close();
    }
    // The surviving instance is still ready.
    expect((await fetch(`${b().url}/ready`)).status).toBe(200);
  }, 240_000);
});
