import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gridops/contract';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';

/**
 * The smart-building sets and live view through the API (docs/smart-building.md): the demo office tower,
 * validation naming the field, version checks and audit, scope (a Suzhou site user never sees the Hangzhou
 * building), and energy by system adding up to the building's incoming meter.
 */
describe.each(backends)('smart-building sets on %s', (backend) => {
  let t: TestApp;
  let xihu: string;
  let site: string;
  let worker: string;
  let hzbj: number;

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: apiHeaders(token), ...(payload ? { payload } : {}) });
  const list = async (set: string, token = xihu) => {
    const body = (await send('GET', `/api/v6/building/${set}?project_id=${hzbj}`, token)).json();
    expect(body.code).toBe(1);
    return body.data as { items: (Record<string, unknown> & { id: number; version: number; device_id: number | null })[]; devices: { id: number; kind: string; sn: string }[] };
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    [xihu, site, worker] = await Promise.all([loginAs(t.app, 'xihu'), loginAs(t.app, 'site'), loginAs(t.app, 'worker')]);
    hzbj = (await t.database.db.selectFrom('projects').select('id').where('name_en', 'like', 'Hangzhou%').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t?.close());

  it('lists the demo office tower: floors, HVAC, VRF, water and power equipment', async () => {
    const buildings = await list('buildings');
    expect(buildings.items).toHaveLength(1);
    expect(buildings.items[0]).toMatchObject({ name: '办公塔楼', name_en: 'Office tower', area_m2: 12000 });
    expect((buildings.items[0]!.floors as { code: string }[]).map((f) => f.code)).toEqual(['B1', '1F', '2F', '3F', '4F', '5F', 'RF']);
    const air = await list('air');
    expect(air.items.filter((i) => i.type === 'chiller')).toHaveLength(2);
    expect(air.items.filter((i) => i.type === 'ahu')).toHaveLength(5);
    expect((await list('outdoor')).items).toHaveLength(1);
    expect((await list('water')).items.map((i) => i.type).sort()).toEqual(['pump', 'pump', 'pump', 'pump', 'pump', 'tank']);
    expect((await list('power')).items).toHaveLength(7);
  });

  it('validates naming the field, checks versions and audits every write', async () => {
    const [b] = (await list('buildings')).items;
    const air = await list('air');
    const chiller = air.items.find((i) => i.type === 'chiller')!;
    const { id, version, project_id: _p, ...fields } = chiller;
    const put = (body: object, v = version) => send('PUT', `/api/v6/building/air/${id}`, xihu, { ...fields, ...body, version: v });
    expect((await put({ setpoint_min: 9, setpoint_max: 8 })).json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'setpoint_max' } });
    expect((await put({ setpoint_min: 2 })).json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'setpoint_min' } });
    expect((await put({ floor: '9F' })).json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'floor' } });
    expect((await put({ schedule: { days: 'weekdays', start: '19:00', end: '07:00' } })).json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'schedule.end' } });
    const ahu = air.devices.find((d) => d.kind === 'ahu')!;
    expect((await put({ device_id: ahu.id })).json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'device_id' } });
    const other = air.items.find((i) => i.type === 'chiller' && i.id !== id)!;
    expect((await put({ device_id: other.device_id })).json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'device_id' } });
    const ok = (await put({ setpoint_min: 6.5 })).json();
    expect(ok).toMatchObject({ code: 1, data: { setpoint_min: 6.5, version: version + 1 } });
    expect((await put({ setpoint_min: 6 })).json().code).toBe(ErrorCode.Conflict);
    const audit = await t.database.db.selectFrom('audit_log').select(['action']).where('action', '=', 'building.air.update').execute();
    expect(audit.length).toBeGreaterThanOrEqual(1);

    // A floor with equipment cannot be removed; a building with equipment cannot be deleted.
    const floors = (b!.floors as { code: string }[]).filter((f) => f.code !== '3F');
    const { id: bid, version: bv, project_id: _bp, ...bf } = b!;
    expect((await send('PUT', `/api/v6/building/buildings/${bid}`, xihu, { ...bf, floors, version: bv })).json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'floors' } });
    expect((await send('PUT', `/api/v6/building/buildings/${bid}`, xihu, { ...bf, floors: [...(bf.floors as object[]), { code: '1F', name: '重复', name_en: 'Dup', area_m2: 1, sensor_device_id: null }], version: bv })).json()).toMatchObject({
      code: ErrorCode.Validation,
      data: { field: 'floors.7.code' },
    });
    expect((await send('DELETE', `/api/v6/building/buildings/${bid}?version=${bv}`, xihu)).json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'id' } });

    // A new building and a pump in it, then both gone again.
    const nb = (await send('POST', '/api/v6/building/buildings', xihu, { project_id: hzbj, name: '裙楼', name_en: 'Podium', area_m2: 5000, meter_device_id: null, floors: [{ code: '1F', name: '1层', name_en: 'Floor 1', area_m2: 5000, sensor_device_id: null }] })).json();
    expect(nb.code).toBe(1);
    const pump = { project_id: hzbj, building_id: nb.data.id, name: '消防泵', name_en: 'Fire pump', floor: '1F', device_id: null, type: 'pump', role: null, rated_kw: 15, capacity_m3: 0, level_low_pct: 0, level_high_pct: 100 };
    expect((await send('POST', '/api/v6/building/water', xihu, pump)).json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'role' } });
    const created = (await send('POST', '/api/v6/building/water', xihu, { ...pump, role: 'domestic' })).json();
    expect(created.code).toBe(1);
    expect((await send('DELETE', `/api/v6/building/water/${created.data.id}?version=1`, xihu)).json().code).toBe(1);
    expect((await send('DELETE', `/api/v6/building/buildings/${nb.data.id}?version=1`, xihu)).json().code).toBe(1);
  });

  it('keeps the Hangzhou building from a Suzhou site user and writes from viewers', async () => {
    for (const set of ['buildings', 'air', 'outdoor', 'water', 'power', 'live']) {
      expect((await send('GET', `/api/v6/building/${set}?project_id=${hzbj}`, site)).json().code).toBe(ErrorCode.Forbidden);
    }
    const [b] = (await list('buildings')).items;
    const { id, project_id: _p, ...fields } = b!;
    expect((await send('PUT', `/api/v6/building/buildings/${id}`, site, fields)).json().code).toBe(ErrorCode.Forbidden);
    expect((await send('POST', '/api/v6/building/buildings', worker, { ...fields, project_id: hzbj, name: 'x', name_en: 'x' })).json().code).toBe(ErrorCode.Forbidden);
  });

  it('shows the live view: equipment with limits, comfort per floor, energy by system adding up to the meter', async () => {
    const live = (await send('GET', `/api/v6/building/live?project_id=${hzbj}`, xihu)).json().data;
    expect(live.buildings).toHaveLength(1);
    const chiller = live.equipment.find((e: { type: string }) => e.type === 'chiller');
    expect(chiller).toMatchObject({ switchable: true, setpoint: { key: 'chw_set', min: 6.5, max: 10 } });
    expect(live.comfort.map((c: { floor: string }) => c.floor)).toContain('3F');
    const e = live.energy[0];
    const sum = (k: 'today' | 'month') => e.systems.reduce((a: number, s: Record<string, number>) => a + s[k]!, 0);
    expect(sum('month')).toBeCloseTo(e.total_month, 0);
    expect(e.systems.map((s: { key: string }) => s.key)).toEqual(expect.arrayContaining(['hvac', 'lighting_socket', 'power']));
  });
});
