import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { ErrorCode } from '@gridops/contract';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';
import { projectOfUser } from '../../test-support/stations.js';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T & { field?: string };
}
interface Row {
  id: number;
  sn: string;
  parent_id: number | null;
}
interface ImportResult {
  ok: boolean;
  created: number;
  errors: { row: number; column: string; message: { zh: string; en: string } }[];
}
interface El {
  id: string;
  type: string;
  x: number;
  y: number;
  length?: number;
}

/** Issue 25: the upstream device (parent_id) set from the console and the import, checked, and used by the diagram draft. */
describe.each(backends)('device upstream (parent_id) on %s', (backend) => {
  let t: TestApp;
  let site: string;
  let xihu: string;
  let suzhou: number;
  let hangzhouDevice: number;
  let room: number;
  let gatewayId: number;
  let gatewaySn: string;

  const call = async <T>(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    (await t.app.inject({ method, url, headers: apiHeaders(token), ...(payload ? { payload } : {}) })).json<Envelope<T>>();
  const devices = async () => (await call<Row[]>(site, 'GET', `/api/v6/gateway/devices?project_id=${suzhou}`)).data;
  const add = async (sn: string, kind: string, parent_id?: number | null) =>
    call<Row>(site, 'POST', '/api/v6/gateway/device', { gateway_id: gatewayId, sn, kind, name: sn, name_en: sn, room_id: room, ...(parent_id === undefined ? {} : { parent_id }) });
  const workbook = async (rows: string[][]) => {
    const header = ['gateway_sn', 'device_sn', 'name', 'name_en', 'template', 'room', 'parent_sn'];
    return (await writeXlsxFile([header, ...rows].map((r) => r.map((value) => ({ value })))).toBuffer()).toString('base64');
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    [site, xihu] = await Promise.all(['site', 'xihu'].map((u) => loginAs(t.app, u)));
    const db = t.database.db;
    suzhou = await projectOfUser(db, 'site');
    const hz = await projectOfUser(db, 'xihu');
    hangzhouDevice = (await db.selectFrom('devices').select('id').where('project_id', '=', hz).where('gateway_id', 'is not', null).executeTakeFirstOrThrow()).id;
    room = (await db.insertInto('rooms').values({ project_id: suzhou, name: '上级测试室', name_en: 'Upstream room' }).returning('id').executeTakeFirstOrThrow()).id;
    gatewaySn = `GW-PARENT-${backend}`;
    gatewayId = (await call<{ id: number }>(site, 'POST', '/api/v6/gateway', { project_id: suzhou, sn: gatewaySn, name: '上级测试网关', name_en: 'Upstream gateway' })).data.id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('sets the upstream device on add and edit; the draft puts the meter on its breaker and the feeder on its transformer', async () => {
    const inc = (await add('P-INC', 'incomer')).data.id;
    const tr1 = (await add('P-TR1', 'transformer', inc)).data.id;
    const tr2 = (await add('P-TR2', 'transformer', inc)).data.id;
    const f1 = (await add('P-F1', 'feeder', tr1)).data.id;
    const created = await add('P-F2', 'feeder', tr1);
    expect(created).toMatchObject({ code: 1, data: { parent_id: tr1 } });
    const f2 = created.data.id;
    const meter = (await add('P-PJ', 'meter')).data.id;
    // Edit: the feeder moves under the second transformer, the meter gets its breaker; absent parent_id keeps it.
    expect((await call(site, 'PUT', `/api/v6/gateway/device/${f2}`, { name: 'P-F2', name_en: 'P-F2', parent_id: tr2 })).code).toBe(1);
    expect((await call(site, 'PUT', `/api/v6/gateway/device/${meter}`, { name: 'P-PJ', name_en: 'P-PJ', parent_id: f2 })).code).toBe(1);
    expect((await call(site, 'PUT', `/api/v6/gateway/device/${f2}`, { name: 'P-F2', name_en: 'Feeder 2' })).code).toBe(1);
    const rows = await devices();
    expect(rows.find((d) => d.id === f2)?.parent_id).toBe(tr2);
    expect(rows.find((d) => d.id === meter)?.parent_id).toBe(f2);
    expect(rows.find((d) => d.id === f1)?.parent_id).toBe(tr1);

    const draft = await call<{ doc: { elements: El[]; wires: { from: string; to: string }[] } }>(site, 'POST', '/api/v6/distribution/diagram/draft', { project_id: suzhou, room_id: room });
    expect(draft.code).toBe(1);
    const { elements, wires } = draft.data.doc;
    const el = (id: string) => elements.find((e) => e.id === id)!;
    // The meter hangs on its feeder's line, wired from the feeder's breaker, not beside a busbar.
    expect(el(`PJ-${meter}`).x).toBe(el(`QF-${f2}`).x);
    expect(wires).toContainEqual(expect.objectContaining({ from: `QF-${f2}`, to: `PJ-${meter}` }));
    // The feeder stands on the second transformer's section; the first keeps its own feeder.
    const within = (x: number, bus: El) => x >= bus.x && x <= bus.x + (bus.length ?? 0);
    expect(within(el(`QF-${f2}`).x, el('BUS-LV-2'))).toBe(true);
    expect(within(el(`QF-${f1}`).x, el('BUS-LV-1'))).toBe(true);
    expect(within(el(`QF-${f2}`).x, el('BUS-LV-1'))).toBe(false);
  });

  it('refuses the device itself, a cycle and a device of another organisation, naming parent_id, and writes nothing', async () => {
    const a = (await add('P-A', 'transformer')).data.id;
    const b = (await add('P-B', 'feeder', a)).data.id;
    const c = (await add('P-C', 'meter', b)).data.id;
    const self = await call(site, 'PUT', `/api/v6/gateway/device/${a}`, { name: 'P-A', name_en: 'P-A', parent_id: a });
    expect(self).toMatchObject({ code: ErrorCode.Validation, data: { field: 'parent_id' } });
    const cycle = await call(site, 'PUT', `/api/v6/gateway/device/${a}`, { name: 'P-A', name_en: 'P-A', parent_id: c });
    expect(cycle).toMatchObject({ code: ErrorCode.Validation, data: { field: 'parent_id' } });
    const foreignEdit = await call(site, 'PUT', `/api/v6/gateway/device/${a}`, { name: 'renamed', name_en: 'renamed', parent_id: hangzhouDevice });
    expect(foreignEdit).toMatchObject({ code: ErrorCode.NotFound, data: { field: 'parent_id' } });
    const before = (await devices()).length;
    const foreignAdd = await add('P-X', 'meter', hangzhouDevice);
    expect(foreignAdd).toMatchObject({ code: ErrorCode.NotFound, data: { field: 'parent_id' } });
    expect((await add('P-Y', 'meter', 999_999_999)).data.field).toBe('parent_id');
    expect((await add('P-Z', 'meter', 0)).code).toBe(ErrorCode.Validation);
    const rows = await devices();
    expect(rows.length).toBe(before);
    expect(rows.find((d) => d.id === a)).toMatchObject({ parent_id: null });
    expect(rows.find((d) => d.sn === 'renamed')).toBeUndefined();
    // The other organisation's user cannot point their device at ours either.
    const theirs = await call(xihu, 'PUT', `/api/v6/gateway/device/${hangzhouDevice}`, { name: 'x', name_en: 'x', parent_id: a });
    expect([ErrorCode.NotFound, ErrorCode.Forbidden]).toContain(theirs.code);
    const hz = await t.database.db.selectFrom('devices').select('parent_id').where('id', '=', hangzhouDevice).executeTakeFirstOrThrow();
    expect(hz.parent_id).not.toBe(a);
  });

  it('imports parent_sn from a registered device or a row of the same file; a bad one refuses the whole file naming the column', async () => {
    const registered = (await add('P-IMP-TR', 'transformer')).data.id;
    const imp = async (rows: string[][]) => call<ImportResult>(site, 'POST', '/api/v6/deviceTemplate/import', { project_id: suzhou, file_base64: await workbook(rows) });
    const before = (await devices()).length;
    const bad = await imp([
      [gatewaySn, 'I-F1', '出线1', 'Feeder 1', 'feeder', '', 'P-IMP-TR'],
      [gatewaySn, 'I-PJ', '电表', 'Meter', 'meter', '', 'NO-SUCH'],
      [gatewaySn, 'I-S', '自身', 'Self', 'meter', '', 'I-S'],
      [gatewaySn, 'I-L1', '环1', 'Loop 1', 'feeder', '', 'I-L2'],
      [gatewaySn, 'I-L2', '环2', 'Loop 2', 'feeder', '', 'I-L1'],
    ]);
    expect(bad.data.ok).toBe(false);
    expect(bad.data.errors.map((e) => [e.row, e.column])).toEqual([
      [3, 'parent_sn'],
      [4, 'parent_sn'],
      [5, 'parent_sn'],
      [6, 'parent_sn'],
    ]);
    expect(bad.data.errors[0]?.message.en).toContain('parent_sn');
    expect(bad.data.errors[0]?.message.en).toContain('NO-SUCH');
    expect(bad.data.errors[0]?.message.zh).toContain('上级设备');
    expect((await devices()).length).toBe(before);

    const good = await imp([
      [gatewaySn, 'I-PJ', '电表', 'Meter', 'meter', '', 'I-F1'],
      [gatewaySn, 'I-F1', '出线1', 'Feeder 1', 'feeder', '', 'P-IMP-TR'],
      [gatewaySn, 'I-F2', '出线2', 'Feeder 2', 'feeder', '', ''],
    ]);
    expect(good.data).toEqual({ ok: true, created: 3, errors: [] });
    const rows = await devices();
    const id = (sn: string) => rows.find((d) => d.sn === sn)!;
    expect(id('I-F1').parent_id).toBe(registered);
    expect(id('I-PJ').parent_id).toBe(id('I-F1').id);
    expect(id('I-F2').parent_id).toBeNull();
  });
});
