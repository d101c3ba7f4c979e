import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { allApiRoutes } from '@gridops/contract';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';
import { hashPassword } from '../../lib/password.js';
import { purgeAuditLog } from './retention.js';

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
interface Entry {
  id: string;
  at: string;
  org_id: number | null;
  user_id: number | null;
  username: string | null;
  kind: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
  user_agent: string | null;
}

/** Usage logs (docs/audit.md) on a real database: what is recorded, what the database refuses, retention, tenancy. */
describe.each(backends)('usage logs on %s', (backend) => {
  let t: TestApp;
  let centre: string;

  const call = async <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | undefined, payload?: unknown, remoteAddress?: string) => {
    const res = await t.app.inject({
      method,
      url,
      headers: apiHeaders(token, { 'accept-language': 'en', 'user-agent': 'audit-test/1.0' }),
      ...(payload !== undefined ? { payload: payload as object } : {}),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
    return res.json<Envelope<T>>();
  };
  const entries = async (token: string, query: Record<string, string>) => {
    const r = await call<{ total: number; list: Entry[] }>('GET', `/api/v6/audit/list?${new URLSearchParams(query).toString()}`, token);
    expect(r.code).toBe(1);
    return r.data.list;
  };
  const orgOf = async (username: string) =>
    (await t.database.db.selectFrom('users').select(['id', 'org_id']).where('username', '=', username).executeTakeFirstOrThrow());

  beforeAll(async () => {
    t = await startTestApp(backend);
    centre = await loginAs(t.app, 'centre');
  });
  afterAll(async () => t?.close());

  it('records successful and failed logins with the address', async () => {
    const ok = await t.app.inject({ method: 'POST', url: '/api/v6/user/login', headers: apiHeaders(), remoteAddress: '10.9.8.7', payload: { username: 'site', password: 'demo1234' } });
    expect(ok.json<Envelope>().code).toBe(1);
    const bad = await t.app.inject({ method: 'POST', url: '/api/v6/user/login', headers: apiHeaders(), remoteAddress: '10.9.8.6', payload: { username: 'site', password: 'wrong-one' } });
    expect(bad.json<Envelope>().code).not.toBe(1);
    const list = await entries(centre, { username: 'site', action: 'user.login' });
    const site = await orgOf('site');
    const success = list.find((e) => e.kind === 'login_ok' && e.ip === '10.9.8.7');
    const failure = list.find((e) => e.kind === 'login_failed' && e.ip === '10.9.8.6');
    expect(success).toMatchObject({ user_id: site.id, org_id: site.org_id, username: 'site' });
    expect(failure).toMatchObject({ user_id: site.id, username: 'site', after: { reason: 'wrong_password' } });
    // Only the failure's reason: never the password tried.
    expect(JSON.stringify(failure)).not.toContain('wrong-one');
  });

  it('records a member edit with before and after', async () => {
    const site = await orgOf('site');
    const projects = (await t.database.db.selectFrom('user_projects').select('project_id').where('user_id', '=', site.id).execute()).map((r) => r.project_id);
    const created = await call<{ member: { id: number; version: number } }>('POST', '/api/v6/member', centre, {
      username: 'audit.member',
      name: '审计成员',
      name_en: 'Audit member',
      user_type: 1,
      org_id: site.org_id,
      project_ids: projects,
      permissions: ['view'],
      phone: '+86 138 0000 0001',
      email: 'audit@example.com',
    });
    expect(created.code).toBe(1);
    const m = created.data.member;
    const edited = await call('PUT', `/api/v6/member/${m.id}`, centre, {
      name: '审计成员',
      name_en: 'Audit member',
      user_type: 1,
      org_id: site.org_id,
      project_ids: projects,
      permissions: ['view', 'configure'],
      phone: '+86 138 0000 0002',
      email: 'audit@example.com',
      version: m.version,
    });
    expect(edited.code).toBe(1);
    const list = await entries(centre, { action: 'member.update', keyword: 'audit.member' });
    expect(list).toHaveLength(1);
    const e = list[0]!;
    expect(e).toMatchObject({ kind: 'write', username: 'centre', target_type: 'member', target_id: String(m.id), user_agent: 'audit-test/1.0' });
    expect(e.before).toMatchObject({ phone: '+86 138 0000 0001', permissions: ['view'], version: m.version });
    expect(e.after).toMatchObject({ phone: '+86 138 0000 0002', permissions: ['view', 'configure'], version: m.version + 1 });
    // The service recorded it: the generic hook did not add a second entry for the same request.
    const creates = await entries(centre, { action: 'member.create', keyword: 'audit.member' });
    expect(creates).toHaveLength(1);
    expect(creates[0]!.before).toBeNull();
  });

  it('records an organisation rename with before and after, and rolls the entry back with a refused edit', async () => {
    const org = await t.database.db.selectFrom('organizations').select(['id', 'name', 'name_en', 'tier', 'version']).where('id', '=', (await orgOf('site')).org_id).executeTakeFirstOrThrow();
    const body = { name: org.name, name_en: 'Audit renamed', tier: org.tier, enabled: true, version: org.version };
    expect((await call('PUT', `/api/v6/admin/org/${org.id}`, centre, body)).code).toBe(1);
    // The same version again: refused (10009), and nothing recorded for it.
    expect((await call('PUT', `/api/v6/admin/org/${org.id}`, centre, { ...body, name_en: 'Audit stale' })).code).not.toBe(1);
    const list = await entries(centre, { action: 'orgAdmin.updateOrg' });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ target_type: 'organization', target_id: String(org.id), before: { name_en: org.name_en }, after: { name_en: 'Audit renamed' } });
    await call('PUT', `/api/v6/admin/org/${org.id}`, centre, { ...body, name_en: org.name_en, version: org.version + 1 });
  });

  it('records any other write through the hook, with passwords redacted', async () => {
    const site = await orgOf('site');
    await t.database.db
      .insertInto('users')
      .values({ username: 'audit.pw', name: '改密', name_en: 'Password changer', user_type: 1, org_id: site.org_id, password_hash: await hashPassword('Start-Pass-2026') })
      .execute();
    const token = await loginAs(t.app, 'audit.pw', 'Start-Pass-2026');
    const changed = await call('POST', '/api/v6/account/password', token, { old_password: 'Start-Pass-2026', new_password: 'Next-Pass-2026!' });
    expect(changed.code).toBe(1);
    const list = await entries(centre, { action: 'account.changePassword', username: 'audit.pw' });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ kind: 'write', username: 'audit.pw', after: { input: { old_password: '***', new_password: '***' } } });
    const raw = await t.database.db.selectFrom('audit_log').select(sql<string>`after::text`.as('a')).where('action', '=', 'account.changePassword').execute();
    expect(raw.map((r) => r.a).join()).not.toMatch(/Start-Pass|Next-Pass/);
    // A read the spec sends as POST (readOnly in the route table) is not a write.
    const count = await call('POST', '/api/v6/index/eventNotice', centre, { org_id: (await orgOf('centre')).org_id });
    expect(count.code).toBe(1);
    expect(await entries(centre, { action: 'notice.orgCount' })).toHaveLength(0);
  });

  it('is append-only in the database: UPDATE, DELETE and TRUNCATE are refused', async () => {
    const db = t.database.db;
    const before = await db.selectFrom('audit_log').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(before.n).toBeGreaterThan(0);
    await expect(sql`UPDATE audit_log SET username = 'someone else'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_log`.execute(db)).rejects.toThrow(/append-only/);
    // The retention switch is transaction-local: it does not leak into later statements.
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`SELECT set_config('gridops.audit_retention', 'on', true)`.execute(trx);
        await sql`UPDATE audit_log SET username = 'x'`.execute(trx);
      }),
    ).rejects.toThrow(/append-only/);
    const after = await db.selectFrom('audit_log').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBeGreaterThanOrEqual(before.n);
  });

  it('retention deletes only entries older than the configured days, once a day', async () => {
    const db = t.database.db;
    const row = (action: string, daysAgo: number) => ({
      kind: 'write' as const,
      action,
      username: 'retention',
      at: new Date(Date.now() - daysAgo * 86_400_000),
    });
    await db.insertInto('audit_log').values([row('retention.old', 400), row('retention.edge', 300), row('retention.new', 1)]).execute();
    // The app's own hourly job may have claimed today's run already (it starts 30 s after the app): start afresh.
    await db.updateTable('audit_retention_state').set({ last_run: new Date(0) }).execute();
    const claimed = await purgeAuditLog(db, 365, { claim: true });
    expect(claimed).toBeGreaterThanOrEqual(1);
    // The day's run is claimed: a second instance (or tick) does nothing.
    expect(await purgeAuditLog(db, 1, { claim: true })).toBeNull();
    const left = (await db.selectFrom('audit_log').select('action').where('username', '=', 'retention').execute()).map((r) => r.action).sort();
    expect(left).toEqual(['retention.edge', 'retention.new']);
    // Still refused outside the retention run.
    await expect(sql`DELETE FROM audit_log WHERE username = 'retention'`.execute(db)).rejects.toThrow(/append-only/);
  });

  it("lists only the caller's organisation subtree and needs manageUsers", async () => {
    const other = await t.database.db.insertInto('organizations').values({ parent_id: null, name: '其他客户', name_en: 'Other tenant', tier: 1, code: 'OT-audit' }).returning('id').executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('users')
      .values({ username: 'audit.other', name: '其他', name_en: 'Other admin', user_type: 0, org_id: other.id, password_hash: await hashPassword('demo1234'), permissions: ['view', 'manageUsers'] })
      .execute();
    const otherToken = await loginAs(t.app, 'audit.other');
    const theirs = await entries(otherToken, { size: '500' });
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((e) => e.org_id === other.id)).toBe(true);
    const ours = await entries(centre, { size: '500' });
    expect(ours.some((e) => e.username === 'audit.other')).toBe(false);
    // xihu manages users of organisation B only: none of A's entries.
    const xihu = await loginAs(t.app, 'xihu');
    const b = await orgOf('xihu');
    expect((await entries(xihu, { size: '500' })).every((e) => e.org_id === b.org_id)).toBe(true);
    const worker = await loginAs(t.app, 'worker');
    expect((await call('GET', '/api/v6/audit/list', worker)).code).toBe(10004);
  });

  it('has no route that changes or deletes entries', async () => {
    const auditRoutes = allApiRoutes.filter((r) => r.path.startsWith('/api/v6/audit'));
    expect(auditRoutes.map((r) => r.method)).toEqual(['GET']);
    const count = async () => (await t.database.db.selectFrom('audit_log').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
    const n = await count();
    for (const method of ['PUT', 'DELETE', 'POST'] as const) {
      const r = await t.app.inject({ method, url: '/api/v6/audit/list', headers: apiHeaders(centre), payload: {} });
      expect(r.statusCode).toBe(404);
    }
    expect(await count()).toBeGreaterThanOrEqual(n);
  });
});
