import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildRoleRoutes, homeFor } from './roleRoutes';
import { pagesBundle } from './pages';

const paths = (routes: RouteObject[], parent = ''): string[] =>
  routes.flatMap((r) => {
    const here = r.index ? parent : r.path ? (r.path.startsWith('/') ? r.path : `${parent}/${r.path}`) : parent;
    return [here, ...paths(r.children ?? [], here)];
  });

describe('role routes (spec §2, §6)', () => {
  it('homes by userType', () => {
    expect(homeFor(0)).toBe('/CentreHome');
    expect(homeFor(1)).toBe('/SiteHome');
    expect(homeFor(2)).toBe('/WorkerHome');
  });

  it('centre users get centre and site routes', () => {
    const p = paths(buildRoleRoutes(0));
    for (const x of ['/CentreHome', '/CentreEvents', '/CentreUser/CentreOrganManage', '/SiteHome', '/ElectricalRoom/DevMonitor', '/ElectricalRoom/AnalReport/HisdataCts', '/RunSetup/StationSet', '/UserCenter'])
      expect(p).toContain(x);
    expect(p).not.toContain('/WorkerHome');
  });

  it('site users get only site routes; workers only worker routes', () => {
    const site = paths(buildRoleRoutes(1));
    expect(site).toContain('/SiteHome');
    expect(site).not.toContain('/CentreHome');
    const worker = paths(buildRoleRoutes(2));
    expect(worker).toEqual(expect.arrayContaining(['/WorkerHome', '/WorkerInspect', '/WorkerInspectForm', '/WorkerSolve', '/WorkerEvent', '/WorkerUser']));
    expect(worker).not.toContain('/SiteHome');
  });

  it('every page has a title and an empty-state sentence in both languages', () => {
    const { zh, en } = pagesBundle();
    expect(Object.keys(zh)).toEqual(Object.keys(en));
    for (const [key, v] of Object.entries(en)) {
      expect(v.title, key).not.toBe('');
      expect(zh[key]?.title, key).not.toBe('');
      expect(/[\u4e00-\u9fff]/.test(v.title + v.what), `${key} has Chinese in English`).toBe(false);
    }
  });
});
