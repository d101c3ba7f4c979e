import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { ARC_DETECTOR_XLSX_COLUMNS, ErrorCode, FIRE_LOOP_XLSX_COLUMNS, type AlarmRuleList, type ArcDetector, type FireImportResult, type FireLimitsView, type FireLoop } from '@gridops/contract';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';
import { PointRegistry } from '../telemetry/registry.js';
import { AlarmEngine } from '../alarm/engine.js';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
type LoopList = { items: FireLoop[]; detectors: { id: number; name: string }[]; feeders: { id: number }[] };

/**
 * The electrical fire sets through the API on a real database: the demo's loops and arc settings, the
 * standards' ranges refused naming the field (zh/en), scope and permission, version checks and audit, the
 * loop's limits written as managed alarm rules that the live engine applies from the next sample, the limits
 * view the fire page draws, and the .xlsx import.
 */
describe.each(backends)('electrical fire sets on %s', (backend) => {
  let t: TestApp;
  let site: string;
  let projectId: number;
  let engine: AlarmEngine;
  const call = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown, lang = 'en') => {
    const res = await t.app.inject({ method, url, headers: apiHeaders(token, { 'accept-language': lang }), ...(payload !== undefined ? { payload: payload as object } : {}) });
    return res.json<Envelope<T>>();
  };
  const loops = async () => (await call<LoopList>('GET', `/api/v6/fire-loops?project_id=${projectId}`, site)).data;
  const body = (l: FireLoop, over: Record<string, unknown> = {}) => ({
    name: l.name,
    name_en: l.name_en,
    device_id: l.device_id,
    channel: l.channel,
    room_id: l.room_id,
    feeder_id: l.feeder_id,
    residual_ma: l.residual_ma,
    temp_limits: l.temp_limits,
    pre_alarm_pct: l.pre_alarm_pct,
    enabled: l.enabled,
    version: l.version,
    ...over,
  });
  const irPoint = (deviceId: number) =>
    t.database.db.selectFrom('device_points').select('id').where('device_id', '=', deviceId).where('key', '=', 'IR').executeTakeFirstOrThrow();
  const evaluate = (pointId: number, ts: number, value: number) => t.database.db.transaction().execute((trx) => engine.evaluate(trx, [{ pointId, ts, value }]));

  beforeAll(async () => {
    t = await startTestApp(backend);
    site = await loginAs(t.app, 'site');
    const db = t.database.db;
    const me = await db.selectFrom('users as u').innerJoin('user_projects as up', 'up.user_id', 'u.id').select('up.project_id').where('u.username', '=', 'site').executeTakeFirstOrThrow();
    projectId = me.project_id;
    const registry = new PointRegistry(db);
    await registry.load();
    engine = new AlarmEngine(db, registry);
    await engine.loadRules();
  });
  afterAll(async () => t?.close());

  it('lists the demo loops with the standard defaults and the arc-fault settings', async () => {
    const l = await loops();
    expect(l.items).toHaveLength(2);
    expect(l.items.every((x) => x.temp_limits.T1 === 70 && x.pre_alarm_pct === 90 && x.enabled)).toBe(true);
    const arcs = (await call<{ items: ArcDetector[] }>('GET', `/api/v6/arc-detectors?project_id=${projectId}`, site)).data;
    expect(arcs.items).toHaveLength(1);
    expect(arcs.items[0]).toMatchObject({ threshold: 14, sensitivity: 'standard', enabled: true });
  });

  it('refuses values outside the standards, naming the field in zh and en, and keeps nothing', async () => {
    const l = (await loops()).items[0]!;
    const low = await call<{ field: string }>('PUT', `/api/v6/fire-loops/${l.id}`, site, body(l, { residual_ma: 10 }));
    expect(low).toMatchObject({ code: ErrorCode.Validation, data: { field: 'residual_ma' } });
    expect(low.msg).toContain('20–1000 mA');
    const zh = await call<{ field: string }>('PUT', `/api/v6/fire-loops/${l.id}`, site, body(l, { temp_limits: { T1: 70, T2: 150, T3: 70 } }), 'zh');
    expect(zh).toMatchObject({ code: ErrorCode.Validation, data: { field: 'temp_limits.T2' } });
    expect(zh.msg).toContain('55–140');
    expect(zh.msg).toMatch(/温度/);
    const arcs = (await call<{ items: ArcDetector[] }>('GET', `/api/v6/arc-detectors?project_id=${projectId}`, site)).data.items;
    const a = arcs[0]!;
    const arc = await call<{ field: string }>('PUT', `/api/v6/arc-detectors/${a.id}`, site, { name: a.name, name_en: a.name_en, device_id: a.device_id, feeder_id: a.feeder_id, threshold: 20, sensitivity: 'high', enabled: true, version: a.version });
    expect(arc).toMatchObject({ code: ErrorCode.Validation, data: { field: 'threshold' } });
    expect((await loops()).items.find((x) => x.id === l.id)).toMatchObject({ version: l.version, residual_ma: l.residual_ma });
  });

  it('scope and permission: another group cannot read, a worker cannot write, a stale version is 10008', async () => {
    const l = (await loops()).items[0]!;
    const xihu = await loginAs(t.app, 'xihu');
    expect((await call('GET', `/api/v6/fire-loops?project_id=${projectId}`, xihu)).code).toBe(ErrorCode.Forbidden);
    expect((await call('PUT', `/api/v6/fire-loops/${l.id}`, xihu, body(l))).code).toBe(ErrorCode.Forbidden);
    const worker = await loginAs(t.app, 'worker');
    expect((await call('PUT', `/api/v6/fire-loops/${l.id}`, worker, body(l))).code).toBe(ErrorCode.Forbidden);
    expect((await call('PUT', `/api/v6/fire-loops/${l.id}`, site, body(l, { version: l.version + 5 }))).code).toBe(ErrorCode.Conflict);
  });

  it("lowering a loop's residual limit below the live value raises the alarm on the next sample; the page's limits are the rule's", async () => {
    const l = (await loops()).items.find((x) => x.residual_ma === 300)!;
    const point = await irPoint(l.device_id);
    const now = Date.now();
    expect(await evaluate(point.id, now - 60_000, 150)).toHaveLength(0);
    const saved = await call<FireLoop>('PUT', `/api/v6/fire-loops/${l.id}`, site, body(l, { residual_ma: 120, pre_alarm_pct: 80 }));
    expect(saved.code).toBe(1);
    expect(saved.data).toMatchObject({ residual_ma: 120, version: l.version + 1 });
    // The engine was loaded before the edit: the rule generation tells it.
    // The residual-current rules keep the shipped 5 s on-delay: the sample starts it, the next one raises.
    expect(await evaluate(point.id, now - 50_000, 150)).toHaveLength(0);
    expect((await evaluate(point.id, now - 40_000, 150)).length).toBeGreaterThanOrEqual(1);
    const events = await t.database.db.selectFrom('events as e').innerJoin('alarm_rules as r', 'r.id', 'e.rule_id').select(['r.kind', 'e.limit_value', 'r.fire_loop_id']).where('e.point_id', '=', point.id).where('e.active', '=', true).execute();
    expect(events.find((e) => e.kind === 'high_high')).toMatchObject({ limit_value: 120, fire_loop_id: l.id });
    expect(events.find((e) => e.kind === 'high')).toMatchObject({ limit_value: 96 });
    const view = (await call<FireLimitsView>('GET', `/api/v6/fire-limits?project_id=${projectId}`, site)).data;
    expect(view.detectors.find((d) => d.device_id === l.device_id)?.limits.IR).toEqual({ alarm: 120, pre_alarm: 96 });
    expect(view.arc[0]).toMatchObject({ threshold: 14, enabled: true });
    // Raising it again clears both at once, without a sample.
    const back = await call<FireLoop>('PUT', `/api/v6/fire-loops/${l.id}`, site, body(saved.data, { residual_ma: 300, pre_alarm_pct: 90 }));
    expect(back.code).toBe(1);
    expect(await t.database.db.selectFrom('events').select('id').where('point_id', '=', point.id).where('active', '=', true).execute()).toHaveLength(0);
    const audit = await t.database.db.selectFrom('audit_log').select(['action']).where('action', '=', 'fireLoop.update').execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('the alarm-rule page shows the managed rules read-only and refuses to edit them', async () => {
    const list = (await call<AlarmRuleList>('GET', `/api/v6/alarm-rules?project_id=${projectId}`, site)).data;
    const managed = list.rules.filter((r) => r.managed_by === 'fire_loop');
    expect(managed.length).toBe(16);
    expect(managed.every((r) => !r.editable)).toBe(true);
    const r = managed[0]!;
    const edit = await call('PUT', `/api/v6/alarm-rules/${r.id}`, site, { point_key: r.point_key, kind: r.kind, threshold: 999, deadband: 0, on_delay_s: 0, off_delay_s: 0, level: 2, event_type: 2, name: 'x', name_en: 'x', enabled: true, shelved_until: null, shelve_note: '', version: r.version });
    expect(edit.code).toBe(ErrorCode.Forbidden);
  });

  it('deleting a loop drops its rules: the shipped defaults apply again', async () => {
    const l = (await loops()).items[1]!;
    expect((await call('DELETE', `/api/v6/fire-loops/${l.id}?version=${l.version}`, site)).code).toBe(1);
    const view = (await call<FireLimitsView>('GET', `/api/v6/fire-limits?project_id=${projectId}`, site)).data;
    const d = view.detectors.find((x) => x.device_id === l.device_id)!;
    expect(d.loop).toBeNull();
    expect(d.limits.IR).toEqual({ alarm: 300, pre_alarm: null });
    const left = await t.database.db.selectFrom('alarm_rules').select('id').where('device_id', '=', l.device_id).execute();
    expect(left).toHaveLength(0);
  });

  it('imports loops from .xlsx: a bad cell refuses the file naming row and column; a clean file adds the loop back', async () => {
    const list = await loops();
    const devices = await t.database.db.selectFrom('devices').select(['id', 'sn']).where('project_id', '=', projectId).where('kind', '=', 'fire_sensor').execute();
    const free = devices.find((d) => !list.items.some((l) => l.device_id === d.id))!;
    const row = (residual: number) => ['', '导入回路', 'Imported loop', free.sn, 1, '', residual, 70, 70, 70, 85, 1];
    const file = async (rows: (string | number)[][]) =>
      (await writeXlsxFile([[...FIRE_LOOP_XLSX_COLUMNS], ...rows].map((r) => r.map((value) => ({ value })))).toBuffer()).toString('base64');
    const bad = await call<FireImportResult>('POST', '/api/v6/fire-loops/import', site, { project_id: projectId, file_base64: await file([row(5000)]) });
    expect(bad.data.errors, JSON.stringify(bad.data.errors)).toEqual([expect.objectContaining({ row: 2, column: 'residual_ma' })]);
    expect(bad.data.ok).toBe(false);
    const good = await call<FireImportResult>('POST', '/api/v6/fire-loops/import', site, { project_id: projectId, file_base64: await file([row(250)]) });
    expect(good.data).toMatchObject({ ok: true, created: 1, updated: 0 });
    expect((await loops()).items.find((l) => l.device_id === free.id)).toMatchObject({ residual_ma: 250, pre_alarm_pct: 85, name_en: 'Imported loop' });
  });

  it('imports arc-fault settings from .xlsx: the standard’s threshold checked per row, a clean file updates by id with its rule', async () => {
    const arcs = async () => (await call<{ items: ArcDetector[] }>('GET', `/api/v6/arc-detectors?project_id=${projectId}`, site)).data.items;
    const [a] = await arcs();
    expect(a).toMatchObject({ device_sn: expect.any(String) });
    const row = (threshold: number | string, over: Partial<Record<(typeof ARC_DETECTOR_XLSX_COLUMNS)[number], string | number>> = {}) => {
      const cells: Record<(typeof ARC_DETECTOR_XLSX_COLUMNS)[number], string | number> = {
        id: a!.id,
        name: a!.name,
        name_en: 'Imported arc setting',
        device_sn: a!.device_sn,
        feeder_sn: a!.feeder_sn ?? '',
        threshold,
        sensitivity: 'high',
        enabled: 1,
        ...over,
      };
      return ARC_DETECTOR_XLSX_COLUMNS.map((k) => cells[k]);
    };
    const file = async (rows: (string | number)[][]) =>
      (await writeXlsxFile([[...ARC_DETECTOR_XLSX_COLUMNS], ...rows].map((r) => r.map((value) => ({ value })))).toBuffer()).toString('base64');
    const post = async (rows: (string | number)[][]) => (await call<FireImportResult>('POST', '/api/v6/arc-detectors/import', site, { project_id: projectId, file_base64: await file(rows) })).data;

    // GB 14287.4: 14 half-cycles at most; an unknown detector and an unknown sensitivity name their columns.
    const bad = await post([row(20), row(8, { device_sn: 'NOPE' }), row(8, { sensitivity: 'extreme' })]);
    expect(bad.ok).toBe(false);
    expect(bad.errors.map((e) => `${e.row}:${e.column}`)).toEqual(['2:threshold', '3:device_sn', '4:sensitivity']);
    expect(bad.errors[0]!.message.zh).toContain('GB 14287.4');
    expect((await arcs())[0]).toMatchObject({ threshold: a!.threshold, version: a!.version });
    const notXlsx = (await call<FireImportResult>('POST', '/api/v6/arc-detectors/import', site, { project_id: projectId, file_base64: Buffer.from('not a workbook').toString('base64') })).data;
    expect(notXlsx.errors[0]).toMatchObject({ row: 0, column: 'file' });

    const good = await post([row(9)]);
    expect(good).toMatchObject({ ok: true, created: 0, updated: 1 });
    expect((await arcs())[0]).toMatchObject({ threshold: 9, sensitivity: 'high', name_en: 'Imported arc setting', version: a!.version + 1 });
    const view = (await call<FireLimitsView>('GET', `/api/v6/fire-limits?project_id=${projectId}`, site)).data;
    expect(view.arc.find((x) => x.device_id === a!.device_id)).toMatchObject({ threshold: 9 });
    const audit = await t.database.db.selectFrom('audit_log').select(['action']).where('action', '=', 'arcDetector.import').execute();
    expect(audit).toHaveLength(1);
    // Only the configure permission imports.
    const worker = await loginAs(t.app, 'worker');
    expect((await call('POST', '/api/v6/arc-detectors/import', worker, { project_id: projectId, file_base64: await file([row(9)]) })).code).toBe(ErrorCode.Forbidden);
  });
});
