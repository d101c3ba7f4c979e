import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gridops/contract';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';

/**
 * The energy-efficiency sets through the API (/RunSetup/PvSet, FanSet, EssSet, ChargeSet): the demo's seeded
 * assets, validation naming the field (cross-field rules included), devices of the site only, one charger
 * entry per meter, version checks, scope and permission, and the PV arrays' clear-sky expected yield.
 */
describe.each(backends)('energy-efficiency sets on %s', (backend) => {
  let t: TestApp;
  let site: string;
  let szip: number;
  let hzbj: number;

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: apiHeaders(token), ...(payload ? { payload } : {}) });
  const list = async (kind: string, projectId = szip) => {
    const body = (await send('GET', `/api/v6/assets/${kind}?project_id=${projectId}`, site)).json();
    expect(body.code).toBe(1);
    return body.data as { items: Record<string, unknown>[]; devices: { id: number; kind: string; sn: string }[] };
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    site = await loginAs(t.app, 'site');
    const projects = await t.database.db.selectFrom('projects').select(['id', 'name_en']).execute();
    szip = projects.find((p) => p.name_en.startsWith('Suzhou'))!.id;
    hzbj = projects.find((p) => p.name_en.startsWith('Hangzhou'))!.id;
  });
  afterAll(async () => t?.close());

  it('lists what the demo seeded: an array per inverter, the storage system, every charger', async () => {
    const pv = await list('pv');
    expect(pv.items).toHaveLength(2);
    expect(pv.items.reduce((a, i) => a + (i.capacity_kwp as number), 0)).toBe(800);
    expect(pv.devices.map((d) => d.sn).sort()).toEqual(['INV1', 'INV2']);
    const ess = await list('ess');
    expect(ess.items[0]).toMatchObject({ capacity_kwh: 1000, power_kw: 500, soc_min_pct: 10, soc_max_pct: 95 });
    expect((await list('charger')).items).toHaveLength(6);
    expect((await list('wind')).items).toEqual([]);
  });

  it('validates every kind, naming the field, and keeps nothing of a refused write', async () => {
    const inv = (await list('pv')).devices[0]!.id;
    const pv = { project_id: szip, name: '车棚光伏', name_en: 'Carport PV', capacity_kwp: 120, azimuth_deg: 180, tilt_deg: 10, performance_ratio: 0.8, inverter_ids: [inv] };
    expect((await send('POST', '/api/v6/assets/pv', site, { ...pv, tilt_deg: 95 })).json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'tilt_deg' } });
    const hzDevice = await t.database.db.selectFrom('devices').select('id').where('project_id', '=', hzbj).executeTakeFirstOrThrow();
    expect((await send('POST', '/api/v6/assets/pv', site, { ...pv, inverter_ids: [hzDevice.id] })).json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'inverter_ids.0' } });

    const wind = { project_id: szip, name: '1#风机', name_en: 'Turbine 1', rated_kw: 100, hub_height_m: 30, cut_in_ms: 3, rated_ms: 11, cut_out_ms: 25, device_id: null };
    const curve = [
      { speed_ms: 3, kw: 0 },
      { speed_ms: 7, kw: 40 },
      { speed_ms: 11, kw: 100 },
    ];
    expect((await send('POST', '/api/v6/assets/wind', site, { ...wind, power_curve: [curve[1], curve[0]] })).json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'power_curve.1.speed_ms' } });
    expect((await send('POST', '/api/v6/assets/wind', site, { ...wind, cut_in_ms: 12, power_curve: curve })).json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'rated_ms' } });
    const turbine = (await send('POST', '/api/v6/assets/wind', site, { ...wind, power_curve: curve })).json();
    expect(turbine.code).toBe(1);

    const [ess] = (await list('ess')).items as { id: number; version: number; pcs_device_id: number }[];
    const overlap = [
      { start: '00:00', end: '06:00', mode: 'charge', power_kw: 500 },
      { start: '05:00', end: '07:00', mode: 'idle', power_kw: 0 },
    ];
    const essBody = { name: 'x', name_en: 'x', pcs_device_id: ess!.pcs_device_id, capacity_kwh: 1000, power_kw: 500, soc_min_pct: 10, soc_max_pct: 95, version: ess!.version };
    expect((await send('PUT', `/api/v6/assets/ess/${ess!.id}`, site, { ...essBody, schedule: overlap })).json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'schedule.1.start' } });
    expect((await send('PUT', `/api/v6/assets/ess/${ess!.id}`, site, { ...essBody, soc_min_pct: 96, schedule: [] })).json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'soc_min_pct' } });
    expect((await send('PUT', `/api/v6/assets/ess/${ess!.id}`, site, { ...essBody, schedule: [{ start: '08:00', end: '09:00', mode: 'discharge', power_kw: 900 }] })).json()).toMatchObject({
      code: ErrorCode.Validation,
      data: { field: 'schedule.0.power_kw' },
    });
    expect((await list('ess')).items[0]).toMatchObject({ version: ess!.version, power_kw: 500 });

    // A charger's meter belongs to one entry.
    const [ch] = (await list('charger')).items as { device_id: number }[];
    const dup = (await send('POST', '/api/v6/assets/charger', site, { project_id: szip, name: 'd', name_en: 'd', device_id: ch!.device_id, connectors: 1, connector_type: 'gbt_dc', rated_kw: 60, service_fee_yuan_kwh: 0.5 })).json();
    expect(dup).toMatchObject({ code: ErrorCode.Validation, data: { field: 'device_id' } });
  });

  it('checks versions, scope and the configure permission', async () => {
    const [a] = (await list('pv')).items as { id: number; version: number; name: string }[];
    const body = { name: '1#屋面阵列', name_en: 'Roof 1', capacity_kwp: 400, azimuth_deg: 180, tilt_deg: 22, performance_ratio: 0.82, inverter_ids: [] };
    const ok = (await send('PUT', `/api/v6/assets/pv/${a!.id}`, site, { ...body, version: a!.version })).json();
    expect(ok.data).toMatchObject({ tilt_deg: 22, version: a!.version + 1 });
    expect((await send('PUT', `/api/v6/assets/pv/${a!.id}`, site, { ...body, version: a!.version })).json().code).toBe(ErrorCode.Conflict);
    // The same id through another kind's route is not that kind's.
    expect((await send('DELETE', `/api/v6/assets/ess/${a!.id}?version=${ok.data.version}`, site)).json().code).toBe(ErrorCode.Forbidden);
    const xihu = await loginAs(t.app, 'xihu');
    expect((await send('GET', `/api/v6/assets/pv?project_id=${szip}`, xihu)).json().code).toBe(ErrorCode.Forbidden);
    expect((await send('DELETE', `/api/v6/assets/pv/${a!.id}?version=${ok.data.version}`, xihu)).json().code).toBe(ErrorCode.Forbidden);
    const worker = await loginAs(t.app, 'worker');
    expect((await send('PUT', `/api/v6/assets/pv/${a!.id}`, worker, { ...body, version: ok.data.version })).json().code).toBe(ErrorCode.Forbidden);
    expect((await send('DELETE', `/api/v6/assets/pv/${a!.id}?version=${ok.data.version}`, site)).json()).toMatchObject({ code: 1, data: { id: a!.id } });
  });

  it('gives the new-energy overview a clear-sky expected yield from the arrays, none without arrays', async () => {
    const post = async (projectId: number) => (await send('POST', '/api/v6/energy/newEnergyOverview', site, { project_id: projectId, date: '2024-06-21' })).json();
    const sz = await post(szip);
    expect(sz.code).toBe(1);
    const { today, month, year } = sz.data.expected_kwh;
    // One remaining 400 kWp array at PR 0.8: a clear June day in Suzhou gives ~7 kWh/m² on a 20° plane.
    expect(today).toBeGreaterThan(400 * 0.8 * 5);
    expect(today).toBeLessThan(400 * 0.8 * 9);
    expect(month).toBeGreaterThan(today * 20);
    expect(year).toBeGreaterThan(month);
    const arrays = (await list('pv')).items as { id: number; version: number }[];
    for (const a of arrays) await send('DELETE', `/api/v6/assets/pv/${a.id}?version=${a.version}`, site);
    expect((await post(szip)).data.expected_kwh).toBeNull();
  });
});
