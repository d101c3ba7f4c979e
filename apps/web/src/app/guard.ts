import { REGISTER_EXPERT_PATH } from '../features/experts/paths';
import type { UserTypeValue } from '../session/store';

export interface GuardInput {
  pathname: string;
  search: string;
  /** The session's token before this navigation. */
  token: string;
  /** Whether the role routes are registered in the router right now. */
  rolesRegistered: boolean;
}

export interface AdoptedSession {
  token: string;
  userType: UserTypeValue;
  proID: number | null;
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'logout' }
  /** Adopt a query token (then read user info) and/or register role routes, then retry the navigation. */
  | { kind: 'enter'; adopt: AdoptedSession | null; register: boolean };

export const LOGIN_PATH = '/Login';
export { REGISTER_EXPERT_PATH };
/** Fixed routes anyone may open without a session. */
export const PUBLIC_PATHS: readonly string[] = [LOGIN_PATH, REGISTER_EXPERT_PATH];

/**
 * The route guard of spec §2 as a pure decision, so it can be tested without a router:
 * - /Login and the public expert registration are always allowed;
 * - no session token and no `token` query value → log out and go to /Login;
 * - a `token` query value becomes the session token; userType 1 when `proid` is present (project id =
 *   Number(proid)), else 0;
 * - if the role routes are not registered yet, register them and retry.
 */
export function decideGuard(input: GuardInput): GuardDecision {
  if (PUBLIC_PATHS.includes(input.pathname)) return { kind: 'allow' };
  const q = new URLSearchParams(input.search);
  const queryToken = q.get('token');
  if (!input.token && !queryToken) return { kind: 'logout' };
  let adopt: AdoptedSession | null = null;
  if (queryToken) {
    const proid = q.get('proid');
    const hasProid = proid !== null && proid !== '';
    const proID = hasProid ? Number(proid) : null;
    adopt = { token: queryToken, userType: hasProid ? 1 : 0, proID: proID !== null && Number.isFinite(proID) ? proID : null };
  }
  const register = !input.rolesRegistered;
  if (!adopt && !register) return { kind: 'allow' };
  return { kind: 'enter', adopt, register };
}

/**
 * The userType kept after user info arrives for an adopted query token. The guard's rule (1 with proid,
 * else 0) is narrowed by the server's record so a site user or worker never gets centre routes.
 */
export function effectiveUserType(fromGuard: UserTypeValue, fromServer: UserTypeValue | undefined): UserTypeValue {
  if (fromServer === undefined) return fromGuard;
  return Math.max(fromGuard, fromServer) as UserTypeValue;
}

/** The URL to retry after adoption: token and proid are removed so they do not linger in history. */
export function retryTarget(pathname: string, search: string, home: string): string {
  const q = new URLSearchParams(search);
  q.delete('token');
  q.delete('proid');
  const rest = q.toString();
  const path = pathname === '/' || pathname === '' ? home : pathname;
  return rest ? `${path}?${rest}` : path;
}
