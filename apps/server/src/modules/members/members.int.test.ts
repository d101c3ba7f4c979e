import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import mqtt from 'mqtt';
import { ErrorCode } from '@gridops/contract';
import { apiHeaders, backends, consoleMqttLogin, loginAs } from '../../test-support/backends.js';
import { createOtherTenantUser, startHarness, type Harness } from '../../test-support/pipelineHarness.js';

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
interface MemberAnswer {
  id: number;
  username: string;
  version: number;
  enabled: boolean;
  locked: boolean;
  project_ids: number[];
  permissions: string[];
  must_change_password: boolean;
}

/**
 * Members end to end on the full runtime (real database, real embedded broker): invite and first login, the
 * permissions every route declares, disable ending sessions and MQTT connections, unlock, and tenancy.
 */
describe.each(backends)('members on %s', (backend) => {
  let h: Harness;
  let centre: string;
  let orgA: number;
  let orgB: number;
  let szip: number;
  let hzbj: number;
  let shzj: number;

  const call = async <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | undefined, payload?: unknown) => {
    const res = await h.rt.app.inject({ method, url, headers: apiHeaders(token, { 'accept-language': 'en' }), ...(payload !== undefined ? { payload: payload as object } : {}) });
    return res.json<Envelope<T>>();
  };
  const login = (username: string, password: string, remoteAddress = '127.0.0.1') =>
    h.rt.app
      .inject({ method: 'POST', url: '/api/v6/user/login', headers: apiHeaders(), remoteAddress, payload: { username, password } })
      .then((r) => r.json<Envelope<{ token: string; userInfo: { project_ids: number[]; permissions: string[] } }>>());
  /** Logs an invited member in and replaces the first-login password, as the console makes them do first. */
  const firstLogin = async (username: string, password: string) => {
    const token = (await login(username, password)).data.token;
    const changed = await call('POST', '/api/v6/account/password', token, { old_password: password, new_password: `${password}-changed` });
    expect(changed.code).toBe(1);
    return token;
  };
  const invite = (token: string, body: Record<string, unknown>) =>
    call<{ member: MemberAnswer; password: string }>('POST', '/api/v6/member', token, {
      name: '测试成员',
      name_en: 'Test member',
      user_type: 1,
      permissions: ['view'],
      phone: '+86 138 0000 0000',
      email: 'member@example.com',
      ...body,
    });
  const userId = async (username: string) =>
    (await h.rt.database.db.selectFrom('users').select(['id', 'org_id']).where('username', '=', username).executeTakeFirstOrThrow());
  const projectsOf = async (username: string) =>
    (
      await h.rt.database.db
        .selectFrom('user_projects as up')
        .innerJoin('users as u', 'u.id', 'up.user_id')
        .select('up.project_id')
        .where('u.username', '=', username)
        .orderBy('up.project_id')
        .execute()
    ).map((r) => r.project_id);

  beforeAll(async () => {
    h = await startHarness(backend);
    centre = await loginAs(h.rt.app, 'centre');
    orgA = (await userId('site')).org_id;
    orgB = (await userId('xihu')).org_id;
    [szip] = await projectsOf('site') as [number];
    [hzbj] = await projectsOf('xihu') as [number];
    shzj = (await projectsOf('worker')).find((p) => p !== szip)!;
  });
  afterAll(async () => {
    for (const c of h?.clients ?? []) c.end(true);
    await h?.close();
  });

  it('invites a site user with a generated first-login password that works once shown, and must be changed', async () => {
    const r = await invite(centre, { username: 'ann', org_id: orgA, project_ids: [szip] });
    expect(r.code).toBe(1);
    expect(r.data.password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{12}$/);
    expect(r.data.member).toMatchObject({ username: 'ann', project_ids: [szip], permissions: ['view'], must_change_password: true, enabled: true });
    const first = await login('ann', r.data.password);
    expect(first.code).toBe(1);
    expect(first.data.userInfo).toMatchObject({ project_ids: [szip], permissions: ['view'], must_change_password: true });
    // Until the first-login password is replaced, only the account's password route (and userinfo, logout) answer.
    expect((await call('GET', `/api/v6/project/${szip}`, first.data.token)).code).toBe(ErrorCode.PasswordChangeRequired);
    expect((await call('POST', '/api/v6/account/password', first.data.token, { old_password: r.data.password, new_password: 'Ann-chosen-2026' })).code).toBe(1);
    expect((await call('GET', `/api/v6/project/${szip}`, first.data.token)).code).toBe(1);
    // The password is never answered again.
    const list = await call<{ list: MemberAnswer[] }>('GET', '/api/v6/member/list?keyword=ann', centre);
    expect(JSON.stringify(list.data)).not.toContain(r.data.password);
    // A site user placed higher in the tree than its site still finds the site in its organisation tree.
    const high = await invite(centre, { username: 'hana', org_id: (await userId('centre')).org_id, project_ids: [szip], password: 'Higher2026' });
    expect(high.code).toBe(1);
    const hana = await firstLogin('hana', 'Higher2026');
    const tree = await call<{ projects: { id: number }[]; children: unknown[] }[]>('GET', '/api/v6/org/tree', hana);
    type Node = { projects: { id: number }[]; children: Node[] };
    const flat = (nodes: Node[]): number[] => nodes.flatMap((n) => [...n.projects.map((p) => p.id), ...flat(n.children)]);
    expect(flat(tree.data as Node[])).toEqual([szip]);
    // A given password follows the policy; field errors name the field.
    expect(await invite(centre, { username: 'bob', org_id: orgA, project_ids: [szip], password: 'short1' })).toMatchObject({ code: ErrorCode.Validation, data: { field: 'password' } });
    expect(await invite(centre, { username: 'bob', org_id: orgA, project_ids: [szip], email: 'not-an-email' })).toMatchObject({ code: ErrorCode.Validation, data: { field: 'email' } });
    expect(await invite(centre, { username: 'ANN', org_id: orgA, project_ids: [szip] })).toMatchObject({ code: ErrorCode.Conflict, data: { field: 'username' } });
    expect(await invite(centre, { username: 'bob', org_id: orgA, project_ids: [] })).toMatchObject({ code: ErrorCode.Validation, data: { field: 'project_ids' } });
    // Hangzhou is not under the Changjiang group.
    expect(await invite(centre, { username: 'bob', org_id: orgA, project_ids: [hzbj] })).toMatchObject({ code: ErrorCode.Forbidden, data: { field: 'project_ids' } });
    expect(await invite(centre, { username: 'bob', org_id: orgA, project_ids: [szip], user_type: 2, permissions: ['view', 'manageUsers'] })).toMatchObject({ code: ErrorCode.Validation, data: { field: 'permissions' } });
  });

  it('enforces the permission each route declares, with the catalogue refusal naming it', async () => {
    const r = await invite(centre, { username: 'viewer', org_id: orgA, project_ids: [szip], password: 'Viewer2026' });
    const viewer = await firstLogin('viewer', 'Viewer2026');
    // Reads in scope work.
    expect((await call('GET', `/api/v6/project/${szip}`, viewer)).code).toBe(1);
    // A configure route (even one that would then say "not found"), a control route, a member route.
    const configure = await call('DELETE', '/api/v6/energy/meterNode/999999', viewer);
    expect(configure).toMatchObject({ code: ErrorCode.Forbidden });
    expect(configure.msg).toMatch(/configure/);
    const control = await call('POST', '/api/v6/control/select', viewer, { device_id: 1, action: 'open' });
    expect(control).toMatchObject({ code: ErrorCode.Forbidden });
    expect(control.msg).toMatch(/control/);
    expect((await call('GET', '/api/v6/member/list', viewer)).msg).toMatch(/manage users/);

    // Granted configure: the same session now passes the permission check and reaches the service.
    const edited = await call<MemberAnswer>('PUT', `/api/v6/member/${r.data.member.id}`, centre, {
      name: '测试成员', name_en: 'Test member', user_type: 1, org_id: orgA, project_ids: [szip], permissions: ['view', 'configure'], version: r.data.member.version,
    });
    expect(edited).toMatchObject({ code: 1, data: { permissions: ['view', 'configure'] } });
    expect((await call('DELETE', '/api/v6/energy/meterNode/999999', viewer)).code).toBe(ErrorCode.NotFound);
    expect((await call('POST', '/api/v6/control/select', viewer, { device_id: 1, action: 'open' })).code).toBe(ErrorCode.Forbidden);

    // The loser of two edits from the same version is told; nothing is overwritten.
    const stale = await call('PUT', `/api/v6/member/${r.data.member.id}`, centre, {
      name: 'Stale', user_type: 1, org_id: orgA, project_ids: [szip], permissions: ['view'], version: r.data.member.version,
    });
    expect(stale).toMatchObject({ code: ErrorCode.Conflict, data: { field: 'version' } });
    expect((await userId('viewer')).id).toBe(r.data.member.id);
  });

  it('lets a manager grant only what it holds, and never disable or re-role itself', async () => {
    await invite(centre, { username: 'lim', org_id: orgA, project_ids: [szip], permissions: ['view', 'manageUsers'], password: 'Manager2026' });
    const lim = await firstLogin('lim', 'Manager2026');
    const limId = (await userId('lim')).id;
    expect(await invite(lim, { username: 'lim2', org_id: orgA, project_ids: [szip], permissions: ['view', 'configure'] })).toMatchObject({ code: ErrorCode.Forbidden, data: { field: 'permissions' } });
    expect(await invite(lim, { username: 'lim2', org_id: orgA, user_type: 0, permissions: ['view'] })).toMatchObject({ code: ErrorCode.Forbidden, data: { field: 'user_type' } });
    // Only its own projects.
    expect(await invite(lim, { username: 'lim2', org_id: orgA, project_ids: [shzj] })).toMatchObject({ code: ErrorCode.Forbidden, data: { field: 'project_ids' } });
    expect((await invite(lim, { username: 'lim2', org_id: orgA, project_ids: [szip] })).code).toBe(1);
    expect(await call('POST', `/api/v6/member/${limId}/status`, lim, { enabled: false })).toMatchObject({ code: ErrorCode.Forbidden, data: { field: 'id' } });
    const self = (await call<{ list: MemberAnswer[] }>('GET', '/api/v6/member/list?keyword=lim', lim)).data.list.find((m) => m.id === limId)!;
    expect(
      await call('PUT', `/api/v6/member/${limId}`, lim, { name: 'Lim', user_type: 1, org_id: orgA, project_ids: [szip], permissions: ['view'], version: self.version }),
    ).toMatchObject({ code: ErrorCode.Forbidden, data: { field: 'permissions' } });
    // A site manager does not see the worker, whose projects are not all its own, nor the centre user.
    const seen = (await call<{ list: MemberAnswer[] }>('GET', '/api/v6/member/list', lim)).data.list.map((m) => m.username);
    expect(seen).toEqual(expect.arrayContaining(['ann', 'lim', 'lim2', 'site']));
    expect(seen).not.toContain('worker');
    expect(seen).not.toContain('centre');
  });

  it('disables a member: every session answers 10001 at once and its MQTT client is disconnected; enable lets it back in', async () => {
    const pw = 'Disable2026';
    const { data } = await invite(centre, { username: 'dora', org_id: orgA, project_ids: [szip], password: pw });
    const session = await consoleMqttLogin(h.rt.app, 'dora', pw);
    const other = (await login('dora', pw)).data.token;
    const client = await mqtt.connectAsync(`ws://127.0.0.1:${h.rt.broker!.wsPort}/mqtt`, session.mqttOptions());
    h.clients.push(client);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));

    const off = await call<MemberAnswer>('POST', `/api/v6/member/${data.member.id}/status`, centre, { enabled: false });
    expect(off).toMatchObject({ code: 1, data: { enabled: false } });
    await closed;
    expect((await call('GET', '/api/v6/user/userinfo', session.token)).code).toBe(ErrorCode.SessionInvalid);
    expect((await call('GET', '/api/v6/user/userinfo', other)).code).toBe(ErrorCode.SessionInvalid);
    expect((await login('dora', pw)).code).toBe(ErrorCode.AccountDisabled);
    expect((await call<{ list: MemberAnswer[] }>('GET', '/api/v6/member/list?status=disabled', centre)).data.list.map((m) => m.username)).toContain('dora');

    expect((await call('POST', `/api/v6/member/${data.member.id}/status`, centre, { enabled: true })).code).toBe(1);
    // The sessions stay ended; a new login works.
    expect((await call('GET', '/api/v6/user/userinfo', other)).code).toBe(ErrorCode.SessionInvalid);
    expect((await login('dora', pw)).code).toBe(1);
  });

  it('unlocks a member after the login limit, and a reset password replaces the old one', async () => {
    const pw = 'Unlock2026';
    const { data } = await invite(centre, { username: 'ulla', org_id: orgA, project_ids: [szip], password: pw });
    const ip = '198.51.100.77';
    for (let i = 0; i < 5; i++) expect((await login('ulla', `wrong-${i}`, ip)).code).toBe(ErrorCode.BadCredentials);
    expect((await login('ulla', pw, ip)).code).toBe(ErrorCode.TooManyAttempts);
    const locked = await call<{ list: MemberAnswer[] }>('GET', '/api/v6/member/list?status=locked', centre);
    expect(locked.data.list.map((m) => [m.username, m.locked])).toEqual([['ulla', true]]);

    expect(await call<MemberAnswer>('POST', `/api/v6/member/${data.member.id}/unlock`, centre)).toMatchObject({ code: 1, data: { locked: false } });
    expect((await login('ulla', pw, ip)).code).toBe(1);

    const reset = await call<{ password: string }>('POST', `/api/v6/member/${data.member.id}/resetPassword`, centre, {});
    expect(reset.code).toBe(1);
    expect((await login('ulla', pw)).code).toBe(ErrorCode.BadCredentials);
    expect((await login('ulla', reset.data.password)).code).toBe(1);
    const row = await h.rt.database.db.selectFrom('users').select('must_change_password').where('id', '=', data.member.id).executeTakeFirstOrThrow();
    expect(row.must_change_password).toBe(true);
  });

  it('keeps tenants apart on every member route (cross-tenant matrix)', async () => {
    const { data } = await invite(centre, { username: 'tina', org_id: orgA, project_ids: [szip], password: 'Tenant2026' });
    const id = data.member.id;
    await createOtherTenantUser(h.rt, 'othercentre');
    await sql`UPDATE users SET permissions = ARRAY['view', 'configure', 'control', 'manageUsers'] WHERE username = 'othercentre'`.execute(h.rt.database.db);
    const xihu = await loginAs(h.rt.app, 'xihu');
    const other = await loginAs(h.rt.app, 'othercentre');
    const body = { name: 'x', user_type: 1, org_id: orgA, project_ids: [szip], permissions: ['view'], version: data.member.version };
    for (const [label, token] of [['xihu (other group)', xihu], ['centre user of another organisation', other]] as const) {
      const list = await call<{ list: MemberAnswer[] }>('GET', '/api/v6/member/list', token);
      expect(list.code, label).toBe(1);
      expect(list.data.list.map((m) => m.username), label).not.toContain('tina');
      expect((await call('GET', `/api/v6/member/list?project_id=${szip}`, token)).data, label).toMatchObject({ total: 0 });
      expect((await call('PUT', `/api/v6/member/${id}`, token, body)).code, label).toBe(ErrorCode.Forbidden);
      expect((await call('POST', `/api/v6/member/${id}/resetPassword`, token, {})).code, label).toBe(ErrorCode.Forbidden);
      expect((await call('POST', `/api/v6/member/${id}/status`, token, { enabled: false })).code, label).toBe(ErrorCode.Forbidden);
      expect((await call('POST', `/api/v6/member/${id}/unlock`, token)).code, label).toBe(ErrorCode.Forbidden);
      // Nor may they put a member into an organisation or project of another tenant.
      expect((await invite(token, { username: `x-${label.length}`, org_id: orgA, project_ids: [szip] })).code, label).toBe(ErrorCode.Forbidden);
    }
    expect((await invite(xihu, { username: 'xihu2', org_id: orgB, project_ids: [hzbj] })).code).toBe(1);
    // Untouched by all of it.
    expect((await login('tina', 'Tenant2026')).code).toBe(1);
  });
});
