import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, orgAdminApi, type ApiRoute } from '@gridops/contract';
import { hashPassword } from '../../lib/password.js';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';
import { stationBody } from '../../test-support/stations.js';

interface Reply {
  status: number;
  code: number;
  msg: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of many shapes
  data: any;
}

describe.each(backends)('organisation and project administration on %s', (backend) => {
  let t: TestApp;
  let centre: string;
  let site: string;
  let worker: string;
  let xihu: string;
  /** A centre user of group B only (Xihu), with the manage permission: the other tenant for centre routes. */
  let bCentre: string;
  let root: number;
  let groupA: number;
  let groupB: number;
  let suzhou: number;
  let hangzhou: number;
  let suzhouRoom: number;
  let hangzhouRoom: number;

  beforeAll(async () => {
    t = await startTestApp(backend);
    const db = t.database.db;
    const orgs = await db.selectFrom('organizations').select(['id', 'code']).execute();
    const byCode = (c: string) => orgs.find((o) => o.code === c)!.id;
    root = byCode('ECK');
    groupA = byCode('CJM');
    groupB = byCode('XHP');
    await db
      .insertInto('users')
      .values({ username: 'bcentre', name: '西湖管理员', user_type: 0, org_id: groupB, password_hash: await hashPassword('demo1234'), can_control: true })
      .execute();
    [centre, site, worker, xihu, bCentre] = await Promise.all(['centre', 'site', 'worker', 'xihu', 'bcentre'].map((u) => loginAs(t.app, u)));
    const pid = async (like: string) => (await db.selectFrom('projects').select('id').where('name_en', 'like', like).executeTakeFirstOrThrow()).id;
    suzhou = await pid('Suzhou%');
    hangzhou = await pid('Hangzhou%');
    const room = async (p: number) => (await db.selectFrom('rooms').select('id').where('project_id', '=', p).orderBy('id').executeTakeFirstOrThrow()).id;
    suzhouRoom = await room(suzhou);
    hangzhouRoom = await room(hangzhou);
  });
  afterAll(async () => t?.close());

  async function call(route: ApiRoute, token: string, input: Record<string, unknown> = {}, lang = 'zh'): Promise<Reply> {
    let url: string = route.path;
    const rest: Record<string, unknown> = { ...input };
    for (const m of route.path.matchAll(/:(\w+)/g)) {
      url = url.replace(`:${m[1]}`, String(rest[m[1]!]));
      delete rest[m[1]!];
    }
    const useQuery = route.method === 'GET' || route.method === 'DELETE';
    if (useQuery && Object.keys(rest).length) url += `?${new URLSearchParams(Object.entries(rest).map(([k, v]) => [k, String(v)])).toString()}`;
    const res = await t.app.inject({
      method: route.method,
      url,
      headers: apiHeaders(token, { 'accept-language': lang }),
      ...(useQuery ? {} : { payload: rest }),
    });
    const body = res.json<{ code: number; msg: string; data: unknown }>();
    return { status: res.statusCode, code: body.code, msg: body.msg, data: body.data };
  }
  const ok = async (p: Promise<Reply>) => {
    const r = await p;
    expect(r.code, r.msg).toBe(1);
    return r.data;
  };

  it('lists the managed subtree with tiers, counts and versions', async () => {
    const list = await ok(call(orgAdminApi.orgs, centre));
    expect(list.map((o: { id: number }) => o.id)).toEqual(expect.arrayContaining([root, groupA, groupB]));
    const a = list.find((o: { id: number }) => o.id === groupA);
    expect(a).toMatchObject({ tier: 2, enabled: true, version: 1, parent_id: root });
    expect(a.project_count).toBeGreaterThan(0);
    const b = await ok(call(orgAdminApi.orgs, bCentre));
    expect(b.map((o: { id: number }) => o.id)).toEqual([groupB]);
  });

  it('creates, renames (zh + en) and refuses a tier that does not descend', async () => {
    const bad = await call(orgAdminApi.createOrg, centre, { parent_id: groupA, name: '同级', tier: 2 });
    expect(bad.code).toBe(ErrorCode.Validation);
    expect(bad.data.field).toBe('tier');
    const empty = await call(orgAdminApi.createOrg, centre, { parent_id: groupA, name: '', tier: 3 });
    expect(empty.code).toBe(ErrorCode.Validation);
    expect(empty.data.field).toBe('name');

    const created = await ok(call(orgAdminApi.createOrg, centre, { parent_id: groupA, name: '苏州片区', name_en: 'Suzhou area', tier: 3 }));
    expect(created).toMatchObject({ parent_id: groupA, tier: 3, version: 1, enabled: true, project_count: 0 });
    const renamed = await ok(
      call(orgAdminApi.updateOrg, centre, { id: created.id, name: '苏州东片区', name_en: 'Suzhou East', tier: 3, enabled: true, version: 1 }),
    );
    expect(renamed).toMatchObject({ name: '苏州东片区', name_en: 'Suzhou East', version: 2 });
    // The tree every page reads shows the new name at once (no restart, no cache).
    const tree = JSON.stringify(await ok(call({ ...orgAdminApi.orgs, path: '/api/v6/org/tree' }, centre)));
    expect(tree).toContain('苏州东片区');
  });

  it('moves a node, refusing cycles and tier violations', async () => {
    const upper = await ok(call(orgAdminApi.createOrg, centre, { parent_id: root, name: '移动测试集团', tier: 2 }));
    const lower = await ok(call(orgAdminApi.createOrg, centre, { parent_id: upper.id, name: '移动测试站', tier: 3 }));
    // Under its own descendant: a cycle.
    const cycle = await call(orgAdminApi.moveOrg, centre, { id: upper.id, parent_id: lower.id, version: upper.version });
    expect(cycle.code).toBe(ErrorCode.Validation);
    expect(cycle.data.field).toBe('parent_id');
    const self = await call(orgAdminApi.moveOrg, centre, { id: upper.id, parent_id: upper.id, version: upper.version });
    expect(self.data.field).toBe('parent_id');
    // A group (tier 2) under another group: tiers must descend.
    const tier = await call(orgAdminApi.moveOrg, centre, { id: upper.id, parent_id: groupB, version: upper.version });
    expect(tier.code).toBe(ErrorCode.Validation);
    expect(tier.data.field).toBe('tier');
    const moved = await ok(call(orgAdminApi.moveOrg, centre, { id: lower.id, parent_id: groupB, version: lower.version }));
    expect(moved).toMatchObject({ parent_id: groupB, version: 2 });
    // Your own organisation does not move.
    expect((await call(orgAdminApi.moveOrg, bCentre, { id: groupB, parent_id: groupB, version: 1 })).code).toBe(ErrorCode.Forbidden);
  });

  it('refuses deleting a node with children, projects or users, naming them in zh and en', async () => {
    const zh = await call(orgAdminApi.deleteOrg, centre, { id: groupA, version: 1 });
    expect(zh.status).toBe(409);
    expect(zh.code).toBe(ErrorCode.Conflict);
    expect(zh.msg).toContain('长江智造集团');
    expect(zh.msg).toContain('苏州工业园光储充站');
    expect(zh.msg).toContain('李娜 (site)');
    expect(zh.msg).toContain('下级组织');
    const en = await call(orgAdminApi.deleteOrg, centre, { id: groupA, version: 1 }, 'en');
    expect(en.msg).toContain('Changjiang Manufacturing Group');
    expect(en.msg).toMatch(/projects .*Suzhou/);
    expect(en.msg).toContain('users');

    const leaf = await ok(call(orgAdminApi.createOrg, centre, { parent_id: groupB, name: '待删除', tier: 3 }));
    expect((await call(orgAdminApi.deleteOrg, centre, { id: leaf.id, version: 99 })).data.field).toBe('version');
    expect(await ok(call(orgAdminApi.deleteOrg, centre, { id: leaf.id, version: leaf.version }))).toEqual({ id: leaf.id });
    expect((await call(orgAdminApi.deleteOrg, centre, { id: leaf.id, version: leaf.version })).code).toBe(ErrorCode.NotFound);
  });

  it('tells the loser of two concurrent edits, and keeps the winner', async () => {
    const node = await ok(call(orgAdminApi.createOrg, centre, { parent_id: groupA, name: '并发', tier: 3 }));
    const edit = (name: string) => call(orgAdminApi.updateOrg, centre, { id: node.id, name, name_en: name, tier: 3, enabled: true, version: node.version });
    const [a, b] = await Promise.all([edit('甲'), edit('乙')]);
    const codes = [a.code, b.code].sort();
    expect(codes).toEqual([1, ErrorCode.Conflict]);
    const loser = a.code === 1 ? b : a;
    const winner = a.code === 1 ? a : b;
    expect(loser.data.field).toBe('version');
    expect(loser.msg).toContain('已被他人修改');
    const now = (await ok(call(orgAdminApi.orgs, centre))).find((o: { id: number }) => o.id === node.id);
    expect(now).toMatchObject({ name: winner.data.name, version: 2 });

    const p = await ok(call(orgAdminApi.project, centre, { id: suzhou }));
    const body = { ...stationBody(p.org_id), id: suzhou, name: p.name, version: p.version };
    expect((await call(orgAdminApi.updateProject, centre, body)).code).toBe(1);
    const stale = await call(orgAdminApi.updateProject, site, body, 'en');
    expect(stale.code).toBe(ErrorCode.Conflict);
    expect(stale.data.field).toBe('version');
    expect(stale.msg).toContain('reload');
  });

  it('disabling an organisation takes its projects out of its users\' scope at once', async () => {
    const grp = await ok(call(orgAdminApi.createOrg, centre, { parent_id: root, name: '停用测试', tier: 2 }));
    const proj = await ok(call(orgAdminApi.createProject, centre, stationBody(grp.id, { name: '停用测试站' })));
    const inTree = async () => JSON.stringify(await ok(call({ ...orgAdminApi.orgs, path: '/api/v6/org/tree' }, centre))).includes('停用测试站');
    expect(await inTree()).toBe(true);
    const off = await ok(call(orgAdminApi.updateOrg, centre, { id: grp.id, name: grp.name, name_en: '', tier: 2, enabled: false, version: grp.version }));
    expect(off.enabled).toBe(false);
    expect(await inTree()).toBe(false);
    // Still administered (it can be enabled again).
    expect((await ok(call(orgAdminApi.project, centre, { id: proj.id }))).name).toBe('停用测试站');
    // Your own organisation cannot be disabled.
    const own = await call(orgAdminApi.updateOrg, bCentre, { id: groupB, name: '西湖商业地产集团', name_en: '', tier: 2, enabled: false, version: 1 });
    expect(own.code).toBe(ErrorCode.Forbidden);
  });

  it('creates a project with rooms; checks the time zone with Intl; refuses removing a room with devices', async () => {
    const badZone = await call(orgAdminApi.createProject, centre, stationBody(groupA, { timezone: 'Mars/Olympus' }), 'en');
    expect(badZone.code).toBe(ErrorCode.Validation);
    expect(badZone.data.field).toBe('timezone');
    expect(badZone.msg).toContain('Mars/Olympus');
    const badLat = await call(orgAdminApi.createProject, centre, stationBody(groupA, { latitude: 91 }));
    expect(badLat.data.field).toBe('latitude');

    const p = await ok(call(orgAdminApi.createProject, centre, stationBody(groupA, { timezone: 'Europe/Berlin' })));
    expect(p).toMatchObject({ org_id: groupA, timezone: 'Europe/Berlin', address_en: '1 Xinghu St, Suzhou Industrial Park', charger_count: 8, version: 1, rooms: [] });
    // Visible to the live pages at once: the project list, and its site zone in the sunrise answer.
    const list = await ok(call({ ...orgAdminApi.orgs, path: '/api/v6/project/list' }, centre, { size: 200 }));
    expect(list.list.map((x: { id: number }) => x.id)).toContain(p.id);

    const room = await ok(call(orgAdminApi.createRoom, centre, { id: p.id, name: '1# 配电房', name_en: 'Room 1' }));
    expect(room).toMatchObject({ name: '1# 配电房', device_count: 0 });
    expect(await ok(call(orgAdminApi.renameRoom, centre, { id: room.id, name: '一号配电房', name_en: 'Room One' }))).toMatchObject({ name: '一号配电房' });
    expect((await ok(call(orgAdminApi.project, centre, { id: p.id }))).rooms).toHaveLength(1);
    expect(await ok(call(orgAdminApi.deleteRoom, centre, { id: room.id }))).toEqual({ id: room.id });

    const busy = await call(orgAdminApi.deleteRoom, centre, { id: suzhouRoom });
    expect(busy.code).toBe(ErrorCode.Conflict);
    const device = await t.database.db.selectFrom('devices').select('name').where('room_id', '=', suzhouRoom).orderBy('sort').orderBy('id').executeTakeFirstOrThrow();
    expect(busy.msg).toContain(device.name);
  });

  it('lets a site user edit its own station (not its organisation) and nothing else', async () => {
    const own = await ok(call(orgAdminApi.project, site, { id: suzhou }));
    const saved = await ok(call(orgAdminApi.updateProject, site, { ...stationBody(own.org_id), id: suzhou, name: own.name, capacity_kva: 3150, version: own.version }));
    expect(saved.capacity_kva).toBe(3150);
    const moved = await call(orgAdminApi.updateProject, site, { ...stationBody(groupB), id: suzhou, name: own.name, version: saved.version });
    expect(moved.code).toBe(ErrorCode.Forbidden);
    expect(moved.data.field).toBe('org_id');
    expect((await ok(call(orgAdminApi.projects, site))).list.map((x: { id: number }) => x.id)).toEqual([suzhou]);
    expect((await call(orgAdminApi.createProject, site, stationBody(groupA))).code).toBe(ErrorCode.Forbidden);
  });

  it('shows a site user the organisations it belongs to, read-only, and none of the other group', async () => {
    const own = await ok(call(orgAdminApi.project, site, { id: suzhou }));
    const ids = (await ok(call(orgAdminApi.orgs, site))).map((o: { id: number }) => o.id);
    expect(ids).toContain(own.org_id);
    expect(ids).toContain(root);
    expect(ids).not.toContain(groupB);
    const rename = await call(orgAdminApi.updateOrg, site, { id: own.org_id, name: 'x', name_en: '', tier: 2, enabled: true, version: 1 });
    expect(rename.code).toBe(ErrorCode.Forbidden);
  });

  it('refuses every new route across tenants and to users without the permission', async () => {
    const refused = [ErrorCode.Forbidden, ErrorCode.NotFound];
    const hz = await ok(call(orgAdminApi.project, xihu, { id: hangzhou }));
    const szBody = { ...stationBody(groupA), name: 'x', version: 1 };
    const hzBody = { ...stationBody(groupB), name: 'x', version: hz.version };
    // [route, input aimed at the other tenant, who]
    const cases: Array<[ApiRoute, Record<string, unknown>, string, string]> = [
      // Group B's centre user reaching group A and the root.
      [orgAdminApi.createOrg, { parent_id: groupA, name: 'x', tier: 3 }, bCentre, 'bCentre'],
      [orgAdminApi.updateOrg, { id: groupA, name: 'x', name_en: '', tier: 2, enabled: true, version: 1 }, bCentre, 'bCentre'],
      [orgAdminApi.updateOrg, { id: root, name: 'x', name_en: '', tier: 1, enabled: true, version: 1 }, bCentre, 'bCentre'],
      [orgAdminApi.moveOrg, { id: groupA, parent_id: groupB, version: 1 }, bCentre, 'bCentre'],
      [orgAdminApi.deleteOrg, { id: groupA, version: 1 }, bCentre, 'bCentre'],
      [orgAdminApi.projects, { org_id: groupA }, bCentre, 'bCentre'],
      [orgAdminApi.project, { id: suzhou }, bCentre, 'bCentre'],
      [orgAdminApi.createProject, stationBody(groupA), bCentre, 'bCentre'],
      [orgAdminApi.updateProject, { ...szBody, id: suzhou, org_id: groupB }, bCentre, 'bCentre'],
      [orgAdminApi.createRoom, { id: suzhou, name: 'x' }, bCentre, 'bCentre'],
      [orgAdminApi.renameRoom, { id: suzhouRoom, name: 'x', name_en: '' }, bCentre, 'bCentre'],
      [orgAdminApi.deleteRoom, { id: suzhouRoom }, bCentre, 'bCentre'],
      // The Suzhou site user reaching Hangzhou, and any organisation (it reads its own: the test above).
      [orgAdminApi.createOrg, { parent_id: groupA, name: 'x', tier: 3 }, site, 'site'],
      [orgAdminApi.updateOrg, { id: groupA, name: 'x', name_en: '', tier: 2, enabled: true, version: 1 }, site, 'site'],
      [orgAdminApi.moveOrg, { id: groupA, parent_id: groupB, version: 1 }, site, 'site'],
      [orgAdminApi.deleteOrg, { id: groupA, version: 1 }, site, 'site'],
      [orgAdminApi.projects, { org_id: groupB }, site, 'site'],
      [orgAdminApi.project, { id: hangzhou }, site, 'site'],
      [orgAdminApi.createProject, stationBody(groupB), site, 'site'],
      [orgAdminApi.updateProject, { ...hzBody, id: hangzhou }, site, 'site'],
      [orgAdminApi.createRoom, { id: hangzhou, name: 'x' }, site, 'site'],
      [orgAdminApi.renameRoom, { id: hangzhouRoom, name: 'x', name_en: '' }, site, 'site'],
      [orgAdminApi.deleteRoom, { id: hangzhouRoom }, site, 'site'],
      // The worker (no manage permission) even on its own projects.
      [orgAdminApi.orgs, {}, worker, 'worker'],
      [orgAdminApi.projects, {}, worker, 'worker'],
      [orgAdminApi.project, { id: suzhou }, worker, 'worker'],
      [orgAdminApi.updateProject, { ...szBody, id: suzhou }, worker, 'worker'],
      [orgAdminApi.createRoom, { id: suzhou, name: 'x' }, worker, 'worker'],
      [orgAdminApi.renameRoom, { id: suzhouRoom, name: 'x', name_en: '' }, worker, 'worker'],
      [orgAdminApi.deleteRoom, { id: suzhouRoom }, worker, 'worker'],
    ];
    const covered = new Set(cases.map(([r]) => `${r.method} ${r.path}`));
    for (const r of Object.values(orgAdminApi)) expect(covered, `${r.method} ${r.path} is in the matrix`).toContain(`${r.method} ${r.path}`);
    const before = await t.database.db.selectFrom('rooms').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    for (const [route, input, token, who] of cases) {
      const r = await call(route, token, input);
      expect(refused, `${who} ${route.method} ${route.path} → ${r.code} ${r.msg}`).toContain(r.code);
    }
    const after = await t.database.db.selectFrom('rooms').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    const hzNow = await ok(call(orgAdminApi.project, xihu, { id: hangzhou }));
    expect(hzNow.version).toBe(hz.version);
    expect((await ok(call(orgAdminApi.orgs, centre))).find((o: { id: number }) => o.id === groupA).name).toBe('长江智造集团');
  });
});
