import type { LoginResponse, Project, UserInfo } from '@gridops/contract';
import { liveClient } from '../api/live';
import { buildUrl, requestHeaders } from '../api/http';
import { hostLogout, hostRoute, postToHost } from '../shared/hostBridge';
import { currentLang, setLang } from '../shared/i18n';
import { sessionNavigator } from './navigation';
import { initialSession, patchSession, session, useSession, type UserTypeValue } from './store';

/** The project a site user or worker works in by default. */
const defaultProject = (info: UserInfo, userType: UserTypeValue): number | null =>
  userType === 0 ? null : (info.project_id ?? info.project_ids[0] ?? null);

/** The console opens in the language stored on the server, once the user has picked one. */
function applyLanguagePreference(info: UserInfo) {
  if (info.language && info.language !== currentLang()) void setLang(info.language);
}

/** Stores a successful login and opens the role's routes; returns where to go. */
export function applyLogin(resp: LoginResponse): string {
  applyLanguagePreference(resp.userInfo);
  patchSession({
    token: resp.token,
    userType: resp.userType,
    userInfo: resp.userInfo,
    organID: resp.userInfo.org_id,
    proID: defaultProject(resp.userInfo, resp.userType),
  });
  return sessionNavigator().openRole(resp.userType);
}

/** GET userinfo; accepted only when code is 1 (spec §5). Returns null on any failure. */
export async function fetchUserInfo(): Promise<UserInfo | null> {
  try {
    const info = await (await import('./userCalls')).userInfoCall();
    applyLanguagePreference(info);
    const s = session();
    patchSession({
      userInfo: info,
      organID: info.org_id,
      proID: s.proID ?? defaultProject(info, info.userType),
    });
    return info;
  } catch {
    return null;
  }
}

let loggingOut = false;

/**
 * Spec §4 logout: clear token, userType, organisation (→ 0), user info and project; end the live client;
 * tell the engine host; go to /Login with only the fixed routes left.
 */
export function logout(opts: { callServer?: boolean; navigate?: boolean } = {}) {
  if (loggingOut) return;
  loggingOut = true;
  try {
    const { token } = session();
    if (opts.callServer && token) {
      // Fire and forget: the local logout must not wait for (or fail with) the server. Built now, while the
      // session still holds the token it revokes (the state is cleared below; a lazily loaded call sent none).
      // The path is the contract's userApi.logout, whose schemas the login page does not load.
      const headers = { ...requestHeaders(), 'content-type': 'application/json' };
      void fetch(buildUrl(session().baseURL, '/api/v6/user/logout'), { method: 'POST', headers, body: '{}' }).catch(() => undefined);
    }
    liveClient.stop();
    useSession.setState({
      token: '',
      userType: null,
      organID: 0,
      userInfo: null,
      proID: null,
      proInfo: null,
      noticeCount: 0,
      noticeList: [],
      mqttMessages: [],
      activeEventId: null,
      eventTypeFilterHidden: false,
      orgList: initialSession.orgList,
    });
    postToHost(hostLogout());
    // Only loaded once the shell was: if it is not, there is no cache to clear.
    void import('../api/queryClient').then(({ queryClient }) => queryClient.clear());
    if (opts.navigate !== false) sessionNavigator().resetToLogin();
  } finally {
    loggingOut = false;
  }
}

/** Selecting a site (spec §4): set the project, go to /SiteHome, inform the engine host. */
export function selectSite(proid: number, project?: Project) {
  patchSession({ proID: proid, proInfo: project ?? null, activeEventId: null, eventTypeFilterHidden: false });
  const nav = sessionNavigator();
  nav.navigate(nav.siteHome());
  postToHost(hostRoute(proid));
}
