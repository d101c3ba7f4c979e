import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type DictionaryEntry, type DictionaryLabels, type DictionaryView } from '@gridops/contract';
import { hashPassword } from '../../lib/password.js';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/**
 * The data dictionary on a real database: inheritance down the organisation tree, the closed/open kinds, the
 * version check, validation naming the field, the usage log, and tenancy (another customer's centre user and
 * site users cannot read or change the regional customer's dictionary).
 */
describe.each(backends)('data dictionary on %s', (backend) => {
  let t: TestApp;
  let centre: string;
  let site: string;
  let xihu: string;
  let other: string;
  let regional: number;
  let groupA: number;
  let otherOrg: number;

  const call = async <T = unknown>(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown, lang = 'en') => {
    const res = await t.app.inject({ method, url, headers: apiHeaders(token, { 'accept-language': lang }), ...(payload !== undefined ? { payload: payload as object } : {}) });
    const body = res.json<Envelope<T>>();
    // A refusal names its field in data.field; lifted here to compare it with the code in one object.
    const field = body.code !== 1 && body.data && typeof body.data === 'object' && 'field' in body.data ? String(body.data.field) : undefined;
    return { ...body, field };
  };
  const label = (d: DictionaryLabels, kind: string, key: string) => d.entries.find((e) => e.kind === kind && e.key === key);
  const entry = (d: DictionaryView, kind: string, key: string) => d.entries.find((e) => e.kind === kind && e.key === key);

  beforeAll(async () => {
    t = await startTestApp(backend);
    centre = await loginAs(t.app, 'centre');
    site = await loginAs(t.app, 'site');
    xihu = await loginAs(t.app, 'xihu');
    const db = t.database.db;
    regional = (await db.selectFrom('users').select('org_id').where('username', '=', 'centre').executeTakeFirstOrThrow()).org_id;
    groupA = (await db.selectFrom('users').select('org_id').where('username', '=', 'site').executeTakeFirstOrThrow()).org_id;
    const org = await db.insertInto('organizations').values({ parent_id: null, name: '其他客户', name_en: 'Other tenant', tier: 1, code: 'OT-dict' }).returning('id').executeTakeFirstOrThrow();
    otherOrg = org.id;
    await db
      .insertInto('users')
      .values({ username: 'other-dict', name: 'Other', user_type: 0, org_id: org.id, password_hash: await hashPassword('demo1234'), permissions: ['view', 'configure'] })
      .execute();
    other = await loginAs(t.app, 'other-dict');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the built-in labels before anything is changed', async () => {
    const r = await call<DictionaryLabels>('GET', '/api/v6/dictionary/labels', site);
    expect(r.code).toBe(1);
    expect(r.data.org_id).toBe(groupA);
    expect(label(r.data, 'alarmLevel', '2')).toMatchObject({ zh: 'Ⅱ级', en: 'Level II' });
    expect(label(r.data, 'deviceKind', 'transformer')).toMatchObject({ zh: '变压器', en: 'Transformer' });
  });

  it('a label set on the parent is inherited below until a child overrides it; reset goes back', async () => {
    const v = await call<DictionaryView>('GET', `/api/v6/dictionary?org_id=${regional}`, centre);
    expect(v.code).toBe(1);
    expect(v.data.editable).toBe(true);
    expect(entry(v.data, 'alarmLevel', '2')).toMatchObject({ source: 'builtin', version: 0 });
    const set = await call<DictionaryEntry>('PUT', '/api/v6/dictionary/entry', centre, { org_id: regional, kind: 'alarmLevel', key: '2', zh: '重要告警', en: 'Major', enabled: true, version: 0 });
    expect(set.code).toBe(1);
    expect(set.data).toMatchObject({ zh: '重要告警', en: 'Major', source: 'own', version: 1 });

    // Site user of group A and xihu of group B both inherit it.
    expect(label((await call<DictionaryLabels>('GET', '/api/v6/dictionary/labels', site)).data, 'alarmLevel', '2')?.en).toBe('Major');
    expect(label((await call<DictionaryLabels>('GET', '/api/v6/dictionary/labels', xihu)).data, 'alarmLevel', '2')?.zh).toBe('重要告警');
    // Another customer does not.
    expect(label((await call<DictionaryLabels>('GET', '/api/v6/dictionary/labels', other)).data, 'alarmLevel', '2')?.en).toBe('Level II');

    // Group A overrides it; xihu (group B) keeps the parent's.
    const own = await call<DictionaryEntry>('PUT', '/api/v6/dictionary/entry', centre, { org_id: groupA, kind: 'alarmLevel', key: '2', zh: '二级（甲）', en: 'Second (A)', enabled: true, version: 0 });
    expect(own.data).toMatchObject({ source: 'own', from_org_id: groupA, version: 1 });
    expect(label((await call<DictionaryLabels>('GET', '/api/v6/dictionary/labels', site)).data, 'alarmLevel', '2')?.en).toBe('Second (A)');
    expect(label((await call<DictionaryLabels>('GET', '/api/v6/dictionary/labels', xihu)).data, 'alarmLevel', '2')?.en).toBe('Major');

    // Reset at group A: the parent's label again.
    const reset = await call<DictionaryEntry>('POST', '/api/v6/dictionary/reset', centre, { org_id: groupA, kind: 'alarmLevel', key: '2', version: 1 });
    expect(reset.data).toMatchObject({ source: 'inherited', from_org_id: regional, en: 'Major', version: 0 });
    // Reset at the root: the built-in one.
    const back = await call<DictionaryEntry>('POST', '/api/v6/dictionary/reset', centre, { org_id: regional, kind: 'alarmLevel', key: '2', version: 1 });
    expect(back.data).toMatchObject({ source: 'builtin', zh: 'Ⅱ级', en: 'Level II' });

    // Every change is in the usage log with before → after.
    const logged = await t.database.db.selectFrom('audit_log').select(['action', 'target_type', 'target_id']).where('target_type', '=', 'dictionary_entry').execute();
    expect(logged.map((l) => l.action)).toEqual(expect.arrayContaining(['dictionary.update', 'dictionary.reset']));
    expect(logged.some((l) => l.target_id === `${groupA}:alarmLevel:2`)).toBe(true);
  });

  it('refuses a lost edit with 10008 naming version', async () => {
    const first = await call<DictionaryEntry>('PUT', '/api/v6/dictionary/entry', centre, { org_id: regional, kind: 'eventType', key: '1', zh: '提示', en: 'Notice', enabled: true, version: 0 });
    expect(first.data.version).toBe(1);
    const stale = await call('PUT', '/api/v6/dictionary/entry', centre, { org_id: regional, kind: 'eventType', key: '1', zh: '通知', en: 'Note', enabled: true, version: 0 });
    expect(stale.code).toBe(ErrorCode.Conflict);
    expect(stale.field).toBe('version');
    expect(stale.msg).toContain('version');
    const staleReset = await call('POST', '/api/v6/dictionary/reset', centre, { org_id: regional, kind: 'eventType', key: '1', version: 7 });
    expect(staleReset.code).toBe(ErrorCode.Conflict);
    expect((await call('POST', '/api/v6/dictionary/reset', centre, { org_id: regional, kind: 'eventType', key: '1', version: 1 })).code).toBe(1);
  });

  it('open kinds take new entries and may disable them; closed kinds may not', async () => {
    const add = await call<DictionaryEntry>('POST', '/api/v6/dictionary/entry', centre, { org_id: regional, kind: 'defectCategory', key: 'water_leak', zh: '渗漏水', en: 'Water leak' });
    expect(add.code).toBe(1);
    expect(add.data).toMatchObject({ builtin: false, added_by_org_id: regional, enabled: true });
    const dup = await call('POST', '/api/v6/dictionary/entry', centre, { org_id: groupA, kind: 'defectCategory', key: 'water_leak', zh: '漏', en: 'Leak' });
    expect(dup).toMatchObject({ code: ErrorCode.Validation, field: 'key' });
    const closed = await call('POST', '/api/v6/dictionary/entry', centre, { org_id: regional, kind: 'alarmLevel', key: 'five', zh: '五级', en: 'Level V' });
    expect(closed).toMatchObject({ code: ErrorCode.Validation, field: 'kind' });
    const off = await call<DictionaryEntry>('PUT', '/api/v6/dictionary/entry', centre, { org_id: groupA, kind: 'defectCategory', key: 'water_leak', zh: '渗漏水', en: 'Water leak', enabled: false, version: 0 });
    expect(off.data).toMatchObject({ enabled: false, source: 'own' });
    expect(label((await call<DictionaryLabels>('GET', '/api/v6/dictionary/labels', site)).data, 'defectCategory', 'water_leak')?.enabled).toBe(false);
    const noDisable = await call('PUT', '/api/v6/dictionary/entry', centre, { org_id: regional, kind: 'alarmLevel', key: '1', zh: 'Ⅰ级', en: 'Level I', enabled: false, version: 0 });
    expect(noDisable).toMatchObject({ code: ErrorCode.Validation, field: 'enabled' });
    const unknown = await call('PUT', '/api/v6/dictionary/entry', centre, { org_id: regional, kind: 'alarmLevel', key: '9', zh: '九', en: 'Nine', enabled: true, version: 0 });
    expect(unknown).toMatchObject({ code: ErrorCode.Validation, field: 'key' });
    const addedReset = await call('POST', '/api/v6/dictionary/reset', centre, { org_id: regional, kind: 'defectCategory', key: 'water_leak', version: 1 });
    expect(addedReset).toMatchObject({ code: ErrorCode.Validation, field: 'key' });
  });

  it('validates the input, naming the field', async () => {
    const badKey = await call('POST', '/api/v6/dictionary/entry', centre, { org_id: regional, kind: 'inspectionCategory', key: 'Bad Key!', zh: '坏', en: 'Bad' });
    expect(badKey.code).toBe(ErrorCode.Validation);
    expect(badKey.msg).toContain('key');
    const empty = await call('PUT', '/api/v6/dictionary/entry', centre, { org_id: regional, kind: 'alarmLevel', key: '1', zh: '  ', en: 'x', enabled: true, version: 0 });
    expect(empty.code).toBe(ErrorCode.Validation);
    expect(empty.msg).toContain('zh');
    const kind = await call('PUT', '/api/v6/dictionary/entry', centre, { org_id: regional, kind: 'colour', key: '1', zh: 'x', en: 'x', enabled: true, version: 0 });
    expect(kind.code).toBe(ErrorCode.Validation);
    expect(kind.msg).toContain('kind');
  });

  it('keeps tenants apart and site users read-only', async () => {
    // Another customer's centre user can neither read nor write the regional customer's dictionary.
    expect((await call('GET', `/api/v6/dictionary?org_id=${regional}`, other)).code).toBe(ErrorCode.Forbidden);
    expect((await call('PUT', '/api/v6/dictionary/entry', other, { org_id: regional, kind: 'alarmLevel', key: '3', zh: '越权', en: 'Breach', enabled: true, version: 0 })).code).toBe(ErrorCode.Forbidden);
    expect((await call('POST', '/api/v6/dictionary/reset', other, { org_id: regional, kind: 'alarmLevel', key: '3', version: 1 })).code).toBe(ErrorCode.Forbidden);
    // ...and the regional centre user cannot reach the other customer.
    expect((await call('GET', `/api/v6/dictionary?org_id=${otherOrg}`, centre)).code).toBe(ErrorCode.Forbidden);
    expect((await call('POST', '/api/v6/dictionary/entry', centre, { org_id: otherOrg, kind: 'defectCategory', key: 'x_breach', zh: '越权', en: 'Breach' })).code).toBe(ErrorCode.Forbidden);
    // A site user (with 'configure') reads his own organisation's dictionary, read-only, and writes nothing.
    const own = await call<DictionaryView>('GET', '/api/v6/dictionary', site);
    expect(own.data).toMatchObject({ org_id: groupA, editable: false });
    // Only his organisation to pick, but the path names where inherited labels come from.
    expect(own.data.orgs.map((o) => o.id)).toEqual([groupA]);
    expect(own.data.path.map((o) => o.id)).toEqual([regional, groupA]);
    expect((await call('GET', `/api/v6/dictionary?org_id=${regional}`, site)).code).toBe(ErrorCode.Forbidden);
    expect((await call('PUT', '/api/v6/dictionary/entry', site, { org_id: groupA, kind: 'alarmLevel', key: '3', zh: '站点', en: 'Site', enabled: true, version: 0 })).code).toBe(ErrorCode.Forbidden);
    const v = await call<DictionaryView>('GET', `/api/v6/dictionary?org_id=${regional}`, centre);
    expect(entry(v.data, 'alarmLevel', '3')).toMatchObject({ source: 'builtin' });
  });
});
