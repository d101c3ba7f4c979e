import { forbidden } from '../lib/errors.js';
import type { AccessService } from '../modules/access/service.js';
import type { AuthUser } from '../types.js';

/**
 * An access service over a fixed scope, for unit tests of services with injected repositories: the user sees
 * `projectIds` and may configure them when `canControl`; organisations are not modelled (projectsUnderOrg
 * answers the whole scope for `orgId`, refuses any other).
 */
export function fakeAccess(projectIds: number[], orgId = 1): AccessService {
  const scope = () => Promise.resolve({ orgIds: [orgId], projectIds });
  return {
    scope,
    assertProject: async (_user: AuthUser, projectId: number) => {
      if (!projectIds.includes(projectId)) throw forbidden();
      return scope();
    },
    assertCanConfigure: async (user: AuthUser, projectId: number) => {
      if (!projectIds.includes(projectId) || !user.canControl) throw forbidden();
      return scope();
    },
    projectsUnderOrg: async (_user: AuthUser, id: number) => {
      if (id !== orgId) throw forbidden();
      return projectIds;
    },
  };
}

export const testUser = (canControl = true): AuthUser => ({
  id: 1,
  orgId: 1,
  userType: 1,
  username: 'site',
  name: 'site',
  canControl,
  sessionId: 1,
});

/** A repository whose every method fails the test when called: proves a refusal came before any read. */
export function untouchable<T extends object>(): T {
  return new Proxy({} as T, {
    get: (_t, name) => () => {
      throw new Error(`repository.${String(name)} called`);
    },
  });
}
