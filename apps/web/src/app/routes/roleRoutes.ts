import { redirect, type RouteObject } from 'react-router';
import type { UserTypeValue } from '../../session/store';
import { featurePageModules } from './featurePages';
import { AREA_HOME, centrePages, sitePages, workerPages, type Area, type PageDef } from './pages';

/** What every routed page carries in `handle`: the page key (title, breadcrumb) and its layout meta. */
export interface RouteHandle {
  key: string;
  area: Area;
  /** Layout type of spec §2 ('nobj' = no 3D scene behind the page), else 'scene'. */
  type: 'nobj' | 'scene';
}

export function homeFor(userType: UserTypeValue | null): string {
  if (userType === 2) return AREA_HOME.worker;
  if (userType === 1) return AREA_HOME.site;
  return AREA_HOME.centre;
}

export const areasFor = (userType: UserTypeValue | null): Area[] =>
  userType === 2 ? ['worker'] : userType === 1 ? ['site'] : ['centre', 'site'];

// Each area page is its own chunk, so the login page does not download the area pages.
const lazyFor = (d: PageDef): RouteObject['lazy'] => {
  const featurePage = featurePageModules[d.key];
  if (featurePage) return async () => ({ Component: await featurePage() });
  switch (d.page) {
    case 'centreHome':
      return async () => ({ Component: (await import('../../features/centre-home/CentreHomePage')).CentreHomePage });
    case 'siteHome':
      return async () => ({ Component: (await import('../../features/site-home/SiteHomePage')).SiteHomePage });
    case 'workerHome':
      return async () => ({ Component: (await import('../../features/worker-home/WorkerHomePage')).WorkerHomePage });
    case 'events':
      return async () => ({ Component: (await import('../../features/events/EventsPage')).EventsPage });
    default:
      return async () => ({ Component: (await import('../../shared/ui/PlaceholderPage')).PlaceholderPage });
  }
};

/** Sections whose own path shows a child: spec §2's redirects. */
const SECTION_DEFAULT: Record<string, string> = { ElectricalRoom: 'index', RunSetup: 'StationSet' };

function toRoute(d: PageDef, area: Area): RouteObject {
  const handle: RouteHandle = { key: d.key, area, type: d.nobj ? 'nobj' : 'scene' };
  if (d.children) {
    const children: RouteObject[] = d.children.map((c) => toRoute(c, area));
    const def = SECTION_DEFAULT[d.key];
    if (def) children.unshift({ index: true, loader: () => redirect(`${d.path}/${def}`) });
    return { id: d.key, path: d.path, handle, children };
  }
  if (d.path === '') return { id: d.key, index: true, handle, lazy: lazyFor(d) };
  return { id: d.key, path: d.path, handle, lazy: lazyFor(d) };
}

/** The routes a userType may use (spec §6), plus the root redirect to its home. */
export function buildRoleRoutes(userType: UserTypeValue | null): RouteObject[] {
  const routes: RouteObject[] = [{ id: 'rootRedirect', path: '/', loader: () => redirect(homeFor(userType)) }];
  const areas = areasFor(userType);
  if (areas.includes('centre')) routes.push(...centrePages.map((d) => toRoute(d, 'centre')));
  if (areas.includes('site')) {
    routes.push(...sitePages.map((d) => toRoute(d, 'site')));
    // Spec §2 names /StationSet as where /RunSetup leads; the page lives under /RunSetup, keep the short form.
    routes.push({ id: 'StationSetAlias', path: '/StationSet', loader: () => redirect('/RunSetup/StationSet') });
  }
  if (areas.includes('worker')) routes.push(...workerPages.map((d) => toRoute(d, 'worker')));
  return routes;
}
