import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gridops/contract';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';
import { telemetryRepository } from '../telemetry/repository.js';

describe.each(backends)('diagram draft of a room (POST /distribution/diagram/draft) on %s', (backend) => {
  let t: TestApp;
  let site: string;
  let worker: string;
  let xihu: string;
  let szip: number;
  let newRoom: number;
  let emptyRoom: number;
  let sensorRoom: number;
  let ids: Record<'inc' | 'tr' | 'f1' | 'f2' | 'meter' | 'cam', number>;

  beforeAll(async () => {
    t = await startTestApp(backend);
    [site, worker, xihu] = await Promise.all([loginAs(t.app, 'site'), loginAs(t.app, 'worker'), loginAs(t.app, 'xihu')]);
    const db = t.database.db;
    szip = (await db.selectFrom('projects').select('id').where('name_en', 'like', 'Suzhou%').executeTakeFirstOrThrow()).id;
    const gw = await db.selectFrom('gateways').select('id').where('project_id', '=', szip).executeTakeFirstOrThrow();
    const rooms = await db
      .insertInto('rooms')
      .values([
        { project_id: szip, name: '新配电室', name_en: 'New switch room', kind: 'distribution' },
        { project_id: szip, name: '空配电室', name_en: 'Empty room', kind: 'distribution' },
        { project_id: szip, name: '监控室', name_en: 'Camera room', kind: 'distribution' },
      ])
      .returning('id')
      .execute();
    [newRoom, emptyRoom, sensorRoom] = rooms.map((r) => r.id) as [number, number, number];
    const add = async (sn: string, kind: string, name: string, name_en: string, parent_id: number | null = null, room_id = newRoom) =>
      (await db.insertInto('devices').values({ project_id: szip, room_id, gateway_id: gw.id, sn, kind, name, name_en, parent_id, props: JSON.stringify({}) }).returning('id').executeTakeFirstOrThrow()).id;
    const inc = await add('DRAFT-INC', 'incomer', '进线柜', 'Incomer');
    const tr = await add('DRAFT-TR', 'transformer', '1#变压器', 'Transformer 1', inc);
    const f1 = await add('DRAFT-F1', 'feeder', '照明出线', 'Lighting feeder', tr);
    const f2 = await add('DRAFT-F2', 'feeder', '动力出线', 'Power feeder', tr);
    const meter = await add('DRAFT-PJ', 'meter', '照明电表', 'Lighting meter', f1);
    const cam = await add('DRAFT-CAM', 'camera', '摄像头', 'Camera');
    await add('DRAFT-CAM2', 'camera', '摄像头2', 'Camera 2', null, sensorRoom);
    ids = { inc, tr, f1, f2, meter, cam };
  });
  afterAll(async () => t?.close());

  const call = async (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object, lang = 'zh') =>
    (await t.app.inject({ method, url, headers: { ...apiHeaders(token), 'accept-language': lang }, ...(payload ? { payload } : {}) })).json();
  const draft = (token: string, body: object, lang?: string) => call('POST', '/api/v6/distribution/diagram/draft', token, body, lang);

  it('draws the room from its devices, every live symbol bound, and the ordinary save stores it with live values', async () => {
    const r = await draft(site, { project_id: szip, room_id: newRoom });
    expect(r.code).toBe(1);
    const { doc } = r.data;
    expect(r.data).toMatchObject({ project_id: szip, room_id: newRoom, skipped: [{ id: ids.cam, kind: 'camera', name: '摄像头', name_en: 'Camera' }] });
    expect([...r.data.drawn].sort()).toEqual([ids.inc, ids.tr, ids.f1, ids.f2, ids.meter].sort());
    const el = (id: string) => doc.elements.find((e: { id: string }) => e.id === id);
    expect(el(`QF-${ids.inc}`)).toMatchObject({ type: 'breaker', device_id: ids.inc, label: '进线柜', label_en: 'Incomer' });
    expect(el(`TR-${ids.tr}`)).toMatchObject({ type: 'transformer', device_id: ids.tr });
    expect(el(`QF-${ids.f1}`)).toMatchObject({ type: 'breaker', device_id: ids.f1 });
    expect(el(`PJ-${ids.meter}`)).toMatchObject({ type: 'meter', device_id: ids.meter });
    // Nothing was stored by the draft.
    expect((await call('GET', `/api/v6/distribution/room/${newRoom}/diagrams`, site)).data.list).toEqual([]);
    // The same room drafts the same document again.
    expect((await draft(site, { project_id: szip, room_id: newRoom })).data.doc).toEqual(doc);

    const db = t.database.db;
    const point = (device_id: number, key: string, kind: string, sort: number) => ({ device_id, key, name: key, name_en: key, unit: '', kind, precision: 2, sort });
    await db.insertInto('device_points').values([point(ids.f1, 'breaker', 'digital', 0), point(ids.f2, 'breaker', 'digital', 0), point(ids.f1, 'P', 'analog', 1)]).execute();
    const points = await db.selectFrom('device_points').select(['id', 'key', 'device_id']).where('device_id', 'in', [ids.f1, ids.f2]).execute();
    const now = Date.now() - 1000;
    const pid = (device: number, key: string) => points.find((p) => p.device_id === device && p.key === key)!.id;
    await telemetryRepository.store(db, [
      { pointId: pid(ids.f1, 'breaker'), ts: now, value: 1 },
      { pointId: pid(ids.f2, 'breaker'), ts: now, value: 0 },
      { pointId: pid(ids.f1, 'P'), ts: now, value: 12.5 },
    ]);

    const saved = await call('PUT', `/api/v6/distribution/room/${newRoom}/diagram`, site, { doc, version: 0 });
    expect(saved).toMatchObject({ code: 1, data: { version: 1 } });
    const live = await call('GET', `/api/v6/distribution/room/${newRoom}/diagram`, site);
    expect(live.data).toMatchObject({ stored: true, doc });
    const state = (id: string) => live.data.states.find((s: { element_id: string }) => s.element_id === id);
    expect(state(`QF-${ids.f1}`)).toMatchObject({ device_id: ids.f1, breaker_closed: true });
    expect(state(`QF-${ids.f2}`)).toMatchObject({ device_id: ids.f2, breaker_closed: false });
    expect(state(`FD-${ids.f1}`)).toMatchObject({ device_id: ids.f1, p_kw: 12.5 });
    for (const e of doc.elements) if (e.device_id) expect(state(e.id)).toBeTruthy();
  });

  it('refuses a room with no devices, or none with a symbol, naming room_id in zh and en', async () => {
    const zh = await draft(site, { project_id: szip, room_id: emptyRoom });
    expect(zh).toMatchObject({ code: ErrorCode.Validation, data: { field: 'room_id' } });
    expect(zh.msg).toContain('还没有设备');
    const en = await draft(site, { project_id: szip, room_id: emptyRoom }, 'en');
    expect(en.msg).toContain('no devices');
    const sensors = await draft(site, { project_id: szip, room_id: sensorRoom }, 'en');
    expect(sensors).toMatchObject({ code: ErrorCode.Validation, data: { field: 'room_id' } });
    expect(sensors.msg).toContain('single-line symbol');
    expect((await draft(site, { project_id: szip })).data.field).toBe('room_id');
    expect((await draft(site, { project_id: szip, room_id: 'x' })).code).toBe(ErrorCode.Validation);
  });

  it('refuses users without configure, users of another project or organisation, and a room of another site', async () => {
    expect((await draft(worker, { project_id: szip, room_id: newRoom })).code).toBe(ErrorCode.Forbidden);
    expect((await draft(xihu, { project_id: szip, room_id: newRoom })).code).toBe(ErrorCode.Forbidden);
    // Naming a project of their own does not open a room of another one.
    const db = t.database.db;
    const xihuUser = await db.selectFrom('users').select('id').where('username', '=', 'xihu').executeTakeFirstOrThrow();
    const own = await db.selectFrom('user_projects').select('project_id').where('user_id', '=', xihuUser.id).executeTakeFirstOrThrow();
    const r = await draft(xihu, { project_id: own.project_id, room_id: newRoom });
    expect(r).toMatchObject({ code: ErrorCode.Validation, data: { field: 'room_id' } });
    expect(JSON.stringify(r)).not.toContain('进线柜');
    const other = await db.selectFrom('rooms').select('id').where('project_id', '!=', szip).executeTakeFirstOrThrow();
    expect(await draft(site, { project_id: szip, room_id: other.id })).toMatchObject({ code: ErrorCode.Validation, data: { field: 'room_id' } });
    expect((await call('POST', '/api/v6/distribution/diagram/draft', '', { project_id: szip, room_id: newRoom })).code).toBe(ErrorCode.SessionInvalid);
  });
});
