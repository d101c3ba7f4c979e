import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gridops/contract';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';

describe.each(backends)('organisation and project scope on %s', (backend) => {
  let t: TestApp;
  let centre: string;
  let site: string;
  let worker: string;
  let siteProject: number;
  let otherProject: number;
  let otherGroupOrg: number;

  beforeAll(async () => {
    t = await startTestApp(backend);
    [centre, site, worker] = await Promise.all([loginAs(t.app, 'centre'), loginAs(t.app, 'site'), loginAs(t.app, 'worker')]);
    const info = await t.app.inject({ method: 'GET', url: '/api/v6/user/userinfo', headers: apiHeaders(site) });
    siteProject = info.json().data.project_id;
    const hz = await t.database.db.selectFrom('projects').select(['id', 'org_id']).where('name_en', 'like', 'Hangzhou%').executeTakeFirstOrThrow();
    otherProject = hz.id;
    otherGroupOrg = hz.org_id;
  });
  afterAll(async () => t?.close());

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: apiHeaders(token) });
  const post = (url: string, token: string, payload: object) => t.app.inject({ method: 'POST', url, headers: apiHeaders(token), payload });

  it('shows the centre user the whole tree: regional > two groups > five stations', async () => {
    const tree = (await get('/api/v6/org/tree', centre)).json().data;
    expect(tree).toHaveLength(1);
    expect(tree[0].tier).toBe(1);
    expect(tree[0].children).toHaveLength(2);
    const stations = tree[0].children.flatMap((g: { projects: unknown[] }) => g.projects);
    expect(stations.length).toBeGreaterThanOrEqual(5);
    const list = (await get('/api/v6/project/list?size=100', centre)).json().data;
    expect(list.total).toBe(stations.length);
  });

  it('shows the site user only its own project, anywhere in the tree', async () => {
    const tree = (await get('/api/v6/org/tree', site)).json().data;
    const projects = JSON.stringify(tree).match(/"latitude"/g) ?? [];
    expect(projects).toHaveLength(1);
    const list = (await get('/api/v6/project/list', site)).json().data;
    expect(list.list.map((p: { id: number }) => p.id)).toEqual([siteProject]);
  });

  it("refuses the site user another project's data with 10004", async () => {
    const detail = await get(`/api/v6/project/${otherProject}`, site);
    expect(detail.statusCode).toBe(403);
    expect(detail.json().code).toBe(ErrorCode.Forbidden);
    expect((await post('/api/v6/event/notice', site, { project_id: otherProject })).json().code).toBe(ErrorCode.Forbidden);
    expect((await post('/api/v6/event/noticeList', site, { project_id: otherProject })).json().code).toBe(ErrorCode.Forbidden);
    expect((await post('/api/v6/energy/daySunInfo', site, { project_id: otherProject })).json().code).toBe(ErrorCode.Forbidden);
    expect((await post('/api/v6/index/eventNotice', site, { org_id: otherGroupOrg })).json().code).toBe(ErrorCode.Forbidden);
    expect((await get(`/api/v6/project/list?org_id=${otherGroupOrg}`, site)).json().code).toBe(ErrorCode.Forbidden);
    // The own project is readable.
    expect((await get(`/api/v6/project/${siteProject}`, site)).json().code).toBe(1);
  });

  it('keeps the worker to its three assigned projects', async () => {
    const list = (await get('/api/v6/project/list', worker)).json().data;
    expect(list.total).toBe(3);
    expect((await get(`/api/v6/project/${otherProject}`, worker)).json().code).toBe(ErrorCode.Forbidden);
  });

  it('counts pending notices by organisation and by project, within scope', async () => {
    const root = (await get('/api/v6/org/tree', centre)).json().data[0].id;
    const orgCount = (await post('/api/v6/index/eventNotice', centre, { org_id: root })).json().data.total;
    const orgList = (await post('/api/v6/index/eventNoticeList', centre, { org_id: root })).json().data;
    expect(orgCount).toBeGreaterThan(0);
    expect(orgList.total).toBe(orgCount);
    expect(orgList.list.reduce((s: number, r: { total: number }) => s + r.total, 0)).toBe(orgCount);
    for (const row of orgList.list) expect(row).toEqual({ id: expect.any(Number), title: expect.any(String), total: expect.any(Number) });

    const siteCount = (await post('/api/v6/event/notice', site, { project_id: siteProject })).json().data.total;
    const siteList = (await post('/api/v6/event/noticeList', site, { project_id: siteProject })).json().data;
    expect(siteList.total).toBe(siteCount);
    expect(siteList.list).toHaveLength(siteCount);
    for (const e of siteList.list) expect([2, 3]).toContain(e.event_type);
    // The site user asking at organisation level sees only its own project's pending events.
    const siteOrg = (await get(`/api/v6/project/${siteProject}`, site)).json().data.org_id;
    const viaOrg = (await post('/api/v6/index/eventNoticeList', site, { org_id: siteOrg })).json().data;
    expect(viaOrg.list.map((r: { id: number }) => r.id)).toEqual([siteProject]);
  });

  it('computes sunrise before solar noon before sunset for the project', async () => {
    const sun = (await post('/api/v6/energy/daySunInfo', site, { project_id: siteProject })).json().data;
    expect(sun.project_id).toBe(siteProject);
    expect(sun.sunrise < sun.solar_noon && sun.solar_noon < sun.sunset).toBe(true);
    expect(sun.day_length_minutes).toBeGreaterThan(500);
    expect(sun.day_length_minutes).toBeLessThan(900);
  });
});
