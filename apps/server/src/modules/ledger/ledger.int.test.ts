import writeXlsxFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, LEDGER_XLSX_COLUMNS } from '@gridops/contract';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';
import { jpegWithGps, storedImageFacts } from '../../test-support/photo.js';
import { attackImages, makePng } from '../../test-support/png.js';
import { demoPdf } from '../../seed/demoLedger.js';

/**
 * The equipment ledger through the API on a real database: the demo's nameplates and documents, scope (`xihu`
 * never sees Changjiang's devices), nameplate edits with version checks and validation naming the field,
 * documents checked by magic bytes and downloaded back, the history merging events, work orders, inspections
 * and control operations, and the .xlsx import all or nothing.
 */
describe.each(backends)('equipment ledger on %s', (backend) => {
  let t: TestApp;
  let site: string;
  let xihu: string;
  let worker: string;
  let szip: number;
  let hzbj: number;

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: apiHeaders(token), ...(payload ? { payload } : {}) });
  const devices = async (token: string, query = '') => (await send('GET', `/api/v6/ledger/devices${query}`, token)).json();
  const plate = (over: Record<string, unknown> = {}) => ({ maker: '施耐德', maker_en: 'Schneider Electric', model: 'PIX 12', serial_no: 'SE-T-1', rating: '12 kV 1250 A', location: 'AA1', install_date: '2024-03-01', warranty_until: '2027-03-01', ...over });
  const xlsx = async (rows: (string | number)[][]) => (await writeXlsxFile([[...LEDGER_XLSX_COLUMNS], ...rows].map((r) => r.map((value) => ({ value })))).toBuffer()).toString('base64');

  beforeAll(async () => {
    t = await startTestApp(backend);
    [site, xihu, worker] = await Promise.all([loginAs(t.app, 'site'), loginAs(t.app, 'xihu'), loginAs(t.app, 'worker')]);
    const projects = await t.database.db.selectFrom('projects').select(['id', 'name_en']).execute();
    szip = projects.find((p) => p.name_en.startsWith('Suzhou'))!.id;
    hzbj = projects.find((p) => p.name_en.startsWith('Hangzhou'))!.id;
  });
  afterAll(async () => t?.close());

  it('lists the demo devices with nameplates, some warranties expiring, and a seeded document', async () => {
    const body = await devices(site, `?project_id=${szip}`);
    expect(body.code).toBe(1);
    const items = body.data.items as { maker_en: string; warranty_state: string; doc_count: number; project_id: number; version: number }[];
    expect(items.length).toBeGreaterThan(5);
    expect(items.every((d) => d.project_id === szip && d.maker_en !== '' && d.version === 1)).toBe(true);
    expect(items.some((d) => d.warranty_state === 'expiring')).toBe(true);
    expect(items.some((d) => d.doc_count > 0)).toBe(true);
    const expiring = await devices(site, `?project_id=${szip}&warranty=expiring`);
    expect(expiring.data.items.length).toBeGreaterThan(0);
    expect(expiring.data.items.every((d: { warranty_state: string }) => d.warranty_state === 'expiring')).toBe(true);
  });

  it('keeps scope: xihu sees only Hangzhou devices and cannot read or edit Changjiang ones', async () => {
    const mine = await devices(xihu);
    expect(mine.data.items.length).toBeGreaterThan(0);
    expect(new Set(mine.data.items.map((d: { project_id: number }) => d.project_id))).toEqual(new Set([hzbj]));
    expect(mine.data.projects.map((p: { id: number }) => p.id)).toEqual([hzbj]);
    expect((await devices(xihu, `?project_id=${szip}`)).code).toBe(ErrorCode.Forbidden);
    const foreign = (await devices(site, `?project_id=${szip}`)).data.items[0] as { id: number; version: number };
    expect((await send('GET', `/api/v6/ledger/devices/${foreign.id}/history`, xihu)).json().code).toBe(ErrorCode.Forbidden);
    expect((await send('GET', `/api/v6/ledger/devices/${foreign.id}/documents`, xihu)).json().code).toBe(ErrorCode.Forbidden);
    expect((await send('PUT', `/api/v6/ledger/devices/${foreign.id}`, xihu, { ...plate(), version: foreign.version })).json().code).toBe(ErrorCode.Forbidden);
    // A viewer (worker) reads but may not edit.
    expect((await send('PUT', `/api/v6/ledger/devices/${foreign.id}`, worker, { ...plate(), version: foreign.version })).json().code).toBe(ErrorCode.Forbidden);
  });

  it('saves a nameplate with version checks and names the field it refuses (audited)', async () => {
    const d = (await devices(site, `?project_id=${szip}`)).data.items[1] as { id: number; version: number };
    const bad = (await send('PUT', `/api/v6/ledger/devices/${d.id}`, site, { ...plate({ warranty_until: '2020-01-01' }), version: d.version })).json();
    expect([bad.code, bad.data.field]).toEqual([ErrorCode.Validation, 'warranty_until']);
    const notADay = (await send('PUT', `/api/v6/ledger/devices/${d.id}`, site, { ...plate({ install_date: '2024-02-30' }), version: d.version })).json();
    expect([notADay.code, notADay.data.field]).toEqual([ErrorCode.Validation, 'install_date']);
    const saved = (await send('PUT', `/api/v6/ledger/devices/${d.id}`, site, { ...plate(), version: d.version })).json();
    expect(saved).toMatchObject({ code: 1, data: { id: d.id, maker_en: 'Schneider Electric', serial_no: 'SE-T-1', version: d.version + 1, warranty_state: 'valid' } });
    const stale = (await send('PUT', `/api/v6/ledger/devices/${d.id}`, site, { ...plate({ model: 'X' }), version: d.version })).json();
    expect(stale.code).toBe(ErrorCode.Conflict);
    const audit = await t.database.db.selectFrom('audit_log').select(['action', 'target_id']).where('action', '=', 'ledger.nameplate.save').execute();
    expect(audit).toContainEqual({ action: 'ledger.nameplate.save', target_id: String(d.id) });
  });

  it('uploads documents by magic bytes, downloads them back, refuses other files and deletes', async () => {
    const d = ((await devices(site, `?project_id=${szip}`)).data.items as { id: number; doc_count: number }[]).find((x) => x.doc_count === 0)!;
    const pdf = demoPdf(['Manual']);
    const up = (await send('POST', `/api/v6/ledger/devices/${d.id}/documents`, site, { name: 'manual', content_base64: pdf.toString('base64') })).json();
    expect(up).toMatchObject({ code: 1, data: { name: 'manual.pdf', mime: 'application/pdf', size: pdf.length } });
    const png = (await send('POST', `/api/v6/ledger/devices/${d.id}/documents`, site, { name: 'plate photo.png', content_base64: makePng(40, 30).toString('base64') })).json();
    expect(png.data.mime).toBe('image/png');
    const exe = (await send('POST', `/api/v6/ledger/devices/${d.id}/documents`, site, { name: 'manual.pdf', content_base64: Buffer.from('MZ not a pdf').toString('base64') })).json();
    expect([exe.code, exe.data.field]).toEqual([ErrorCode.Validation, 'content_base64']);
    const list = (await send('GET', `/api/v6/ledger/devices/${d.id}/documents`, site)).json();
    expect(list.data.items.map((x: { name: string }) => x.name)).toEqual(['plate photo.png', 'manual.pdf']);
    const back = (await send('GET', `/api/v6/ledger/documents/${up.data.id}`, site)).json();
    expect(Buffer.from(back.data.content_base64, 'base64').equals(pdf)).toBe(true);
    expect((await send('GET', `/api/v6/ledger/documents/${up.data.id}`, xihu)).json().code).toBe(ErrorCode.Forbidden);
    expect((await send('DELETE', `/api/v6/ledger/documents/${up.data.id}`, site)).json().code).toBe(1);
    expect((await send('GET', `/api/v6/ledger/devices/${d.id}/documents`, site)).json().data.items).toHaveLength(1);
  });

  it('keeps a picture only re-encoded (no EXIF/GPS) and refuses files that only start like one', async () => {
    const d = ((await devices(site, `?project_id=${szip}`)).data.items as { id: number; doc_count: number }[]).find((x) => x.doc_count === 0)!;
    for (const { name, bytes } of attackImages()) {
      const r = (await send('POST', `/api/v6/ledger/devices/${d.id}/documents`, site, { name: 'plate.png', content_base64: bytes.toString('base64') })).json();
      expect([r.code, r.data?.field], name).toEqual([ErrorCode.Validation, 'content_base64']);
    }
    const up = (await send('POST', `/api/v6/ledger/devices/${d.id}/documents`, site, { name: 'plate', content_base64: (await jpegWithGps()).toString('base64') })).json();
    expect(up).toMatchObject({ code: 1, data: { name: 'plate.jpg', mime: 'image/jpeg' } });
    const backRes = await send('GET', `/api/v6/ledger/documents/${up.data.id}`, site);
    expect(backRes.headers['x-content-type-options']).toBe('nosniff');
    const back = backRes.json();
    expect(back.data.mime).toBe('image/jpeg');
    const stored = Buffer.from(back.data.content_base64, 'base64');
    expect(up.data.size).toBe(stored.length);
    expect(await storedImageFacts(stored)).toEqual({ format: 'jpeg', width: 400, height: 300, hasExif: false, mentionsCamera: false });
    expect((await send('DELETE', `/api/v6/ledger/documents/${up.data.id}`, site)).json().code).toBe(1);
  });

  it('merges events, work orders, inspections and control operations into one paginated history', async () => {
    const db = t.database.db;
    const device = await db.selectFrom('devices').select(['id', 'project_id']).where('project_id', '=', szip).orderBy('id').executeTakeFirstOrThrow();
    const user = await db.selectFrom('users').select(['id', 'org_id']).where('username', '=', 'site').executeTakeFirstOrThrow();
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const ev = await db.insertInto('events').values({ project_id: szip, device_id: device.id, point_id: null, rule_id: null, event_type: 1, level: 2, title: 't', message: '测试越限', message_en: 'Test limit', value: null, limit_value: null, rule_kind: null, state_from: null, group_key: null, message_key: null, message_params: null, raised_at: at(40) }).returning('id').executeTakeFirstOrThrow();
    const wo = await db.insertInto('work_orders').values({ org_id: user.org_id, project_id: szip, source_kind: 'manual', event_id: null, device_id: device.id, title: '测试工单', title_en: 'Test order', priority: 'normal', assignee_user_id: null, assignee_expert_id: null, created_by: user.id, respond_due: at(-60), resolve_due: at(-600), created_at: at(30) }).returning('id').executeTakeFirstOrThrow();
    const ctl = await db.insertInto('control_log').values({ control_command_id: null, project_id: szip, device_id: device.id, user_id: user.id, step: 'execute', action: 'open', outcome: 'succeeded', at: at(20) }).returning('id').executeTakeFirstOrThrow();
    const plan = await db.insertInto('inspection_plans').values({ project_id: szip, name: '测试巡检', name_en: 'Test round', checkpoints: '[]', schedule: '{}', rrule: 'FREQ=DAILY', window_start: '08:00', window_end: '12:00', assignee_id: user.id }).returning('id').executeTakeFirstOrThrow();
    const checkpoints = JSON.stringify([{ kind: 'device', ref_id: device.id, template_id: 1, seq: 0, code: `GO1:D:${device.id}`, items: [] }]);
    const task = await db.insertInto('inspection_tasks').values({ plan_id: plan.id, project_id: szip, occurrence: '2026-01-01', window_start: at(12), window_end: at(5), assignee_id: user.id, checkpoints, status: 'done', submitted_at: at(10) }).returning('id').executeTakeFirstOrThrow();

    const page1 = (await send('GET', `/api/v6/ledger/devices/${device.id}/history?page=1&size=2`, site)).json();
    expect(page1.code).toBe(1);
    expect(page1.data.total).toBeGreaterThanOrEqual(4);
    expect(page1.data.items.map((i: { kind: string; ref_id: number }) => [i.kind, i.ref_id])).toEqual([
      ['inspection', task.id],
      ['control', ctl.id],
    ]);
    const page2 = (await send('GET', `/api/v6/ledger/devices/${device.id}/history?page=2&size=2`, site)).json();
    expect(page2.data.items.map((i: { kind: string; ref_id: number }) => [i.kind, i.ref_id])).toEqual([
      ['workorder', wo.id],
      ['event', ev.id],
    ]);
    expect(page2.data.items[0]).toMatchObject({ title: '测试工单', title_en: 'Test order', status: 'created' });
  });

  it('imports nameplates from .xlsx all or nothing, naming row and column', async () => {
    const items = (await devices(site, `?project_id=${szip}`)).data.items as { id: number; sn: string; name: string; model: string }[];
    const [a, b] = [items[3]!, items[4]!];
    const foreign = (await devices(xihu)).data.items[0] as { id: number; sn: string };
    const row = (d: { id: number; sn: string; name?: string }, over: Partial<Record<(typeof LEDGER_XLSX_COLUMNS)[number], string>> = {}) => {
      const v: Record<string, string | number> = { device_id: d.id, device_sn: d.sn, name: d.name ?? '', maker: 'ABB', maker_en: 'ABB', model: 'IMPORTED', serial_no: 'S1', rating: '1 kW', location: '', install_date: '2023-01-01', warranty_until: '2028-01-01', ...over };
      return LEDGER_XLSX_COLUMNS.map((k) => v[k] ?? '');
    };
    const refused = (await send('POST', '/api/v6/ledger/import', site, { file_base64: await xlsx([row(a), row(b, { warranty_until: '2020-01-01' }), row(foreign), row(a, { device_sn: 'WRONG' })]) })).json();
    expect(refused.data.ok).toBe(false);
    expect(refused.data.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
      [3, 'warranty_until'],
      [4, 'device_id'],
      [5, 'device_sn'],
    ]);
    const after = (await devices(site, `?project_id=${szip}`)).data.items as { id: number; model: string }[];
    expect(after.find((d) => d.id === a.id)!.model).toBe(a.model);

    const ok = (await send('POST', '/api/v6/ledger/import', site, { file_base64: await xlsx([row(a), row(b, { model: 'B-MODEL' })]) })).json();
    expect(ok.data).toEqual({ ok: true, updated: 2, errors: [] });
    const now = (await devices(site, `?project_id=${szip}`)).data.items as { id: number; model: string }[];
    expect([now.find((d) => d.id === a.id)!.model, now.find((d) => d.id === b.id)!.model]).toEqual(['IMPORTED', 'B-MODEL']);
    const garbage = (await send('POST', '/api/v6/ledger/import', site, { file_base64: Buffer.from('not a workbook').toString('base64') })).json();
    expect(garbage.data).toMatchObject({ ok: false, errors: [{ row: 0, column: 'file' }] });
  });
});
