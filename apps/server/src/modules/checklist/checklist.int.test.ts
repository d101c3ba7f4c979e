import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type SiteChecklist } from '@gridops/contract';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';
import { stationBody } from '../../test-support/stations.js';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Issue 25 item 1: the checklist follows a new station from empty to configured, from the site's own data. */
describe.each(backends)('site checklist on %s', (backend) => {
  let t: TestApp;
  let centre: string;
  let xihu: string;
  let projectId: number;

  const call = async <T>(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    (await t.app.inject({ method, url, headers: apiHeaders(token), ...(payload ? { payload } : {}) })).json<Envelope<T>>();
  const checklist = async (token = centre) => (await call<SiteChecklist>(token, 'GET', `/api/v6/checklist?project_id=${projectId}`)).data;
  const state = async (key: string) => (await checklist()).steps.find((s) => s.key === key);

  beforeAll(async () => {
    t = await startTestApp(backend);
    [centre, xihu] = await Promise.all([loginAs(t.app, 'centre'), loginAs(t.app, 'xihu')]);
    const org = await t.database.db.selectFrom('organizations').select('id').where('name_en', '=', 'Changjiang Manufacturing Group').executeTakeFirstOrThrow();
    const created = await call<{ id: number }>(
      centre,
      'POST',
      '/api/v6/admin/project',
      stationBody(org.id, {
        name: '清单测试站',
        name_en: 'Checklist test station',
        capacity_kva: 800,
        pv_capacity_kw: 0,
        storage_capacity_kwh: 0,
        storage_power_kw: 0,
        charger_count: 0,
        charger_power_kw: 0,
      }),
    );
    expect(created.code).toBe(1);
    projectId = created.data.id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('starts with every step to do on an empty station (control does not apply without breakers)', async () => {
    const c = await checklist();
    expect(c.name_en).toBe('Checklist test station');
    expect(Object.fromEntries(c.steps.map((s) => [s.key, s.state]))).toEqual({
      rooms: 'todo',
      gateways: 'todo',
      devices: 'todo',
      diagram: 'todo',
      meteringRoot: 'todo',
      tariff: 'todo',
      alarmRules: 'todo',
      members: 'todo',
      control: 'na',
      // The demo organisation's push rules above the station reach it.
      push: (await state('push'))!.state,
    });
    expect(c.steps.find((s) => s.key === 'tariff')?.route).toBe('/RunSetup/BillingSet');
  });

  it('follows the installer: room, gateway, an unplaced breaker, its room, its control set-up', async () => {
    const room = await call<{ rooms: Array<{ id: number }> }>(centre, 'POST', `/api/v6/admin/project/${projectId}/room`, { name: '配电室', name_en: 'Switch room' });
    expect(room.code).toBe(1);
    expect((await state('rooms'))?.state).toBe('done');
    const roomId = (await t.database.db.selectFrom('rooms').select('id').where('project_id', '=', projectId).executeTakeFirstOrThrow()).id;

    const gw = await call<{ id: number }>(centre, 'POST', '/api/v6/gateway', { project_id: projectId, sn: `GW-CHK-${backend}`, name: '清单网关', name_en: 'Checklist gateway' });
    expect(await state('gateways')).toMatchObject({ state: 'todo', done: 0, total: 1 });
    const feeder = await call<{ id: number }>(centre, 'POST', '/api/v6/gateway/device', { gateway_id: gw.data.id, sn: 'F1', kind: 'feeder', name: '1#出线', name_en: 'Feeder 1' });
    expect(await state('devices')).toMatchObject({ state: 'todo', done: 0, total: 1 });
    // The shipped defaults cover a feeder from the moment it exists.
    expect((await state('alarmRules'))?.state).toBe('done');
    expect(await state('control')).toMatchObject({ state: 'todo', done: 0, total: 1 });

    // The first incomer becomes the metering root: totals are not silently 0 kWh.
    expect((await state('meteringRoot'))?.state).toBe('todo');
    const incomer = await call<{ id: number }>(centre, 'POST', '/api/v6/gateway/device', { gateway_id: gw.data.id, sn: 'AH1', kind: 'incomer', name: '进线柜', name_en: 'Incomer', room_id: roomId });
    expect((await state('meteringRoot'))?.state).toBe('done');
    const root = await t.database.db.selectFrom('meter_nodes').select(['node_type', 'parent_id', 'name_en']).where('project_id', '=', projectId).execute();
    expect(root).toEqual([{ node_type: 'grid', parent_id: null, name_en: 'Incomer' }]);
    // A second incomer leaves the tree alone.
    await call(centre, 'POST', '/api/v6/gateway/device', { gateway_id: gw.data.id, sn: 'AH2', kind: 'incomer', name: '2#进线柜', name_en: 'Incomer 2', room_id: roomId });
    expect(await t.database.db.selectFrom('meter_nodes').select('id').where('project_id', '=', projectId).execute()).toHaveLength(1);
    const incomers = [incomer.data.id];

    await call(centre, 'POST', '/api/v6/gateway/devices/room', { project_id: projectId, device_ids: [feeder.data.id], room_id: roomId });
    expect(await state('devices')).toMatchObject({ state: 'done', done: 3, total: 3 });
    expect(await state('control')).toMatchObject({ state: 'todo', done: 0, total: 3 });
    expect((await call(centre, 'PUT', `/api/v6/control-config/breaker/${feeder.data.id}`, { controllable: false, user_ids: [], two_person: false, version: 1 })).code).toBe(1);
    expect(await state('control')).toMatchObject({ state: 'todo', done: 1, total: 3 });
    const ah2 = (await t.database.db.selectFrom('devices').select('id').where('project_id', '=', projectId).where('sn', '=', 'AH2').executeTakeFirstOrThrow()).id;
    for (const id of [...incomers, ah2]) expect((await call(centre, 'PUT', `/api/v6/control-config/breaker/${id}`, { controllable: true, user_ids: [], two_person: true, version: 1 })).code).toBe(1);
    expect((await state('control'))?.state).toBe('done');
  });

  it("refuses another group's station, and the overview holds only the caller's stations", async () => {
    expect((await call(xihu, 'GET', `/api/v6/checklist?project_id=${projectId}`)).code).toBe(ErrorCode.Forbidden);
    const mine = await call<{ sites: SiteChecklist[]; site_count: number }>(xihu, 'GET', '/api/v6/checklist/all');
    expect(mine.data.site_count).toBe(1);
    expect(mine.data.sites.map((s) => s.name_en)).not.toContain('Checklist test station');
    const all = await call<{ sites: SiteChecklist[] }>(centre, 'GET', '/api/v6/checklist/all');
    expect(all.data.sites.map((s) => s.project_id)).toContain(projectId);
  });
});
