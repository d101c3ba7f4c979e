import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, transformerLoadPct } from '@gridops/contract';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';
import { telemetryRepository } from '../telemetry/repository.js';

const HOUR = 3600_000;

describe.each(backends)('smart distribution overview, real-time tree and diagram on %s', (backend) => {
  let t: TestApp;
  let site: string;
  let worker: string;
  let xihu: string;
  let szip: number;
  let room: number;
  const pid: Record<string, number> = {};
  const dev: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp(backend);
    [site, worker, xihu] = await Promise.all([loginAs(t.app, 'site'), loginAs(t.app, 'worker'), loginAs(t.app, 'xihu')]);
    const db = t.database.db;
    szip = (await db.selectFrom('projects').select('id').where('name_en', 'like', 'Suzhou%').executeTakeFirstOrThrow()).id;
    room = (await db.selectFrom('rooms').select('id').where('project_id', '=', szip).where('kind', '=', 'distribution').executeTakeFirstOrThrow()).id;
    const rows = await db.selectFrom('device_points as p').innerJoin('devices as d', 'd.id', 'p.device_id').select(['p.id', 'p.key', 'd.sn', 'd.id as device_id']).where('d.project_id', '=', szip).execute();
    for (const r of rows) {
      pid[`${r.sn}.${r.key}`] = r.id;
      dev[r.sn] = r.device_id;
    }
    const now = Date.now();
    const midnight = Date.parse(`${new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(now))}T00:00:00+08:00`);
    await telemetryRepository.store(db, [
      { pointId: pid['T1.EP']!, ts: midnight - 12 * HOUR, value: 990 },
      { pointId: pid['T1.EP']!, ts: midnight + 1000, value: 1000 },
      { pointId: pid['T1.EP']!, ts: now - 1000, value: 1010 },
      { pointId: pid['T1.P']!, ts: midnight + 1000, value: 100 },
      { pointId: pid['T1.P']!, ts: now - 1000, value: 200 },
      { pointId: pid['T1.load_rate']!, ts: now - 1000, value: 42.5 },
      { pointId: pid['T1.PF']!, ts: now - 1000, value: 0.93 },
      { pointId: pid['ENV.temp']!, ts: now - 1000, value: 24.5 },
      { pointId: pid['ENV.humidity']!, ts: now - 1000, value: 51 },
      { pointId: pid['F01.breaker']!, ts: now - 1000, value: 0 },
      { pointId: pid['F01.P']!, ts: now - 1000, value: 55 },
      { pointId: pid['F02.P']!, ts: now - 10 * 60_000, value: 70 },
    ]);
    await db.updateTable('gateways').set({ online: true, last_seen_at: new Date() }).where('project_id', '=', szip).execute();
  });
  afterAll(async () => t?.close());

  const call = async (method: 'GET' | 'PUT', url: string, token: string, payload?: object) =>
    (await t.app.inject({ method, url, headers: apiHeaders(token), ...(payload ? { payload } : {}) })).json();

  it('summarises the site: transformers with energy and demand, environment, alarms, gateways', async () => {
    const r = await call('GET', `/api/v6/distribution/overview?project_id=${szip}`, site);
    expect(r.code).toBe(1);
    const t1 = r.data.transformers.find((x: { device_id: number }) => x.device_id === dev.T1);
    expect(t1).toMatchObject({ p_kw: 200, pf: 0.93, quality: 'fresh', energy_today_kwh: 20, energy_month_kwh: 20, rated_kva: 800 });
    // The load rate follows the one rule of the console (apparent power P / PF over the rating), not the gateway's
    // own load_rate point (42.5 here, deliberately inconsistent): 200 / 0.93 / 800 = 26.9 %.
    expect(t1.load_rate).toBeCloseTo(transformerLoadPct(200, 0.93, 800)!, 6);
    expect(t1.load_rate).toBeCloseTo(26.88, 2);
    expect(t1.max_demand_today.value).toBeGreaterThanOrEqual(100);
    expect(t1.max_demand_month.value).toBeGreaterThanOrEqual(t1.max_demand_today.value);
    const rm = r.data.rooms.find((x: { id: number }) => x.id === room);
    expect(rm.environment).toMatchObject({ temp: 24.5, humidity: 51, quality: 'fresh' });
    expect(r.data.gateways[0]).toMatchObject({ online: true, heartbeat_s: 90 });
    expect(r.data.alarms.pending).toBeGreaterThan(0);
  });

  it('lists room → device → point with latest values and their quality', async () => {
    const r = await call('GET', `/api/v6/distribution/realtime?project_id=${szip}&room_id=${room}`, site);
    expect(r.code).toBe(1);
    expect(r.data.rooms).toHaveLength(1);
    const devices = r.data.rooms[0].devices;
    const point = (sn: string, key: string) => devices.find((d: { sn: string }) => d.sn === sn).points.find((p: { key: string }) => p.key === key);
    expect(point('F01', 'P')).toMatchObject({ value: 55, unit: 'kW', quality: 'fresh' });
    expect(point('F02', 'P')).toMatchObject({ value: 70, quality: 'stale' });
    expect(point('F03', 'P')).toMatchObject({ value: null, ts: null, quality: 'offline' });
    await t.database.db.updateTable('gateways').set({ online: false }).where('project_id', '=', szip).execute();
    const off = await call('GET', `/api/v6/distribution/realtime?project_id=${szip}&device_ids=${dev.F01}`, site);
    expect(off.data.rooms.flatMap((x: { devices: { points: { quality: string }[] }[] }) => x.devices.flatMap((d) => d.points.map((p) => p.quality)))).not.toContain('fresh');
    await t.database.db.updateTable('gateways').set({ online: true }).where('project_id', '=', szip).execute();
  });

  it('serves the seeded single-line diagram with live breaker states', async () => {
    const r = await call('GET', `/api/v6/distribution/room/${room}/diagram`, site);
    expect(r.code).toBe(1);
    expect(r.data).toMatchObject({ stored: true, version: 1, project_id: szip });
    const types = new Set(r.data.doc.elements.map((e: { type: string }) => e.type));
    expect([...types].sort()).toEqual(['breaker', 'busbar', 'feeder', 'source', 'transformer']);
    const f01 = r.data.states.find((s: { element_id: string }) => s.element_id === `QF-${dev.F01}`);
    expect(f01).toMatchObject({ breaker_closed: false, p_kw: 55, quality: 'fresh' });
  });

  it('saves an edited diagram with a version check, validates it, and needs control permission', async () => {
    const { data } = await call('GET', `/api/v6/distribution/room/${room}/diagram`, site);
    const doc = { ...data.doc, elements: [...data.doc.elements, { id: 'NOTE', type: 'label', x: 10, y: 10, label: '备注' }] };
    const saved = await call('PUT', `/api/v6/distribution/room/${room}/diagram`, site, { doc, version: data.version });
    expect(saved).toMatchObject({ code: 1, data: { version: 2 } });
    expect((await call('PUT', `/api/v6/distribution/room/${room}/diagram`, site, { doc, version: 1 })).code).toBe(ErrorCode.Conflict);
    const badWire = { ...doc, wires: [{ from: 'NOTE', to: 'NOWHERE' }] };
    expect(await call('PUT', `/api/v6/distribution/room/${room}/diagram`, site, { doc: badWire, version: 2 })).toMatchObject({ code: ErrorCode.Validation, data: { field: 'doc.wires[0].to' } });
    const badType = { ...doc, elements: [{ id: 'X', type: 'teleporter', x: 1, y: 1 }] };
    const r = await call('PUT', `/api/v6/distribution/room/${room}/diagram`, site, { doc: badType, version: 2 });
    expect(r.code).toBe(ErrorCode.Validation);
    expect(r.data.field).toContain('elements');
    const foreign = await t.database.db.selectFrom('devices').select('id').where('project_id', '!=', szip).executeTakeFirstOrThrow();
    const stolen = { ...doc, elements: [{ id: 'X', type: 'breaker', x: 1, y: 1, device_id: foreign.id }], wires: [] };
    expect(await call('PUT', `/api/v6/distribution/room/${room}/diagram`, site, { doc: stolen, version: 2 })).toMatchObject({ code: ErrorCode.Validation, data: { field: 'doc.elements[0].device_id' } });
    expect((await call('PUT', `/api/v6/distribution/room/${room}/diagram`, worker, { doc, version: 2 })).code).toBe(ErrorCode.Forbidden);
  });

  it("refuses a site user another project's overview, tree and diagram", async () => {
    expect((await call('GET', `/api/v6/distribution/overview?project_id=${szip}`, xihu)).code).toBe(ErrorCode.Forbidden);
    expect((await call('GET', `/api/v6/distribution/realtime?project_id=${szip}`, xihu)).code).toBe(ErrorCode.Forbidden);
    expect((await call('GET', `/api/v6/distribution/room/${room}/diagram`, xihu)).code).toBe(ErrorCode.Forbidden);
    expect((await call('GET', `/api/v6/security/captures?project_id=${szip}`, xihu)).code).toBe(ErrorCode.Forbidden);
    expect((await call('GET', `/api/v6/robot/inspections?project_id=${szip}`, xihu)).code).toBe(ErrorCode.Forbidden);
    expect((await call('GET', `/api/v6/distribution/realtime?project_id=abc`, site)).data.field).toBe('project_id');
  });

  it('lists the seeded robot and its inspection records with readings', async () => {
    const robots = await call('GET', `/api/v6/robot/list?project_id=${szip}`, site);
    expect(robots.data).toHaveLength(1);
    expect(robots.data[0].route.length).toBeGreaterThan(3);
    const rec = await call('GET', `/api/v6/robot/inspections?project_id=${szip}&size=5`, site);
    expect(rec.data.total).toBeGreaterThan(30);
    expect(rec.data.list[0].readings[0]).toMatchObject({ item: expect.any(String), value: expect.any(Number), ok: expect.any(Boolean) });
  });
});
