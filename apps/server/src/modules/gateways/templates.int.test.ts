import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import writeXlsxFile from 'write-excel-file/node';
import { gatewayTopics } from '@gridops/contract';
import { gatewayClientId } from '../mqtt-auth/acl.js';
import { apiHeaders, backends, loginAs } from '../../test-support/backends.js';
import { createOtherTenantUser, startHarness, type Harness } from '../../test-support/pipelineHarness.js';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
interface TemplateRow {
  id: number;
  name: string;
  version: number;
  points: { key: string }[];
}
interface ImportResult {
  ok: boolean;
  created: number;
  errors: { row: number; column: string; message: { zh: string; en: string } }[];
}

const point = (key: string, extra: Record<string, unknown> = {}) => ({ key, name: `测点${key}`, name_en: `Point ${key}`, unit: 'kW', type: 'analog', scale: 1, ...extra });

/** Device templates and the bulk import, end to end: API → database → a real MQTT gateway → ingest. */
describe.each(backends)('device templates and bulk import on %s', (backend) => {
  let h: Harness;
  let site: string;
  let other: string;
  let projectId: number;
  const call = async <T>(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const res = await h.rt.app.inject({ method, url, headers: apiHeaders(token), ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const workbook = async (rows: string[][]) => {
    const header = ['gateway_sn', 'device_sn', 'name', 'name_en', 'template', 'room'];
    const buffer = await writeXlsxFile([header, ...rows].map((r) => r.map((value) => ({ value })))).toBuffer();
    return buffer.toString('base64');
  };

  beforeAll(async () => {
    h = await startHarness(backend, { SEED_DEMO: 'on' });
    await createOtherTenantUser(h.rt, 'tpl-other');
    // The other tenant's user may configure (its own organisation): refusals below are about tenancy, not permission.
    await h.rt.database.db.updateTable('users').set({ permissions: ['view', 'configure'] }).where('username', '=', 'tpl-other').execute();
    site = await loginAs(h.rt.app, 'site');
    other = await loginAs(h.rt.app, 'tpl-other');
    const p = await h.rt.database.db
      .selectFrom('user_projects as up')
      .innerJoin('users as u', 'u.id', 'up.user_id')
      .select('up.project_id')
      .where('u.username', '=', 'site')
      .executeTakeFirstOrThrow();
    projectId = p.project_id;
  }, 120_000);

  afterAll(async () => {
    await h?.close();
    await h?.tdb.drop();
    if (h) await fs.rm(h.dataDir, { recursive: true, force: true });
  });

  it('creates, validates (naming the field), edits with a version check, and hides templates from another tenant', async () => {
    const list = await call<{ builtin: { kind: string }[] }>(site, 'GET', '/api/v6/deviceTemplate/list');
    expect(list.body.data.builtin.map((b) => b.kind)).toContain('meter');

    const body = { name: `水泵-${backend}`, name_en: `Pump ${backend}`, kind: 'meter', points: [point('P'), point('run', { type: 'digital', unit: '' })] };
    const dupKey = await call(site, 'POST', '/api/v6/deviceTemplate', { ...body, points: [point('P'), point('P')] });
    expect(dupKey.status).toBe(400);
    expect(dupKey.body.msg).toContain('points[1].key');
    const badKey = await call(site, 'POST', '/api/v6/deviceTemplate', { ...body, points: [point('1bad')] });
    expect(badKey.status).toBe(400);
    expect(badKey.body.msg).toContain('key');
    const lowHigh = await call(site, 'POST', '/api/v6/deviceTemplate', { ...body, points: [point('T', { low: 10, high: 5 })] });
    expect(lowHigh.status).toBe(400);
    expect(lowHigh.body.msg).toContain('points[0].low');

    const created = await call<TemplateRow>(site, 'POST', '/api/v6/deviceTemplate', body);
    expect(created.body.code).toBe(1);
    expect(created.body.data.version).toBe(1);
    const id = created.body.data.id;
    expect((await call(site, 'POST', '/api/v6/deviceTemplate', body)).status).toBe(409);

    const edited = await call<TemplateRow>(site, 'PUT', `/api/v6/deviceTemplate/${id}`, { ...body, points: [...body.points, point('Q')], version: 1 });
    expect(edited.body.data.version).toBe(2);
    expect(edited.body.data.points.map((p) => p.key)).toEqual(['P', 'run', 'Q']);
    const stale = await call<{ field?: string }>(site, 'PUT', `/api/v6/deviceTemplate/${id}`, { ...body, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.data.field).toBe('version');

    // Another organisation neither sees nor changes nor uses it.
    const foreign = await call<{ custom: { id: number }[] }>(other, 'GET', '/api/v6/deviceTemplate/list');
    expect(foreign.body.data.custom.some((t) => t.id === id)).toBe(false);
    expect((await call(other, 'PUT', `/api/v6/deviceTemplate/${id}`, { ...body, version: 2 })).status).toBe(404);
    expect((await call(other, 'DELETE', `/api/v6/deviceTemplate/${id}`)).status).toBe(404);
    const mine = await call<{ custom: { id: number }[] }>(site, 'GET', '/api/v6/deviceTemplate/list');
    expect(mine.body.data.custom.some((t) => t.id === id)).toBe(true);
  });

  it('creates a device from a template; telemetry for its points is stored; another tenant cannot use the template', async () => {
    const tpl = await call<TemplateRow>(site, 'POST', '/api/v6/deviceTemplate', {
      name: `风机-${backend}`,
      name_en: `Fan ${backend}`,
      kind: 'env_sensor',
      // The gateway sends the speed in tens of rpm (scale 10); the point's own limit is 3000 rpm.
      points: [point('speed', { unit: 'rpm', scale: 10, low: 0, high: 3000 }), point('on', { type: 'digital', unit: '' })],
    });
    const sn = `GW-TPL-${backend}`;
    const gw = (await call<{ id: number }>(site, 'POST', '/api/v6/gateway', { project_id: projectId, sn, name: '模板网关', name_en: 'Template gateway' })).body.data.id;
    const creds = await call<{ password: string }>(site, 'POST', `/api/v6/gateway/${gw}/credentials`);
    const client = await mqtt.connectAsync(h.rt.mqttTcpUrl, { username: sn, password: creds.body.data.password, clientId: gatewayClientId(sn), reconnectPeriod: 0 });
    h.clients.push(client);

    // The other tenant's own gateway cannot take this template (it is not in its organisation).
    const device = { gateway_id: gw, sn: 'FAN-1', template_id: tpl.body.data.id, name: '1# 风机', name_en: 'Fan 1' };
    expect((await call(other, 'POST', '/api/v6/gateway/device', device)).status).toBe(403);
    const created = await call<{ id: number; kind: string; points: number }>(site, 'POST', '/api/v6/gateway/device', device);
    expect(created.body.code).toBe(1);
    expect(created.body.data).toMatchObject({ kind: 'env_sensor', points: 2 });
    const pts = await h.rt.database.db.selectFrom('device_points').select(['key', 'high']).where('device_id', '=', created.body.data.id).orderBy('sort').execute();
    expect(pts).toEqual([
      { key: 'speed', high: 3000 },
      { key: 'on', high: null },
    ]);
    const missing = await call<{ field?: string }>(site, 'POST', '/api/v6/gateway/device', { ...device, sn: 'FAN-2', template_id: 2_000_000 });
    expect(missing.status).toBe(404);
    expect(missing.body.data.field).toBe('template_id');
    // Nor can this tenant use the other organisation's template on its own gateway.
    const foreignTpl = await call<TemplateRow>(other, 'POST', '/api/v6/deviceTemplate', { name: `外部-${backend}`, name_en: `Foreign ${backend}`, kind: 'meter', points: [point('P')] });
    expect(foreignTpl.body.code).toBe(1);
    const useForeign = await call<{ field?: string }>(site, 'POST', '/api/v6/gateway/device', { ...device, sn: 'FAN-3', template_id: foreignTpl.body.data.id });
    expect(useForeign.status).toBe(404);
    expect(useForeign.body.data.field).toBe('template_id');

    // Acknowledged after the commit (QoS 1), so the rows are there (or not) once publishAsync resolves.
    const storedAt = (ts: number) =>
      h.rt.database.db
        .selectFrom('telemetry as t')
        .innerJoin('device_points as p', 'p.id', 't.point_id')
        .select('t.value')
        .where('p.device_id', '=', created.body.data.id)
        .where('p.key', '=', 'speed')
        .where('t.ts', '=', new Date(ts))
        .executeTakeFirst();
    const ts = Date.now();
    await client.publishAsync(gatewayTopics(sn).telemetry, JSON.stringify({ ts, devices: [{ sn: 'FAN-1', values: { speed: 145 } }] }), { qos: 1 });
    // Stored scaled: 145 × 10 rpm.
    expect((await storedAt(ts))?.value).toBe(1450);
    // 301 × 10 = 3010 rpm is above the point's own high (3000), though inside the catalogue's range: refused.
    await client.publishAsync(gatewayTopics(sn).telemetry, JSON.stringify({ ts: ts + 1000, devices: [{ sn: 'FAN-1', values: { speed: 301 } }] }), { qos: 1 });
    expect(await storedAt(ts + 1000)).toBeUndefined();
  });

  it('bulk import: one bad row writes nothing and is reported; all good rows are created', async () => {
    const sn = `GW-IMP-${backend}`;
    const gw = (await call<{ id: number }>(site, 'POST', '/api/v6/gateway', { project_id: projectId, sn, name: '导入网关', name_en: 'Import gateway' })).body.data.id;
    const tpl = await call<TemplateRow>(site, 'POST', '/api/v6/deviceTemplate', { name: `导入模板-${backend}`, name_en: `Import tpl ${backend}`, kind: 'meter', points: [point('P')] });
    const count = async () =>
      Number((await h.rt.database.db.selectFrom('devices').select((eb) => eb.fn.countAll().as('n')).where('gateway_id', '=', gw).executeTakeFirstOrThrow()).n);

    const bad = await call<ImportResult>(site, 'POST', '/api/v6/deviceTemplate/import', {
      project_id: projectId,
      file_base64: await workbook([
        [sn, 'IMP-1', '电表一', 'Meter 1', 'meter', ''],
        [sn, 'IMP-2', '电表二', 'Meter 2', 'no_such_kind', ''],
        [sn, 'IMP-1', '电表三', 'Meter 3', `Import tpl ${backend}`, ''],
      ]),
    });
    expect(bad.body.data.ok).toBe(false);
    expect(bad.body.data.errors).toEqual([
      expect.objectContaining({ row: 3, column: 'template' }),
      expect.objectContaining({ row: 4, column: 'device_sn' }),
    ]);
    expect(bad.body.data.errors[0]?.message.en).toContain('no_such_kind');
    expect(await count()).toBe(0);

    // Another tenant cannot import into this project.
    const rows = [
      [sn, 'IMP-1', '电表一', 'Meter 1', 'meter', ''],
      [sn, 'IMP-2', '电表二', 'Meter 2', `导入模板-${backend}`, ''],
      [sn.toLowerCase(), 'IMP-3', '电表三', 'Meter 3', 'Energy meter', ''],
    ];
    expect((await call(other, 'POST', '/api/v6/deviceTemplate/import', { project_id: projectId, file_base64: await workbook(rows) })).status).toBe(403);
    const good = await call<ImportResult>(site, 'POST', '/api/v6/deviceTemplate/import', { project_id: projectId, file_base64: await workbook(rows) });
    expect(good.body.data).toEqual({ ok: true, created: 3, errors: [] });
    expect(await count()).toBe(3);
    const fromTpl = await h.rt.database.db
      .selectFrom('devices as d')
      .innerJoin('device_points as p', 'p.device_id', 'd.id')
      .select('p.key')
      .where('d.gateway_id', '=', gw)
      .where('d.sn', '=', 'IMP-2')
      .execute();
    expect(fromTpl.map((r) => r.key)).toEqual(['P']);
    expect(tpl.body.code).toBe(1);

    const notXlsx = await call<ImportResult>(site, 'POST', '/api/v6/deviceTemplate/import', { project_id: projectId, file_base64: Buffer.from('hello').toString('base64') });
    expect(notXlsx.body.data).toMatchObject({ ok: false, errors: [{ row: 0, column: 'file' }] });
  });

  it('a centre user creates a template in an organisation of his subtree (the one being onboarded); nobody elsewhere', async () => {
    const centre = await loginAs(h.rt.app, 'centre');
    const db = h.rt.database.db;
    const groupA = (await db.selectFrom('users').select('org_id').where('username', '=', 'site').executeTakeFirstOrThrow()).org_id;
    const otherOrg = (await db.selectFrom('users').select('org_id').where('username', '=', 'tpl-other').executeTakeFirstOrThrow()).org_id;
    const body = { name: `入驻模板-${backend}`, name_en: `Onboarding ${backend}`, kind: 'meter', points: [point('P')] };
    const made = await call<TemplateRow>(centre, 'POST', '/api/v6/deviceTemplate', { ...body, org_id: groupA });
    expect(made.status).toBe(200);
    expect(made.body.data.org_id).toBe(groupA);
    // The site user of that organisation sees it.
    const seen = await call<{ custom: { id: number }[] }>(site, 'GET', '/api/v6/deviceTemplate/list');
    expect(seen.body.data.custom.map((c) => c.id)).toContain(made.body.data.id);
    // Outside the centre user's subtree: refused, naming org_id; a site user may not name another organisation either.
    const foreign = await call<{ field?: string }>(centre, 'POST', '/api/v6/deviceTemplate', { ...body, org_id: otherOrg });
    expect(foreign.status).toBe(403);
    expect(foreign.body.data.field).toBe('org_id');
    const regional = (await db.selectFrom('users').select('org_id').where('username', '=', 'centre').executeTakeFirstOrThrow()).org_id;
    expect((await call(site, 'POST', '/api/v6/deviceTemplate', { ...body, name: `站点-${backend}`, org_id: regional })).status).toBe(403);
  });
});
