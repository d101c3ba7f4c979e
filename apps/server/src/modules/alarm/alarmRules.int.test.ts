import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import type { AlarmPerformance, AlarmRule, AlarmRuleList, AlarmRulePreview, AlarmRuleImportResult } from '@gridops/contract';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';
import { PointRegistry } from '../telemetry/registry.js';
import { AlarmEngine } from './engine.js';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/**
 * Alarm-rule configuration through the API on a real database: scope, validation, version check, audit, the
 * live effect on two engines sharing the database (two instances), re-evaluation of a point in alarm when its
 * rule is edited, the preview over stored history, performance figures and the .xlsx import.
 */
describe.each(backends)('alarm rules on %s', (backend) => {
  let t: TestApp;
  let site: string;
  let xihu: string;
  let projectId: number;
  let transformer: { id: number; pointId: number };
  const engines: AlarmEngine[] = [];
  const call = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown, lang = 'en') => {
    const res = await t.app.inject({ method, url, headers: apiHeaders(token, { 'accept-language': lang }), ...(payload !== undefined ? { payload: payload as object } : {}) });
    return res.json<Envelope<T>>();
  };
  const draft = (over: Record<string, unknown> = {}) => ({
    point_key: 'temp_winding',
    kind: 'high',
    threshold: 60,
    deadband: 2,
    on_delay_s: 0,
    off_delay_s: 0,
    level: 2,
    event_type: 2,
    name: '绕组温度偏高（站点）',
    name_en: 'Winding temperature high (site)',
    enabled: true,
    shelved_until: null,
    shelve_note: '',
    ...over,
  });
  const evaluate = (engine: AlarmEngine, ts: number, value: number) =>
    t.database.db.transaction().execute((trx) => engine.evaluate(trx, [{ pointId: transformer.pointId, ts, value }]));
  const activeEvents = () =>
    t.database.db.selectFrom('events').select(['id', 'rule_id', 'active']).where('point_id', '=', transformer.pointId).where('active', '=', true).execute();

  beforeAll(async () => {
    t = await startTestApp(backend);
    site = await loginAs(t.app, 'site');
    xihu = await loginAs(t.app, 'xihu');
    const db = t.database.db;
    const me = await db.selectFrom('users as u').innerJoin('user_projects as up', 'up.user_id', 'u.id').select('up.project_id').where('u.username', '=', 'site').executeTakeFirstOrThrow();
    projectId = me.project_id;
    const tr = await db
      .selectFrom('devices as d')
      .innerJoin('device_points as p', 'p.device_id', 'd.id')
      .select(['d.id', 'p.id as point_id'])
      .where('d.project_id', '=', projectId)
      .where('d.kind', '=', 'transformer')
      .where('p.key', '=', 'temp_winding')
      .orderBy('d.id')
      .executeTakeFirstOrThrow();
    transformer = { id: tr.id, pointId: tr.point_id };
    // Two "instances": each its own point registry and engine, loaded before any edit.
    for (let i = 0; i < 2; i++) {
      const registry = new PointRegistry(db);
      await registry.load();
      const engine = new AlarmEngine(db, registry);
      await engine.loadRules();
      engines.push(engine);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  let rule: AlarmRule;

  it('lists shipped defaults (read-only) and the project device rules for a site user; another tenant is refused', async () => {
    const r = await call<AlarmRuleList>('GET', `/api/v6/alarm-rules?project_id=${projectId}`, site);
    expect(r.code).toBe(1);
    const shipped = r.data.rules.find((x) => x.scope === 'default' && x.point_key === 'temp_winding');
    expect(shipped).toMatchObject({ editable: false, threshold: 110, device_kind: 'transformer', point_name_en: expect.any(String) });
    expect(r.data.devices.some((d) => d.id === transformer.id)).toBe(true);
    expect((await call('GET', `/api/v6/alarm-rules?project_id=${projectId}`, xihu)).code).toBe(10004);
    const edit = await call('PUT', `/api/v6/alarm-rules/${shipped!.id}`, site, { ...draft(), version: 1 });
    expect(edit.code).toBe(10004);
  });

  it('refuses bad input naming the field, in zh and en', async () => {
    const en = await call<{ field: string }>('POST', '/api/v6/alarm-rules', site, { ...draft({ kind: 'digital', threshold: 5 }), project_id: projectId, device_id: transformer.id, device_kind: null });
    expect(en).toMatchObject({ code: 10006, data: { field: 'threshold' } });
    const zh = await call<{ field: string }>('POST', '/api/v6/alarm-rules', site, { ...draft({ level: 7 }), project_id: projectId, device_id: transformer.id, device_kind: null }, 'zh');
    expect(zh.code).toBe(10006);
    expect(zh.data.field).toBe('level');
    expect(zh.msg).toMatch(/level/);
    const point = await call<{ field: string }>('POST', '/api/v6/alarm-rules', site, { ...draft({ point_key: 'nope' }), project_id: projectId, device_id: transformer.id, device_kind: null });
    expect(point).toMatchObject({ code: 10006, data: { field: 'point_key' } });
    const both = await call<{ field: string }>('POST', '/api/v6/alarm-rules', site, { ...draft(), project_id: projectId, device_id: transformer.id, device_kind: 'transformer' });
    expect(both).toMatchObject({ code: 10006, data: { field: 'device_id' } });
  });

  it('a device override takes effect at once on both instances and replaces the shipped default there', async () => {
    const now = Date.now();
    // Before: 70 °C is under the shipped 110 °C limit.
    expect(await evaluate(engines[0]!, now - 60_000, 70)).toHaveLength(0);
    const r = await call<AlarmRule>('POST', '/api/v6/alarm-rules', site, { ...draft(), project_id: projectId, device_id: transformer.id, device_kind: null });
    expect(r.code).toBe(1);
    rule = r.data;
    expect(rule).toMatchObject({ scope: 'device', editable: true, version: 1, device_id: transformer.id });
    // The other instance (engine 1) never reloaded by hand: the generation told it.
    const raised = await evaluate(engines[1]!, now - 50_000, 70);
    expect(raised).toHaveLength(1);
    const events = await activeEvents();
    expect(events.map((e) => e.rule_id)).toEqual([rule.id]);
    const list = await call<AlarmRuleList>('GET', `/api/v6/alarm-rules?project_id=${projectId}`, site);
    expect(list.data.rules.find((x) => x.id === rule.id)?.active_count).toBe(1);
    const shipped = list.data.rules.find((x) => x.scope === 'default' && x.point_key === 'temp_winding' && x.kind === 'high');
    expect(shipped?.overridden_by).toContain(rule.id);
    const audit = await t.database.db.selectFrom('audit_log').select(['action', 'target_id']).where('action', '=', 'alarmRule.create').execute();
    expect(audit.map((a) => a.target_id)).toContain(String(rule.id));
  });

  it('a lost version check is 10008', async () => {
    const ok = await call<AlarmRule>('PUT', `/api/v6/alarm-rules/${rule.id}`, site, { ...draft({ threshold: 65 }), version: rule.version });
    expect(ok.code).toBe(1);
    expect(ok.data.version).toBe(2);
    const stale = await call<{ field: string }>('PUT', `/api/v6/alarm-rules/${rule.id}`, site, { ...draft({ threshold: 66 }), version: rule.version });
    expect(stale).toMatchObject({ code: 10008, data: { field: 'version' } });
    rule = ok.data;
  });

  it('raising the limit above the value while in alarm clears the event at once (no new sample)', async () => {
    expect(await activeEvents()).toHaveLength(1);
    const r = await call<AlarmRule>('PUT', `/api/v6/alarm-rules/${rule.id}`, site, { ...draft({ threshold: 90 }), version: rule.version });
    expect(r.code).toBe(1);
    expect(await activeEvents()).toHaveLength(0);
    const state = await t.database.db.selectFrom('alarm_state').select(['phase']).where('rule_id', '=', rule.id).where('point_id', '=', transformer.pointId).executeTakeFirstOrThrow();
    expect(state.phase).toBe('normal');
    rule = r.data;
    // And a sample over the new limit raises again on either instance.
    expect(await evaluate(engines[0]!, Date.now() - 30_000, 95)).toHaveLength(1);
    // Shelving it clears it now, too; a new sample raises nothing while shelved.
    const shelved = await call<AlarmRule>('PUT', `/api/v6/alarm-rules/${rule.id}`, site, { ...draft({ threshold: 90, shelved_until: new Date(Date.now() + 3_600_000).toISOString(), shelve_note: 'maintenance' }), version: rule.version });
    expect(shelved.code).toBe(1);
    expect(await activeEvents()).toHaveLength(0);
    expect(await evaluate(engines[1]!, Date.now() - 20_000, 99)).toHaveLength(0);
    rule = shelved.data;
  });

  it('previews a draft over stored history next to the current rule', async () => {
    const db = t.database.db;
    const now = Date.now();
    // Two days of 10-minute samples: a daily 4-hour excursion to 85 °C, 75 °C otherwise.
    const rows = Array.from({ length: 288 }, (_, i) => {
      const ts = now - (288 - i) * 600_000;
      const hour = new Date(ts).getUTCHours();
      return { point_id: transformer.pointId, ts: new Date(ts), value: hour >= 10 && hour < 14 ? 85 : 75 };
    });
    await db.insertInto('telemetry').values(rows).onConflict((oc) => oc.doNothing()).execute();
    const p = await call<AlarmRulePreview>('POST', '/api/v6/alarm-rules/preview', site, { ...draft({ threshold: 80 }), project_id: projectId, device_id: transformer.id, rule_id: rule.id });
    expect(p.code).toBe(1);
    expect(p.data.samples).toBeGreaterThanOrEqual(288);
    expect(p.data.draft.length).toBeGreaterThanOrEqual(2);
    expect(p.data.draft.some((e) => e.duration_s >= 3 * 3600)).toBe(true);
    // The current rule (90 °C) never fired on this history.
    expect(p.data.current).toEqual([]);
    expect(p.data.series.length).toBeGreaterThan(10);
  });

  it('reports alarm performance: chattering sources and the most frequent', async () => {
    const db = t.database.db;
    // At the start of a 10-minute bucket, so all 12 fall into one (a flood).
    const base = Math.floor((Date.now() - 3_600_000) / 600_000) * 600_000;
    const device = await db.selectFrom('devices').select(['id']).where('id', '=', transformer.id).executeTakeFirstOrThrow();
    await db
      .insertInto('events')
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          project_id: projectId,
          device_id: device.id,
          point_id: transformer.pointId,
          rule_id: rule.id,
          event_type: 2,
          level: 2,
          title: 't',
          message: 'm',
          active: false,
          raised_at: new Date(base + i * 15_000),
          value: null,
          limit_value: null,
          rule_kind: 'high' as const,
          state_from: null,
          group_key: null,
          message_key: null,
          message_params: null,
          cleared_at: null,
        })),
      )
      .execute();
    const r = await call<AlarmPerformance>('GET', `/api/v6/alarm-rules/performance?project_id=${projectId}&days=7`, site);
    expect(r.code).toBe(1);
    expect(r.data.total).toBeGreaterThanOrEqual(12);
    expect(r.data.floods.length).toBeGreaterThanOrEqual(1);
    expect(r.data.chattering.find((c) => c.rule_id === rule.id)?.bursts).toBeGreaterThanOrEqual(3);
    expect(r.data.top[0]).toMatchObject({ rule_id: rule.id });
  });

  it('imports the rule table from .xlsx all or nothing', async () => {
    const header = ['id', 'device_kind', 'device_id', 'point_key', 'kind', 'threshold', 'deadband', 'on_delay_s', 'off_delay_s', 'level', 'event_type', 'name', 'name_en', 'enabled'];
    const file = async (rows: (string | number)[][]) => (await writeXlsxFile([header, ...rows].map((r) => r.map((value) => ({ value })))).toBuffer()).toString('base64');
    const bad = await call<AlarmRuleImportResult>('POST', '/api/v6/alarm-rules/import', site, {
      project_id: projectId,
      file_base64: await file([
        ['', 'transformer', '', 'load_rate', 'high_high', 98, 2, 30, 0, 4, 2, '负载率严重过高', 'Load rate critical', 1],
        ['', 'transformer', '', 'load_rate', 'digital', 3, 0, 0, 0, 4, 2, 'x', 'x', 1],
      ]),
    });
    expect(bad.data.ok).toBe(false);
    expect(bad.data.errors[0]).toMatchObject({ row: 3 });
    const before = await t.database.db.selectFrom('alarm_rules').select('id').execute();
    const good = await call<AlarmRuleImportResult>('POST', '/api/v6/alarm-rules/import', site, {
      project_id: projectId,
      file_base64: await file([
        ['', 'transformer', '', 'load_rate', 'high_high', 98, 2, 30, 0, 4, 2, '负载率严重过高', 'Load rate critical', 1],
        [rule.id, '', transformer.id, 'temp_winding', 'high', 88, 2, 0, 0, 2, 2, '绕组温度偏高（站点）', 'Winding temperature high (site)', 1],
      ]),
    });
    expect(good.data).toMatchObject({ ok: true, created: 1, updated: 1 });
    expect((await t.database.db.selectFrom('alarm_rules').select('id').execute()).length).toBe(before.length + 1);
    const updated = await t.database.db.selectFrom('alarm_rules').select(['threshold']).where('id', '=', rule.id).executeTakeFirstOrThrow();
    expect(updated.threshold).toBe(88);
  });

  it('a communication-loss rule raises on the engine sweep after its silence and clears on the next sample', async () => {
    const db = t.database.db;
    const point = await db.selectFrom('device_points').select(['id']).where('device_id', '=', transformer.id).where('key', '=', 'load_rate').executeTakeFirstOrThrow();
    const r = await call<AlarmRule>('POST', '/api/v6/alarm-rules', site, {
      ...draft({ point_key: 'load_rate', kind: 'comm_loss', threshold: 60, deadband: 0, name: '负载率无数据', name_en: 'Load rate silent' }),
      project_id: projectId,
      device_id: transformer.id,
      device_kind: null,
    });
    expect(r.code).toBe(1);
    const now = Date.now();
    const sample = (ts: number) => db.transaction().execute((trx) => engines[1]!.evaluate(trx, [{ pointId: point.id, ts, value: 40 }]));
    expect(await sample(now - 200_000)).toHaveLength(0);
    expect(await db.transaction().execute((trx) => engines[0]!.sweep(trx, now - 190_000))).toHaveLength(0);
    const raised = await db.transaction().execute((trx) => engines[0]!.sweep(trx, now - 100_000));
    expect(raised).toHaveLength(1);
    // The other instance sweeping the same moment raises nothing more (the state row is shared and locked).
    expect(await db.transaction().execute((trx) => engines[1]!.sweep(trx, now - 99_000))).toHaveLength(0);
    const open = await db.selectFrom('events').select(['active', 'message_en']).where('rule_id', '=', r.data.id).execute();
    expect(open).toEqual([{ active: true, message_en: expect.stringContaining('Load rate silent') }]);
    await sample(now - 10_000);
    expect((await db.selectFrom('events').select('active').where('rule_id', '=', r.data.id).executeTakeFirstOrThrow()).active).toBe(false);
  });

  it('deleting the override clears its alarms and the default applies again', async () => {
    const current = await t.database.db.selectFrom('alarm_rules').select(['version']).where('id', '=', rule.id).executeTakeFirstOrThrow();
    const r = await call('DELETE', `/api/v6/alarm-rules/${rule.id}?version=${current.version}`, site);
    expect(r.code).toBe(1);
    expect(await activeEvents()).toHaveLength(0);
    // 120 °C is over the shipped 110 °C default again (held for its 10 s on-delay).
    expect(await evaluate(engines[0]!, Date.now() - 16_000, 120)).toHaveLength(0);
    expect(await evaluate(engines[0]!, Date.now() - 4_000, 121)).toHaveLength(1);
  });
});
