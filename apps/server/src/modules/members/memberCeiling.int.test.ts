import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gridops/contract';
import { apiHeaders, backends, loginAs } from '../../test-support/backends.js';
import { startHarness, type Harness } from '../../test-support/pipelineHarness.js';

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
  user_type: number;
  org_id: number;
  project_ids: number[];
  permissions: string[];
  manageable: boolean;
}

const ALL = ['view', 'configure', 'control', 'manageUsers'];

/**
 * The member privilege ceiling (issue 24, items 1 and 2), end to end on the full runtime: nobody acts on a member
 * whose permissions or scope are not within its own, the built-in administrator is changed only by itself, and
 * nobody resets its own password through the member routes (the account route, which asks for the old one, does it).
 */
describe.each(backends)('member privilege ceiling on %s', (backend) => {
  let h: Harness;
  let centre: string;
  let rootOrg: number;
  let orgA: number;
  let szip: number;
  let shzj: number;

  const call = async <T = unknown>(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) => {
    const res = await h.rt.app.inject({ method, url, headers: apiHeaders(token, { 'accept-language': 'en' }), ...(payload !== undefined ? { payload: payload as object } : {}) });
    return res.json<Envelope<T>>();
  };
  const login = (username: string, password: string) =>
    h.rt.app.inject({ method: 'POST', url: '/api/v6/user/login', headers: apiHeaders(), payload: { username, password } }).then((r) => r.json<Envelope<{ token: string }>>());
  const user = (username: string) =>
    h.rt.database.db.selectFrom('users').select(['id', 'org_id', 'permissions', 'enabled', 'password_hash', 'version']).where('username', '=', username).executeTakeFirstOrThrow();
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
  /** Invites a member as the demo centre administrator and replaces its first-login password; answers its session. */
  const member = async (username: string, body: { user_type: 0 | 1 | 2; org_id: number; project_ids?: number[]; permissions: string[] }) => {
    const password = `Ceiling-${username}-2026`;
    const r = await call<{ member: MemberAnswer }>('POST', '/api/v6/member', centre, { name: username, name_en: username, password, username, ...body });
    expect(r.code, r.msg).toBe(1);
    const token = (await login(username, password)).data.token;
    expect((await call('POST', '/api/v6/account/password', token, { old_password: password, new_password: `${password}-own` })).code).toBe(1);
    return { id: r.data.member.id, token, password: `${password}-own` };
  };
  const edit = (token: string, m: MemberAnswer, changes: Record<string, unknown>) =>
    call('PUT', `/api/v6/member/${m.id}`, token, {
      name: m.username,
      user_type: m.user_type,
      org_id: m.org_id,
      project_ids: m.project_ids,
      permissions: m.permissions,
      version: m.version,
      ...changes,
    });
  const seen = async (token: string, username: string) =>
    (await call<{ list: MemberAnswer[] }>('GET', `/api/v6/member/list?keyword=${username}`, token)).data.list.find((m) => m.username === username);
  /** Every member operation of `token` on `target` is refused with 10004; the target's row is unchanged. */
  const allRefused = async (token: string, target: string, label: string) => {
    const before = await user(target);
    const asCentre = (await seen(centre, target))!;
    expect((await call('POST', `/api/v6/member/${before.id}/resetPassword`, token, {})).code, `${label}: reset`).toBe(ErrorCode.Forbidden);
    expect((await call('POST', `/api/v6/member/${before.id}/resetPassword`, token, { password: 'Taken-Over-2026' })).code, `${label}: reset to`).toBe(ErrorCode.Forbidden);
    expect((await call('POST', `/api/v6/member/${before.id}/status`, token, { enabled: false })).code, `${label}: disable`).toBe(ErrorCode.Forbidden);
    expect((await call('POST', `/api/v6/member/${before.id}/status`, token, { enabled: true })).code, `${label}: enable`).toBe(ErrorCode.Forbidden);
    expect((await call('POST', `/api/v6/member/${before.id}/unlock`, token)).code, `${label}: unlock`).toBe(ErrorCode.Forbidden);
    expect((await edit(token, asCentre, { permissions: ['view'] })).code, `${label}: permission cut`).toBe(ErrorCode.Forbidden);
    expect((await edit(token, asCentre, { name: 'Renamed' })).code, `${label}: edit`).toBe(ErrorCode.Forbidden);
    expect(await user(target), label).toEqual(before);
  };

  beforeAll(async () => {
    h = await startHarness(backend);
    centre = await loginAs(h.rt.app, 'centre');
    rootOrg = (await user('centre')).org_id;
    orgA = (await user('site')).org_id;
    [szip] = (await projectsOf('site')) as [number];
    shzj = (await projectsOf('worker')).find((p) => p !== szip)!;
  });
  afterAll(async () => {
    for (const c of h?.clients ?? []) c.end(true);
    await h?.close();
  });

  it('a centre user holding only view + manageUsers cannot take over, disable or cut the full administrator', async () => {
    const low = await member('lowcentre', { user_type: 0, org_id: rootOrg, permissions: ['view', 'manageUsers'] });
    // The attack of the issue: reset the password of `centre` (id 1 in the demo), log in as it.
    const attack = await call<{ password: string }>('POST', `/api/v6/member/${(await user('centre')).id}/resetPassword`, low.token, {});
    expect(attack.code).toBe(ErrorCode.Forbidden);
    expect((await login('centre', 'demo1234')).code).toBe(1);
    await allRefused(low.token, 'centre', 'low centre manager vs centre');
    // A second full administrator (not the built-in one) is out of its reach the same way: disable, permission cut.
    await member('fulladmin', { user_type: 0, org_id: rootOrg, permissions: ALL });
    await allRefused(low.token, 'fulladmin', 'low centre manager vs a full administrator');
    // It still sees them, read-only; what it does hold it still manages.
    expect(await seen(low.token, 'centre')).toMatchObject({ manageable: false });
    expect(await seen(low.token, 'fulladmin')).toMatchObject({ manageable: false });
    await member('lowview', { user_type: 1, org_id: orgA, project_ids: [szip], permissions: ['view'] });
    const lowview = (await seen(low.token, 'lowview'))!;
    expect(lowview.manageable).toBe(true);
    expect((await call('POST', `/api/v6/member/${lowview.id}/status`, low.token, { enabled: false })).code).toBe(1);
    expect((await call('POST', `/api/v6/member/${lowview.id}/resetPassword`, low.token, {})).code).toBe(1);
  });

  it('a site manager with view + manageUsers cannot act on a control holder nor on its peer', async () => {
    const sm = await member('sitemgr', { user_type: 1, org_id: orgA, project_ids: [szip], permissions: ['view', 'manageUsers'] });
    await member('operator', { user_type: 1, org_id: orgA, project_ids: [szip], permissions: ['view', 'control'] });
    await allRefused(sm.token, 'operator', 'site manager vs a control holder');
    // `site`: same role, organisation and station, but holding all four permissions.
    await allRefused(sm.token, 'site', 'site manager vs its peer site user');
    expect(await seen(sm.token, 'operator')).toMatchObject({ manageable: false });
    expect(await seen(sm.token, 'site')).toMatchObject({ manageable: false });
    expect((await login('site', 'demo1234')).code).toBe(1);
    // A member with wider scope (a second station) is stronger too, even with fewer permissions; the site
    // manager does not even see it (its projects are not all its own).
    await member('twosites', { user_type: 2, org_id: orgA, project_ids: [szip, shzj], permissions: ['view'] });
    await allRefused(sm.token, 'twosites', 'site manager vs a worker of two stations');
    // An exact equal (same role, organisation, station and permissions) is within the ceiling: a subset.
    await member('sitemgr2', { user_type: 1, org_id: orgA, project_ids: [szip], permissions: ['view', 'manageUsers'] });
    expect(await seen(sm.token, 'sitemgr2')).toMatchObject({ manageable: true });
  });

  it('nobody grants what it does not hold, and a low centre manager cannot raise a member above itself', async () => {
    const low = await member('grantlow', { user_type: 0, org_id: orgA, permissions: ['view', 'manageUsers'] });
    await member('grantee', { user_type: 1, org_id: orgA, project_ids: [szip], permissions: ['view'] });
    const grantee = (await seen(low.token, 'grantee'))!;
    expect(grantee.manageable).toBe(true);
    expect(await edit(low.token, grantee, { permissions: ['view', 'control'] })).toMatchObject({ code: ErrorCode.Forbidden, data: { field: 'permissions' } });
    // Nor into an organisation above its own (a wider subtree than its own).
    expect(await edit(low.token, grantee, { user_type: 0, org_id: rootOrg, project_ids: [] })).toMatchObject({ code: ErrorCode.Forbidden, data: { field: 'org_id' } });
    expect((await user('grantee')).permissions).toEqual(['view']);
    // The grant the issue saw: a full administrator cut to view.
    await member('cutme', { user_type: 0, org_id: orgA, permissions: ALL });
    const cutme = (await seen(low.token, 'cutme'))!;
    expect(cutme.manageable).toBe(false);
    expect((await edit(low.token, cutme, { permissions: ['view'] })).code).toBe(ErrorCode.Forbidden);
    expect((await user('cutme')).permissions).toEqual(ALL);
  });

  it('the built-in administrator is changed only by itself, even by a second full administrator', async () => {
    const second = await member('secondadmin', { user_type: 0, org_id: rootOrg, permissions: ALL });
    await allRefused(second.token, 'centre', 'second full administrator vs the built-in one');
    expect(await seen(second.token, 'centre')).toMatchObject({ manageable: false });
    // The built-in administrator manages the second one, and edits its own names.
    const asCentre = (await seen(centre, 'secondadmin'))!;
    expect(asCentre.manageable).toBe(true);
    expect((await call('POST', `/api/v6/member/${second.id}/status`, centre, { enabled: false })).code).toBe(1);
    const self = (await seen(centre, 'centre'))!;
    expect(self.manageable).toBe(true);
    expect((await edit(centre, self, { name: '张伟', name_en: 'Zhang Wei' })).code).toBe(1);
  });

  it('refuses a reset of one\'s own password through the member route; the account route with the old one works', async () => {
    const sm = await member('selfreset', { user_type: 1, org_id: orgA, project_ids: [szip], permissions: ['view', 'manageUsers'] });
    const before = await user('selfreset');
    const stolen = await call('POST', `/api/v6/member/${sm.id}/resetPassword`, sm.token, { password: 'Taken-Over-2026' });
    expect(stolen).toMatchObject({ code: ErrorCode.Forbidden, data: { field: 'id' } });
    expect(stolen.msg).toMatch(/current password/);
    expect((await call('POST', `/api/v6/member/${sm.id}/resetPassword`, sm.token, {})).code).toBe(ErrorCode.Forbidden);
    expect((await login('selfreset', 'Taken-Over-2026')).code).toBe(ErrorCode.BadCredentials);
    expect((await user('selfreset')).password_hash).toBe(before.password_hash);
    // The same for the built-in administrator itself.
    expect((await call('POST', `/api/v6/member/${(await user('centre')).id}/resetPassword`, centre, {})).code).toBe(ErrorCode.Forbidden);
    expect((await login('centre', 'demo1234')).code).toBe(1);
    // The account route asks for the current password and does it.
    expect((await call('POST', '/api/v6/account/password', sm.token, { old_password: 'wrong-one', new_password: 'Own-Choice-2026' })).code).toBe(ErrorCode.Validation);
    expect((await call('POST', '/api/v6/account/password', sm.token, { old_password: sm.password, new_password: 'Own-Choice-2026' })).code).toBe(1);
    expect((await login('selfreset', 'Own-Choice-2026')).code).toBe(1);
  });
});
