import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ErrorCode, type PushRule, type PushSettingsData } from '@gridops/contract';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';
import { purgePushDeliveries } from './retention.js';

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/**
 * Push settings of a site user (docs/push.md): he manages the rules of his own projects only; organisation-wide
 * rules, other projects' rules, SMTP and channels stay out of his reach and sight. And the delivery log's
 * retention clean-up (one instance per day).
 */
describe.each(backends)('push settings of a site user on %s', (backend) => {
  let t: TestApp;
  let centre: string;
  let site: string;
  let xihu: string;
  let regional: number;
  let siteOrg: number;
  let suzhou: number;
  let hangzhou: number;
  let siteUserId: number;
  let orgRule: number;
  let hangzhouRule: number;
  let channelId: number;

  const call = async <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: apiHeaders(token, { 'accept-language': 'en' }), ...(payload !== undefined ? { payload: payload as object } : {}) });
    return res.json<Envelope<T>>();
  };
  const rule = (orgId: number, projectId: number | null, extra: Record<string, unknown> = {}) => ({
    org_id: orgId, project_id: projectId, name: 'Faults', event_types: [3], min_level: 2, user_ids: [siteUserId], channel_ids: [], quiet_start: null, quiet_end: null, escalate_minutes: null, escalate_user_ids: [], enabled: true, ...extra,
  });

  beforeAll(async () => {
    t = await startTestApp(backend);
    centre = await loginAs(t.app, 'centre');
    site = await loginAs(t.app, 'site');
    xihu = await loginAs(t.app, 'xihu');
    const db = t.database.db;
    regional = (await db.selectFrom('users').select('org_id').where('username', '=', 'centre').executeTakeFirstOrThrow()).org_id;
    const me = await db.selectFrom('users').select(['id', 'org_id']).where('username', '=', 'site').executeTakeFirstOrThrow();
    siteOrg = me.org_id;
    siteUserId = me.id;
    await db.updateTable('users').set({ email: 'li.na@example.com' }).where('id', '=', siteUserId).execute();
    suzhou = (await db.selectFrom('projects').select('id').where('name_en', 'like', 'Suzhou%').executeTakeFirstOrThrow()).id;
    hangzhou = (await db.selectFrom('projects').select('id').where('name_en', 'like', 'Hangzhou%').executeTakeFirstOrThrow()).id;
    await call('PUT', '/api/v6/push/smtp', centre, { org_id: siteOrg, host: 'smtp.internal', port: 25, secure: false, username: 'robot', password: 'smtp-secret-2', from_addr: 'alarms@example.com' });
    channelId = (await call<{ id: number }>('POST', '/api/v6/push/channel', centre, { org_id: regional, kind: 'wecom', name: 'Duty', url: 'https://qyapi.example/hook?key=secret-key', enabled: true })).data.id;
    orgRule = (await call<PushRule>('POST', '/api/v6/push/rule', centre, rule(regional, null, { user_ids: [], channel_ids: [channelId] }))).data.id;
    hangzhouRule = (await call<PushRule>('POST', '/api/v6/push/rule', centre, rule(regional, hangzhou, { user_ids: [], channel_ids: [channelId] }))).data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('manages rules of his own project: create, see, change, delete', async () => {
    const created = await call<PushRule>('POST', '/api/v6/push/rule', site, rule(siteOrg, suzhou));
    expect(created.code).toBe(1);
    expect(created.data).toMatchObject({ org_id: siteOrg, project_id: suzhou });
    const settings = await call<PushSettingsData>('GET', `/api/v6/push/settings?org_id=${siteOrg}`, site);
    expect(settings.code).toBe(1);
    expect(settings.data.rules.map((r) => r.id)).toEqual([created.data.id]);
    expect(settings.data.projects.map((p) => p.id)).toEqual([suzhou]);
    // SMTP and channels are organisation-level: only whether mail works is shown, nothing of the server.
    expect(settings.data.smtp).toMatchObject({ configured: true, host: '', username: '', from_addr: '' });
    expect(settings.data.channels).toEqual([]);
    expect(JSON.stringify(settings.data)).not.toMatch(/smtp\.internal|secret-key|qyapi/);

    const changed = await call<PushRule>('PUT', `/api/v6/push/rule/${created.data.id}`, site, rule(siteOrg, suzhou, { name: 'Night faults', min_level: 3 }));
    expect(changed.data).toMatchObject({ name: 'Night faults', min_level: 3 });
    expect((await call('DELETE', `/api/v6/push/rule/${created.data.id}`, site)).code).toBe(1);
  });

  it('cannot make organisation-wide rules, rules of other projects, or add channels', async () => {
    const wide = await call<{ field?: string }>('POST', '/api/v6/push/rule', site, rule(siteOrg, null));
    expect(wide.code).toBe(ErrorCode.Validation);
    expect(wide.data.field).toBe('project_id');
    expect((await call('POST', '/api/v6/push/rule', site, rule(siteOrg, hangzhou))).code).toBe(ErrorCode.Forbidden);
    expect((await call('POST', '/api/v6/push/rule', site, rule(regional, suzhou))).code).toBe(ErrorCode.Forbidden);
    const channel = await call<{ field?: string }>('POST', '/api/v6/push/rule', site, rule(siteOrg, suzhou, { channel_ids: [channelId] }));
    expect(channel.code).toBe(ErrorCode.Validation);
    expect(channel.data.field).toBe('channel_ids');
  });

  it("cannot see or touch organisation-wide rules, other projects' rules, SMTP, channels or the delivery log", async () => {
    const settings = await call<PushSettingsData>('GET', `/api/v6/push/settings?org_id=${siteOrg}`, site);
    expect(settings.data.rules.map((r) => r.id)).not.toContain(orgRule);
    expect(settings.data.rules.map((r) => r.id)).not.toContain(hangzhouRule);
    for (const id of [orgRule, hangzhouRule]) {
      expect((await call('PUT', `/api/v6/push/rule/${id}`, site, rule(siteOrg, suzhou))).code).toBe(ErrorCode.Forbidden);
      expect((await call('DELETE', `/api/v6/push/rule/${id}`, site)).code).toBe(ErrorCode.Forbidden);
    }
    expect((await call('GET', `/api/v6/push/settings?org_id=${regional}`, site)).code).toBe(ErrorCode.Forbidden);
    expect((await call('GET', `/api/v6/push/deliveries?org_id=${siteOrg}`, site)).code).toBe(ErrorCode.Forbidden);
    expect((await call('PUT', '/api/v6/push/smtp', site, { org_id: siteOrg, host: 'evil', port: 25, secure: false, username: '', from_addr: 'x@example.com' })).code).toBe(ErrorCode.Forbidden);
    expect((await call('POST', '/api/v6/push/channel', site, { org_id: siteOrg, kind: 'wecom', name: 'evil', url: 'http://evil.example/' })).code).toBe(ErrorCode.Forbidden);
    expect((await call('POST', '/api/v6/push/test', site, { target: 'smtp', org_id: siteOrg, to: 'x@example.com' })).code).toBe(ErrorCode.Forbidden);
    // The other group's site user does not see the Suzhou rules either.
    await call('POST', '/api/v6/push/rule', site, rule(siteOrg, suzhou, { name: 'Suzhou only' }));
    const xihuOrg = (await t.database.db.selectFrom('users').select('org_id').where('username', '=', 'xihu').executeTakeFirstOrThrow()).org_id;
    const other = await call<PushSettingsData>('GET', `/api/v6/push/settings?org_id=${xihuOrg}`, xihu);
    expect(other.data.rules.map((r) => r.project_id)).toEqual([hangzhou]);
    // The Hangzhou rule (made by the centre user) is his project's: xihu may change it, keeping its channel.
    expect((await call('PUT', `/api/v6/push/rule/${hangzhouRule}`, xihu, rule(xihuOrg, hangzhou, { user_ids: [], channel_ids: [channelId] }))).code).toBe(1);
  });

  it('retention deletes finished deliveries older than the limit, once per day across instances', async () => {
    const db = t.database.db;
    await sql`INSERT INTO push_deliveries (org_id, target, status, created_at) VALUES
      (${regional}, 'email', 'sent', now() - interval '100 days'),
      (${regional}, 'email', 'failed', now() - interval '95 days'),
      (${regional}, 'email', 'pending', now() - interval '100 days'),
      (${regional}, 'email', 'sent', now() - interval '10 days')`.execute(db);
    const before = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM push_deliveries`.execute(db)).rows[0]!.n);
    expect(await purgePushDeliveries(db, 90, { claim: true })).toBe(2);
    // A second instance the same day: not claimed.
    expect(await purgePushDeliveries(db, 90, { claim: true })).toBeNull();
    const after = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM push_deliveries`.execute(db)).rows[0]!.n);
    expect(after).toBe(before - 2);
  });
});
