import { createBrowserRouter, createHashRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { appConfig } from '../api/config';
import { fetchUserInfo, logout } from '../session/actions';
import { setSessionNavigator } from '../session/navigation';
import { patchSession, session } from '../session/store';
import { decideGuard, effectiveUserType, retryTarget, LOGIN_PATH, REGISTER_EXPERT_PATH } from './guard';
import { AREA_HOME } from './routes/pages';
import { buildRoleRoutes, homeFor } from './routes/roleRoutes';
import { RootLayout } from './layout/RootLayout';
import { LoginPage } from '../features/auth/LoginPage';
import { BootSplash } from './layout/BootSplash';
import { loadAreaStrings } from './i18nResources';

type AppRouter = ReturnType<typeof createBrowserRouter>;

declare global {
  interface Window {
    /** Paths currently registered in the router; browser tests check that logout removes role routes. */
    __gridopsRoutes?: () => string[];
  }
}

function registeredPaths(routes: readonly { path?: string; children?: readonly unknown[] }[]): string[] {
  return routes.flatMap((r) => [...(r.path ? [r.path] : []), ...registeredPaths((r.children ?? []) as typeof routes)]);
}

let router: AppRouter | null = null;
let rolesRegistered = false;
const listeners = new Set<() => void>();

export const getRouter = (): AppRouter => {
  if (!router) throw new Error('router not created');
  return router;
};
export const subscribeRouter = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};
export const areRolesRegistered = () => rolesRegistered;

/** The guard of spec §2 runs before every navigation (root loader, always revalidated). */
async function guardLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const s = session();
  const decision = decideGuard({ pathname: url.pathname, search: url.search, token: s.token, rolesRegistered });
  if (decision.kind === 'allow') return null;
  if (decision.kind === 'logout') {
    logout({ callServer: false, navigate: false });
    return redirect(LOGIN_PATH);
  }
  if (decision.adopt) {
    const { token, userType, proID } = decision.adopt;
    patchSession({ token, userType, proID, userInfo: null });
    const info = await fetchUserInfo();
    // 10001 already logged out inside the HTTP client.
    if (!session().token) return redirect(LOGIN_PATH);
    if (info) patchSession({ userType: effectiveUserType(userType, info.userType) });
  }
  if (decision.register || decision.adopt) registerRoleRoutes(session().userType);
  return redirect(retryTarget(url.pathname, url.search, homeFor(session().userType)));
}

function fixedRoutes(roleRoutes: RouteObject[]): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      HydrateFallback: BootSplash,
      loader: guardLoader,
      shouldRevalidate: () => true,
      children: [
        { id: 'login', path: LOGIN_PATH, element: <LoginPage />, handle: { key: 'Login', area: 'login', type: 'nobj' } },
        {
          id: 'registerExpert',
          path: REGISTER_EXPERT_PATH,
          lazy: async () => {
            const [page] = await Promise.all([import('../features/experts/RegisterExpertPage'), loadAreaStrings()]);
            return { Component: page.RegisterExpertPage };
          },
          handle: { key: 'RegisterExpert', area: 'login', type: 'nobj' },
        },
        {
          id: 'shell',
          // The areas' strings come with the shell: every page under it renders after they are in.
          lazy: async () => {
            const [shell] = await Promise.all([import('./layout/AppShell'), loadAreaStrings()]);
            return { Component: shell.AppShell };
          },
          children: roleRoutes,
        },
        {
          id: 'notFound',
          path: '*',
          // antd's Result (with its large illustrations) stays out of the login page's first load.
          lazy: async () => ({ Component: (await import('./layout/NotFoundPage')).NotFoundPage }),
          handle: { key: 'NotFound', area: 'none', type: 'nobj' },
        },
      ],
    },
  ];
}

/** Creates the router for the current session: fixed routes, plus the role routes when logged in. */
export function createAppRouter(): AppRouter {
  router?.dispose();
  const s = session();
  rolesRegistered = Boolean(s.token) && s.userType !== null;
  const create = appConfig().routerMode === 'hash' ? createHashRouter : createBrowserRouter;
  router = create(fixedRoutes(rolesRegistered ? buildRoleRoutes(s.userType) : []));
  window.__gridopsRoutes = () => registeredPaths(getRouter().routes);
  listeners.forEach((fn) => fn());
  return router;
}

/** Adds the routes of a userType under the shell (spec §2: registered after login). */
export function registerRoleRoutes(userType: 0 | 1 | 2 | null) {
  if (!router || rolesRegistered) return;
  router.patchRoutes('shell', buildRoleRoutes(userType));
  rolesRegistered = true;
}

/**
 * Logout removes every route but login and not-found (spec §4). React Router cannot unpatch routes, so the
 * router is rebuilt with the fixed routes only, at /Login.
 */
export function resetRouterToLogin() {
  const loginUrl = appConfig().routerMode === 'hash' ? `${window.location.pathname}${window.location.search}#${LOGIN_PATH}` : LOGIN_PATH;
  window.history.pushState(null, '', loginUrl);
  createAppRouter();
}

export function navigateTo(path: string) {
  void router?.navigate(path);
}

// The session (login, logout, site selection) and the features reach the router only through this handler.
setSessionNavigator({
  navigate: navigateTo,
  openRole: (userType) => {
    registerRoleRoutes(userType);
    return homeFor(userType);
  },
  resetToLogin: resetRouterToLogin,
  siteHome: () => AREA_HOME.site,
});
