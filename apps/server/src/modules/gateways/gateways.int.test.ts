import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { gatewayTopics } from '@gridops/contract';
import { AlarmEngine } from '../alarm/engine.js';
import { LiveAlarms } from '../alarm/live.js';
import { gatewayClientId } from '../mqtt-auth/acl.js';
import { IngestPipeline } from '../telemetry/ingest.js';
import { PointRegistry } from '../telemetry/registry.js';
import { apiHeaders, backends, loginAs } from '../../test-support/backends.js';
import { createOtherTenantUser, startHarness, type Harness } from '../../test-support/pipelineHarness.js';
import { projectOfUser } from '../../test-support/stations.js';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Gateway administration end to end: API → credentials → a real MQTT gateway → ingest → adoption. */
describe.each(backends)('gateway administration on %s', (backend) => {
  let h: Harness;
  let site: string;
  let worker: string;
  let other: string;
  let projectId: number;

  const call = async <T>(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const res = await h.rt.app.inject({ method, url, headers: apiHeaders(token), ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const connect = (sn: string, password: string) =>
    mqtt.connectAsync(h.rt.mqttTcpUrl, { username: sn, password, clientId: gatewayClientId(sn), reconnectPeriod: 0 });
  const refused = (sn: string, password: string) =>
    connect(sn, password).then(
      (c) => {
        c.end(true);
        return 'connected';
      },
      (e: unknown) => (e instanceof Error ? e.message : String(e)),
    );

  beforeAll(async () => {
    h = await startHarness(backend, { SEED_DEMO: 'on' });
    await createOtherTenantUser(h.rt, 'gw-other');
    site = await loginAs(h.rt.app, 'site');
    worker = await loginAs(h.rt.app, 'worker');
    other = await loginAs(h.rt.app, 'gw-other');
    // The site user's one project.
    projectId = await projectOfUser(h.rt.database.db, 'site');
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await h?.tdb.drop();
    if (h) await fs.rm(h.dataDir, { recursive: true, force: true });
  });

  it('registers a gateway, issues credentials, a real client publishes; rotation refuses the old secret and drops the client', async () => {
    const sn = `GW-ADM-${backend}`;
    const created = await call<{ id: number; has_credentials: boolean }>(site, 'POST', '/api/v6/gateway', { project_id: projectId, sn, name: '测试网关', name_en: 'Test gateway' });
    expect(created.body.code).toBe(1);
    expect(created.body.data.has_credentials).toBe(false);
    const id = created.body.data.id;

    // Unique serial (case-insensitive), and a malformed one: both name the field.
    const dup = await call<{ field?: string }>(site, 'POST', '/api/v6/gateway', { project_id: projectId, sn: sn.toLowerCase(), name: 'x' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toContain('sn');
    const bad = await call(site, 'POST', '/api/v6/gateway', { project_id: projectId, sn: 'a/b#', name: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('sn');

    const first = await call<{ username: string; password: string }>(site, 'POST', `/api/v6/gateway/${id}/credentials`);
    expect(first.body.code).toBe(1);
    expect(first.body.data.username).toBe(sn);
    const stored = await h.rt.database.db.selectFrom('gateways').select('secret_hash').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.secret_hash.startsWith('$7$')).toBe(true);
    expect(stored.secret_hash).not.toContain(first.body.data.password);

    const client = await connect(sn, first.body.data.password);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    await client.publishAsync(gatewayTopics(sn).status, JSON.stringify({ ts: Date.now(), online: true }), { qos: 1 });
    const listed = await call<{ sn: string; online: boolean; last_seen_at: string | null; has_credentials: boolean }[]>(site, 'GET', `/api/v6/gateway/list?project_id=${projectId}`);
    const row = listed.body.data.find((g) => g.sn === sn)!;
    expect(row.online).toBe(true);
    expect(row.last_seen_at).not.toBeNull();
    expect(row.has_credentials).toBe(true);

    const second = await call<{ password: string }>(site, 'POST', `/api/v6/gateway/${id}/credentials`);
    expect(second.body.data.password).not.toBe(first.body.data.password);
    await closed;
    expect(await refused(sn, first.body.data.password)).toMatch(/Bad username or password|Not authorized/i);
    const again = await connect(sn, second.body.data.password);
    const closedAgain = new Promise<void>((resolve) => again.once('close', () => resolve()));

    const revoked = await call(site, 'DELETE', `/api/v6/gateway/${id}/credentials`);
    expect(revoked.body.code).toBe(1);
    await closedAgain;
    expect(await refused(sn, second.body.data.password)).toMatch(/Bad username or password|Not authorized/i);
  });

  it('counts telemetry of an unregistered device; adoption creates it with its catalogue points and the next sample is stored', async () => {
    const sn = `GW-UNK-${backend}`;
    const created = await call<{ id: number }>(site, 'POST', '/api/v6/gateway', { project_id: projectId, sn, name: '未知设备网关' });
    const id = created.body.data.id;
    const creds = await call<{ password: string }>(site, 'POST', `/api/v6/gateway/${id}/credentials`);
    const client = await connect(sn, creds.body.data.password);
    h.clients.push(client);
    const send = (ts: number, values: Record<string, number>) =>
      client.publishAsync(gatewayTopics(sn).telemetry, JSON.stringify({ ts, devices: [{ sn: 'NEW-METER-1', values }] }), { qos: 1 });
    await send(Date.now() - 2000, { Ua: 230.1, P: 12 });
    await send(Date.now() - 1000, { Ua: 230.2, EP: 100 });
    await h.rt.pipeline.ingest.flushRejects();

    const unknown = await call<{ gateway_id: number; device_sn: string; count: number; point_keys: string[] }[]>(site, 'GET', `/api/v6/gateway/unknownDevices?project_id=${projectId}`);
    const u = unknown.body.data.find((r) => r.gateway_id === id)!;
    expect(u).toMatchObject({ device_sn: 'NEW-METER-1', count: 2, point_keys: ['EP', 'P', 'Ua'] });

    // Another tenant cannot see or adopt it; a worker cannot configure.
    const foreignList = await call(other, 'GET', `/api/v6/gateway/unknownDevices?project_id=${projectId}`);
    expect(foreignList.status).toBe(403);
    const foreignGateways = await call(other, 'GET', `/api/v6/gateway/list?project_id=${projectId}`);
    expect(foreignGateways.status).toBe(403);
    const adoptBody = { gateway_id: id, device_sn: 'NEW-METER-1', kind: 'meter', name: '新电表', name_en: 'New meter' };
    expect((await call(other, 'POST', '/api/v6/gateway/adopt', adoptBody)).status).toBe(403);
    expect((await call(other, 'POST', `/api/v6/gateway/${id}/credentials`)).status).toBe(403);
    expect((await call(worker, 'POST', '/api/v6/gateway/adopt', adoptBody)).status).toBe(403);

    // The upstream device (issue 25): one of another site is refused naming parent_id, and nothing is adopted.
    const db0 = h.rt.database.db;
    const upstream = await db0.selectFrom('devices').select('id').where('project_id', '=', projectId).orderBy('id').executeTakeFirstOrThrow();
    const foreign = await db0.selectFrom('devices').select('id').where('project_id', '!=', projectId).orderBy('id').executeTakeFirstOrThrow();
    const refused = await call<{ field?: string }>(site, 'POST', '/api/v6/gateway/adopt', { ...adoptBody, parent_id: foreign.id });
    expect(refused.body.data).toMatchObject({ field: 'parent_id' });
    expect((await call<unknown[]>(site, 'GET', `/api/v6/gateway/unknownDevices?project_id=${projectId}`)).body.data.length).toBeGreaterThan(0);

    const adopted = await call<{ device_id: number; points: number }>(site, 'POST', '/api/v6/gateway/adopt', { ...adoptBody, parent_id: upstream.id });
    expect(adopted.body.code).toBe(1);
    const placed = await db0.selectFrom('devices').select('parent_id').where('id', '=', adopted.body.data.device_id).executeTakeFirstOrThrow();
    expect(placed.parent_id).toBe(upstream.id);
    expect(adopted.body.data.points).toBeGreaterThan(0);
    const twice = await call(site, 'POST', '/api/v6/gateway/adopt', adoptBody);
    expect(twice.status).toBe(409);

    const ts = Date.now();
    await send(ts, { Ua: 231.5 });
    const db = h.rt.database.db;
    const row = await db
      .selectFrom('telemetry as t')
      .innerJoin('device_points as p', 'p.id', 't.point_id')
      .select('t.value')
      .where('p.device_id', '=', adopted.body.data.device_id)
      .where('p.key', '=', 'Ua')
      .where('t.ts', '=', new Date(ts))
      .executeTakeFirst();
    expect(row?.value).toBeCloseTo(231.5);
    const after = await call<{ gateway_id: number }[]>(site, 'GET', `/api/v6/gateway/unknownDevices?project_id=${projectId}`);
    expect(after.body.data.some((r) => r.gateway_id === id)).toBe(false);
  });

  it('adds, renames and removes a device under a gateway; its data is stored while it exists; other tenants and workers are refused', async () => {
    const sn = `GW-DEV-${backend}`;
    const id = (await call<{ id: number }>(site, 'POST', '/api/v6/gateway', { project_id: projectId, sn, name: '设备网关' })).body.data.id;
    const creds = await call<{ password: string }>(site, 'POST', `/api/v6/gateway/${id}/credentials`);
    const client = await connect(sn, creds.body.data.password);
    h.clients.push(client);

    const body = { gateway_id: id, sn: 'ENV-1', kind: 'env_sensor', name: '环境传感器', name_en: 'Env sensor' };
    expect((await call(other, 'POST', '/api/v6/gateway/device', body)).status).toBe(403);
    expect((await call(worker, 'POST', '/api/v6/gateway/device', body)).status).toBe(403);
    const created = await call<{ id: number; points: number }>(site, 'POST', '/api/v6/gateway/device', body);
    expect(created.body.code).toBe(1);
    const dup = await call(site, 'POST', '/api/v6/gateway/device', body);
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toContain('sn');

    const key = (await h.rt.database.db.selectFrom('device_points').select('key').where('device_id', '=', created.body.data.id).orderBy('sort').executeTakeFirstOrThrow()).key;
    const ts = Date.now();
    await client.publishAsync(gatewayTopics(sn).telemetry, JSON.stringify({ ts, devices: [{ sn: 'ENV-1', values: { [key]: 21 } }] }), { qos: 1 });
    const stored = await h.rt.database.db
      .selectFrom('telemetry as t')
      .innerJoin('device_points as p', 'p.id', 't.point_id')
      .select('t.value')
      .where('p.device_id', '=', created.body.data.id)
      .where('t.ts', '=', new Date(ts))
      .executeTakeFirst();
    expect(stored?.value).toBe(21);

    expect((await call(other, 'PUT', `/api/v6/gateway/device/${created.body.data.id}`, { name: 'x' })).status).toBe(403);
    expect((await call(site, 'PUT', `/api/v6/gateway/device/${created.body.data.id}`, { name: '1# 环境', name_en: 'Env 1' })).body.code).toBe(1);
    const listed = await call<{ id: number; name_en: string; gateway_sn: string }[]>(site, 'GET', `/api/v6/gateway/devices?project_id=${projectId}`);
    expect(listed.body.data.find((d) => d.id === created.body.data.id)).toMatchObject({ name_en: 'Env 1', gateway_sn: sn });
    expect((await call(other, 'GET', `/api/v6/gateway/devices?project_id=${projectId}`)).status).toBe(403);

    // A gateway with devices cannot be deleted; the refusal names the count.
    const refusedDelete = await call(site, 'DELETE', `/api/v6/gateway/${id}`);
    expect(refusedDelete.status).toBe(409);
    expect(refusedDelete.body.msg).toMatch(/1/);
    expect((await call(other, 'PUT', `/api/v6/gateway/${id}`, { name: 'x' })).status).toBe(403);
    expect((await call(site, 'PUT', `/api/v6/gateway/${id}`, { name: '设备网关 A', name_en: 'Device gateway A' })).body.code).toBe(1);
    expect((await call(other, 'DELETE', `/api/v6/gateway/device/${created.body.data.id}`)).status).toBe(403);
    expect((await call(site, 'DELETE', `/api/v6/gateway/device/${created.body.data.id}`)).body.code).toBe(1);
    await client.publishAsync(gatewayTopics(sn).telemetry, JSON.stringify({ ts: ts + 1000, devices: [{ sn: 'ENV-1', values: { [key]: 22 } }] }), { qos: 1 });
    await h.rt.pipeline.ingest.flushRejects();
    const unknown = await call<{ gateway_id: number; device_sn: string }[]>(site, 'GET', `/api/v6/gateway/unknownDevices?project_id=${projectId}`);
    expect(unknown.body.data.some((u) => u.gateway_id === id && u.device_sn === 'ENV-1')).toBe(true);

    // Without devices the gateway can go; its client is dropped and its unknown devices with it.
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    expect((await call(other, 'DELETE', `/api/v6/gateway/${id}`)).status).toBe(403);
    expect((await call(site, 'DELETE', `/api/v6/gateway/${id}`)).body.code).toBe(1);
    await closed;
    const gone = await call<{ id: number }[]>(site, 'GET', `/api/v6/gateway/list?project_id=${projectId}`);
    expect(gone.body.data.some((g) => g.id === id)).toBe(false);
  });

  it('a second instance stores the adopted device from its next message: a miss looks the device up and reloads', async () => {
    const db = h.rt.database.db;
    // Instance B: its own registry, alarm engine and ingest on the same database, loaded before the adoption.
    const registryB = new PointRegistry(db, 0);
    await registryB.load();
    const engineB = new AlarmEngine(db, registryB);
    await engineB.loadRules();
    const alarmsB = new LiveAlarms(db, engineB, async () => undefined, h.rt.app.log);
    const ingestB = new IngestPipeline(db, registryB, alarmsB, h.rt.app.log, { maxBatch: 100, maxTransaction: 100, maxDelayMs: 5, lanes: 1, maxFutureSkewMs: 300_000 });
    try {
      const sn = `GW-TWO-${backend}`;
      const id = (await call<{ id: number }>(site, 'POST', '/api/v6/gateway', { project_id: projectId, sn, name: '双实例网关' })).body.data.id;
      const message = (ts: number, value: number) => JSON.stringify({ ts, devices: [{ sn: 'TWO-1', values: { Ua: value } }] });
      await ingestB.submit(sn, message(Date.now() - 1000, 229));
      await ingestB.flushRejects();
      const adopted = await call<{ device_id: number }>(site, 'POST', '/api/v6/gateway/adopt', { gateway_id: id, device_sn: 'TWO-1', kind: 'meter', name: '双实例电表' });
      expect(adopted.body.code).toBe(1);
      expect(registryB.device(sn, 'TWO-1')).toBeUndefined();

      const ts = Date.now();
      await ingestB.submit(sn, message(ts, 230.5));
      await ingestB.drain();
      const row = await db
        .selectFrom('telemetry as t')
        .innerJoin('device_points as p', 'p.id', 't.point_id')
        .select('t.value')
        .where('p.device_id', '=', adopted.body.data.device_id)
        .where('t.ts', '=', new Date(ts))
        .executeTakeFirst();
      expect(row?.value).toBeCloseTo(230.5);
    } finally {
      await ingestB.close();
      await alarmsB.close();
    }
  });
});
