import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { gatewayTopics } from '@gridops/contract';
import { migrate, openDatabase } from '../db/database.js';
import { createTestDatabase, tempDir, type TestDatabase } from '../test-support/backends.js';
import {
  buildServer,
  connected,
  startRedis,
  startSentinel,
  startServerProcess,
  until,
  type ServerProcess,
  type TestRedis,
  type TestSentinel,
} from '../test-support/cluster.js';
import { addMeterGateway, seedLoadProject } from '../test-support/loadSite.js';
import { freePort } from '../test-support/mosquitto.js';
import { connectCluster } from './cluster.js';

/**
 * The broker cluster through Redis Sentinel (REDIS_SENTINELS, docs/deployment.md "Redis Sentinel"): a master, a
 * replica and one sentinel (quorum 1) on free ports, two built servers that find the master through the sentinel.
 * The master is killed with SIGKILL; once the sentinel has promoted the replica, both nodes are ready again and
 * route messages to each other, and a gateway's persistent session works on the new master.
 *
 * PostgreSQL only (TEST_DATABASE_URL), as cluster.int.test.ts: the instances of a cluster share one database.
 */
const cluster = process.env.TEST_DATABASE_URL ? describe : describe.skip;

const SENTINEL_PASSWORD = 'sentinel-test-secret';
const SERVICE = { username: 'gridops-sentinel-service', password: 'sentinel-test-service-secret' };

interface ReadyBody {
  checks: Record<string, { ok: boolean; detail: string }>;
}

cluster('two instances clustered through Redis Sentinel survive a failover (PostgreSQL)', () => {
  let dir: string;
  let tdb: TestDatabase;
  let master: TestRedis;
  let replica: TestRedis;
  let sentinel: TestSentinel;
  const nodes: ServerProcess[] = [];
  const clients: MqttClient[] = [];
  let gw: { sn: string; secret: string };

  beforeAll(async () => {
    buildServer();
    dir = await tempDir('gridops-sentinel-');
    // A copy of this run's migrated template (the migrate below finds nothing to do).
    tdb = await createTestDatabase('postgres', { template: 'migrated' });
    const database = await openDatabase({ databaseUrl: tdb.databaseUrl!, pgliteDir: 'memory://' });
    await migrate(database.db);
    const { projectId } = await seedLoadProject(database.db);
    gw = await addMeterGateway(database.db, projectId, 'SENTINEL-1', 1);
    await database.close();

    master = await startRedis(path.join(dir, 'master'));
    replica = await startRedis(path.join(dir, 'replica'), { replicaOf: master.port });
    // A sentinel with a password of its own, as a production one has (REDIS_SENTINEL_PASSWORD).
    sentinel = await startSentinel(path.join(dir, 'sentinel'), master.port, { password: SENTINEL_PASSWORD });
    // A failover needs a replica the sentinel knows and sees in sync; it learns of it from the master's INFO.
    await until('the sentinel sees the replica in sync', async () => (await sentinel.replicaPorts()).includes(replica.port), 60_000, sentinel.output);

    // Sentinel mode without REDIS_URL: the sentinel says where the master is.
    const env = { DATABASE_URL: tdb.databaseUrl!, REDIS_URL: '', REDIS_SENTINELS: `127.0.0.1:${sentinel.port}`, REDIS_SENTINEL_PASSWORD: SENTINEL_PASSWORD, MQTT_SERVICE_USERNAME: SERVICE.username, MQTT_SERVICE_PASSWORD: SERVICE.password };
    // One after the other: two first starts racing on a small machine only slow each other down.
    for (const name of ['a', 'b']) nodes.push(await startServerProcess(name, env, { dataDir: path.join(dir, name) }));
  }, 240_000);

  afterAll(async () => {
    for (const c of clients) c.end(true);
    for (const n of nodes) await n.stop();
    await sentinel?.stop();
    await replica?.stop();
    await master?.stop();
    await tdb?.drop();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  const [a, b] = [() => nodes[0]!, () => nodes[1]!];
  const connect = async (url: string, opts: IClientOptions) => {
    const c = await mqtt.connectAsync(url, { reconnectPeriod: 0, ...opts });
    clients.push(c);
    return c;
  };
  const redisCheck = async (node: ServerProcess) => {
    const res = await fetch(`${node.url}/ready`);
    return { status: res.status, check: ((await res.json()) as ReadyBody).checks.redis };
  };

  /**
   * A gateway on A and the server's own client on B; resolves once a command published on B reached the
   * gateway. Pub/sub between nodes is at most once, and a node that has just reconnected may not have
   * resubscribed yet: each try publishes a new command, and any of them arriving proves the route.
   */
  async function commandRoutedFromBToA(label: string): Promise<string[]> {
    const topics = gatewayTopics(gw.sn);
    const received: string[] = [];
    const gateway = await connect(`mqtt://127.0.0.1:${a().mqttTcpPort}`, { username: gw.sn, password: gw.secret, clientId: `gw-${gw.sn}` });
    gateway.on('message', (_t, p) => received.push((JSON.parse(p.toString()) as { id: string }).id));
    await gateway.subscribeAsync(topics.command, { qos: 1 });
    const server = await connect(`mqtt://127.0.0.1:${b().mqttTcpPort}`, { ...SERVICE, clientId: `gridops-server-sentinel-${label}` });
    let tries = 0;
    await until(`a command (${label}) routed from B to A`, async () => {
      await server.publishAsync(topics.command, JSON.stringify({ id: `${label}-${++tries}`, action: 'read' }), { qos: 1 });
      return until(`try ${tries}`, () => received.length > 0, 1000).then(
        () => true,
        () => false,
      );
    }, 30_000);
    await gateway.endAsync();
    await server.endAsync();
    return received;
  }

  it('both instances are ready through the sentinel and route messages to each other', async () => {
    for (const node of nodes) {
      const { status, check } = await redisCheck(node);
      expect(status).toBe(200);
      expect(check).toMatchObject({ ok: true, detail: expect.stringContaining(`Redis Sentinel at REDIS_SENTINELS (127.0.0.1:${sentinel.port}; master mymaster)`) });
    }
    expect(await sentinel.masterPort()).toBe(master.port);
    expect((await commandRoutedFromBToA('before')).length).toBeGreaterThan(0);
  });

  it('fails the start naming the sentinels and what went wrong: none answers, a password is missing or wrong, or none knows the master', async () => {
    const quiet = { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
    const nobody = await freePort();
    const at = (port: number, master = 'mymaster', password: string | null = SENTINEL_PASSWORD) => ({ url: null, sentinels: { hosts: [{ host: '127.0.0.1', port }], master, password } });
    await expect(connectCluster(at(nobody), quiet, 'x')).rejects.toThrow(`Redis Sentinel at REDIS_SENTINELS (127.0.0.1:${nobody}; master mymaster): no sentinel answered`);
    await expect(connectCluster(at(sentinel.port, 'mymaster', null), quiet, 'x')).rejects.toThrow(
      `Redis Sentinel at REDIS_SENTINELS (127.0.0.1:${sentinel.port}; master mymaster): the sentinels require a password; set REDIS_SENTINEL_PASSWORD`,
    );
    await expect(connectCluster(at(sentinel.port, 'mymaster', 'not-it'), quiet, 'x')).rejects.toThrow(
      `Redis Sentinel at REDIS_SENTINELS (127.0.0.1:${sentinel.port}; master mymaster): the sentinels refused the password of REDIS_SENTINEL_PASSWORD`,
    );
    await expect(connectCluster(at(sentinel.port, 'other'), quiet, 'x')).rejects.toThrow(
      `Redis Sentinel at REDIS_SENTINELS (127.0.0.1:${sentinel.port}; master other): the sentinels know no master named "other" (REDIS_SENTINEL_MASTER)`,
    );
  });

  it('follows the master to the promoted replica when the master is killed', async () => {
    await master.kill('SIGKILL');
    await until('the sentinel promoted the replica', async () => (await sentinel.masterPort()) === replica.port, 60_000, sentinel.output);
    // Every connection of both nodes asked the sentinel again and reached the new master.
    for (const node of nodes) {
      await until(`instance ${node.name} ready again`, async () => {
        const { status, check } = await redisCheck(node);
        return status === 200 && check?.ok === true;
      }, 60_000, node.output);
    }
    expect(await (await fetch(`${a().url}/metrics`)).text()).toMatch(/^gridops_redis_up 1$/m);
    expect((await commandRoutedFromBToA('after')).length).toBeGreaterThan(0);
    // The nodes were not restarted: they are the processes that started against the old master.
    for (const node of nodes) expect(node.output()).toContain('connection lost; retrying');
  }, 120_000);

  it('keeps a gateway\'s persistent session on the new master: a command queued while it was away reaches it on the other instance', async () => {
    const topics = gatewayTopics(gw.sn);
    const opts = { username: gw.sn, password: gw.secret, clientId: `gw-${gw.sn}`, clean: false };
    const onA = await connect(`mqtt://127.0.0.1:${a().mqttTcpPort}`, opts);
    await onA.subscribeAsync(topics.command, { qos: 1 });
    await onA.endAsync();
    await until('the gateway gone from instance A', async () => (await connected(a(), 'gateway')) === 0, 30_000);
    const server = await connect(`mqtt://127.0.0.1:${b().mqttTcpPort}`, { ...SERVICE, clientId: 'gridops-server-sentinel-queued' });
    await server.publishAsync(topics.command, JSON.stringify({ id: 'while-away', action: 'read' }), { qos: 1 });
    const received: string[] = [];
    // The listener goes on before the CONNACK: the queued command follows it at once, possibly in the same read.
    const onB = mqtt.connect(`mqtt://127.0.0.1:${b().mqttTcpPort}`, { ...opts, reconnectPeriod: 0 });
    clients.push(onB);
    onB.on('message', (_t, p) => received.push((JSON.parse(p.toString()) as { id: string }).id));
    await until('the queued command delivered on the other instance', () => received.includes('while-away'), 30_000);
    await onB.endAsync();
  });
});
