import type { UserTypeValue } from './store';

/**
 * What the session needs from the router. The router registers itself here at start (as the HTTP client's
 * session-invalid handler is registered), so the session and the features below the shell never import it.
 */
export interface SessionNavigator {
  /** Goes to a path inside the console. */
  navigate(path: string): void;
  /** Adds the routes of a role after login and returns the role's home path. */
  openRole(userType: UserTypeValue | null): string;
  /** Leaves for /Login with only the fixed routes left (spec §4). */
  resetToLogin(): void;
  /** Path of the site area's home page. */
  siteHome(): string;
}

/** Before the router exists (start-up, unit tests) navigation does nothing. */
const inert: SessionNavigator = {
  navigate: () => undefined,
  openRole: () => '/',
  resetToLogin: () => undefined,
  siteHome: () => '/',
};

let current: SessionNavigator = inert;

export function setSessionNavigator(n: SessionNavigator | null) {
  current = n ?? inert;
}

export const sessionNavigator = (): SessionNavigator => current;

/** Navigation for features (e.g. a notice opening its page) without importing the router. */
export function navigateTo(path: string) {
  current.navigate(path);
}
