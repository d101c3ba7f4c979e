import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gridops/contract';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';
import { telemetryRepository } from '../telemetry/repository.js';

describe.each(backends)('single-line diagram editor API (several diagrams per room) on %s', (backend) => {
  let t: TestApp;
  let site: string;
  let worker: string;
  let xihu: string;
  let szip: number;
  let room: number;
  let feeder: number;

  beforeAll(async () => {
    t = await startTestApp(backend);
    [site, worker, xihu] = await Promise.all([loginAs(t.app, 'site'), loginAs(t.app, 'worker'), loginAs(t.app, 'xihu')]);
    const db = t.database.db;
    szip = (await db.selectFrom('projects').select('id').where('name_en', 'like', 'Suzhou%').executeTakeFirstOrThrow()).id;
    room = (await db.selectFrom('rooms').select('id').where('project_id', '=', szip).where('kind', '=', 'distribution').executeTakeFirstOrThrow()).id;
    feeder = (await db.selectFrom('devices').select('id').where('project_id', '=', szip).where('sn', '=', 'F01').executeTakeFirstOrThrow()).id;
    const points = await db.selectFrom('device_points').select(['id', 'key']).where('device_id', '=', feeder).execute();
    const pid = (k: string) => points.find((p) => p.key === k)!.id;
    const now = Date.now() - 1000;
    await telemetryRepository.store(db, [
      { pointId: pid('breaker'), ts: now, value: 1 },
      { pointId: pid('P'), ts: now, value: 42 },
      { pointId: pid('Ia'), ts: now, value: 60 },
      { pointId: pid('Ib'), ts: now, value: 64 },
      ...(points.some((p) => p.key === 'Ua') ? [{ pointId: pid('Ua'), ts: now, value: 230 }] : []),
    ]);
    await db.updateTable('gateways').set({ online: true, last_seen_at: new Date() }).where('project_id', '=', szip).execute();
  });
  afterAll(async () => t?.close());

  const call = async (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
    (await t.app.inject({ method, url, headers: apiHeaders(token), ...(payload ? { payload } : {}) })).json();
  const drawn = (deviceId: number) => ({
    version: 1,
    width: 800,
    height: 500,
    elements: [
      { id: 'BUS1', type: 'busbar', x: 40, y: 100, length: 600, voltage_kv: 0.4, label: '母线', label_en: 'Busbar' },
      { id: 'Q1', type: 'breaker', x: 200, y: 200, device_id: deviceId, label: '1#出线', label_en: 'Feeder 1' },
      { id: 'CT1', type: 'ct', x: 200, y: 260, device_id: deviceId },
      { id: 'PV1', type: 'pv', x: 200, y: 340 },
    ],
    wires: [
      { from: 'BUS1', to: 'Q1' },
      { from: 'Q1', to: 'CT1' },
      { from: 'CT1', to: 'PV1' },
    ],
  });

  it('adds, lists, saves with a version check, renames and deletes diagrams, each write audited', async () => {
    const made = await call('POST', `/api/v6/distribution/room/${room}/diagrams`, site, { name: '光伏并网', name_en: 'PV tie-in' });
    expect(made).toMatchObject({ code: 1, data: { name: '光伏并网', name_en: 'PV tie-in', version: 1, elements: 0 } });
    const id = made.data.id as number;
    const list = await call('GET', `/api/v6/distribution/room/${room}/diagrams`, site);
    expect(list.data.list.map((d: { id: number }) => d.id)).toContain(id);
    expect(list.data.list.length).toBeGreaterThanOrEqual(2);

    const saved = await call('PUT', `/api/v6/distribution/room/${room}/diagram`, site, { diagram_id: id, doc: drawn(feeder), version: 1 });
    expect(saved).toMatchObject({ code: 1, data: { diagram_id: id, version: 2 } });
    // The loser of a concurrent save is told; nothing is overwritten.
    const lost = await call('PUT', `/api/v6/distribution/room/${room}/diagram`, site, { diagram_id: id, doc: { ...drawn(feeder), elements: [] , wires: [] }, version: 1 });
    expect(lost).toMatchObject({ code: ErrorCode.Conflict, data: { field: 'version' } });

    const live = await call('GET', `/api/v6/distribution/room/${room}/diagram?diagram_id=${id}`, site);
    expect(live.data).toMatchObject({ diagram_id: id, name: '光伏并网', stored: true, version: 2 });
    expect(live.data.doc.elements).toHaveLength(4);
    const q1 = live.data.states.find((s: { element_id: string }) => s.element_id === 'Q1');
    expect(q1).toMatchObject({ breaker_closed: true, p_kw: 42, i_a: 64, quality: 'fresh' });
    const ct = live.data.states.find((s: { element_id: string }) => s.element_id === 'CT1');
    expect(ct).toMatchObject({ breaker_closed: null, p_kw: 42 });
    const en = await call('GET', `/api/v6/distribution/room/${room}/diagram?diagram_id=${id}`, site, undefined);
    expect(en.data.name).toBeTruthy();

    const renamed = await call('PUT', `/api/v6/distribution/diagram/${id}/name`, site, { name: '光伏并网图', name_en: 'PV tie-in diagram', version: 2 });
    expect(renamed).toMatchObject({ code: 1, data: { version: 3, name: '光伏并网图', elements: 4 } });
    expect((await call('PUT', `/api/v6/distribution/diagram/${id}/name`, site, { name: 'x', version: 2 })).code).toBe(ErrorCode.Conflict);
    expect((await call('DELETE', `/api/v6/distribution/diagram/${id}?version=2`, site)).code).toBe(ErrorCode.Conflict);
    expect(await call('DELETE', `/api/v6/distribution/diagram/${id}?version=3`, site)).toMatchObject({ code: 1, data: { id } });
    expect((await call('GET', `/api/v6/distribution/room/${room}/diagram?diagram_id=${id}`, site)).code).toBe(ErrorCode.NotFound);

    const actions = await t.database.db.selectFrom('audit_log').select(['action', 'target_id']).where('target_type', '=', 'sld_diagram').where('target_id', '=', String(id)).execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['diagram.create', 'diagram.delete', 'diagram.rename', 'diagram.save']);
  });

  it('validates the model: unknown symbol kinds, foreign devices and edges to missing nodes name the field', async () => {
    const made = await call('POST', `/api/v6/distribution/room/${room}/diagrams`, site, { name: '校验', name_en: 'Checks' });
    const id = made.data.id as number;
    const put = (doc: object) => call('PUT', `/api/v6/distribution/room/${room}/diagram`, site, { diagram_id: id, doc, version: 1 });
    const unknown = await put({ ...drawn(feeder), elements: [{ id: 'X', type: 'flux_capacitor', x: 1, y: 1 }], wires: [] });
    expect(unknown.code).toBe(ErrorCode.Validation);
    expect(unknown.data.field).toContain('elements');
    const foreign = await t.database.db.selectFrom('devices').select('id').where('project_id', '!=', szip).executeTakeFirstOrThrow();
    expect(await put(drawn(foreign.id))).toMatchObject({ code: ErrorCode.Validation, data: { field: 'doc.elements[1].device_id' } });
    const dangling = drawn(feeder);
    dangling.wires.push({ from: 'PV1', to: 'GONE' });
    expect(await put(dangling)).toMatchObject({ code: ErrorCode.Validation, data: { field: 'doc.wires[3].to' } });
    expect((await call('POST', `/api/v6/distribution/room/${room}/diagrams`, site, { name: '', name_en: 'x' })).data.field).toBe('name');
  });

  it('lets only configure users in scope edit; viewers in scope read; other projects see nothing', async () => {
    const made = await call('POST', `/api/v6/distribution/room/${room}/diagrams`, site, { name: '范围', name_en: 'Scope', from_devices: true });
    const id = made.data.id as number;
    expect(made.data.elements).toBeGreaterThan(3);
    expect((await call('POST', `/api/v6/distribution/room/${room}/diagrams`, worker, { name: 'w' })).code).toBe(ErrorCode.Forbidden);
    expect((await call('PUT', `/api/v6/distribution/diagram/${id}/name`, worker, { name: 'w', version: 1 })).code).toBe(ErrorCode.Forbidden);
    expect((await call('DELETE', `/api/v6/distribution/diagram/${id}?version=1`, worker)).code).toBe(ErrorCode.Forbidden);
    expect((await call('GET', `/api/v6/distribution/room/${room}/diagrams`, xihu)).code).toBe(ErrorCode.Forbidden);
    expect((await call('GET', `/api/v6/distribution/room/${room}/diagram?diagram_id=${id}`, xihu)).code).toBe(ErrorCode.Forbidden);
    expect((await call('PUT', `/api/v6/distribution/diagram/${id}/name`, xihu, { name: 'x', version: 1 })).code).toBe(ErrorCode.Forbidden);
    expect((await call('DELETE', `/api/v6/distribution/diagram/${id}?version=1`, xihu)).code).toBe(ErrorCode.Forbidden);
  });
});
