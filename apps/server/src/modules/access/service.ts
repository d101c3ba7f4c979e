import { UserType } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { forbidden } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import { accessRepository as repo } from './repository.js';

/** What a user may see: centre users their organisation subtree, site users and workers their projects. */
export interface Scope {
  orgIds: number[];
  projectIds: number[];
}

/**
 * Every read and write is scoped here, on the server, from the session's user — never from what the client
 * sends. Services call `scope()` first and pass the ids to their repositories.
 */
export function createAccessService(db: Db) {
  async function scope(user: AuthUser): Promise<Scope> {
    if (user.userType === UserType.Centre) {
      const orgIds = await repo.orgSubtreeIds(db, user.orgId, true);
      return { orgIds, projectIds: await repo.projectIdsInOrgs(db, orgIds) };
    }
    return { orgIds: await repo.orgAncestorIds(db, user.orgId), projectIds: await repo.assignedProjectIds(db, user.id) };
  }

  return {
    scope,

    /** Throws 10004 unless the project is in the user's scope. */
    async assertProject(user: AuthUser, projectId: number): Promise<Scope> {
      const s = await scope(user);
      if (!s.projectIds.includes(projectId)) throw forbidden();
      return s;
    },

    /**
     * Throws 10004 unless the project is in scope AND the user may change its configuration (diagrams,
     * metering trees, loops, tariffs). The permission is the same one that allows remote control.
     */
    async assertCanConfigure(user: AuthUser, projectId: number): Promise<Scope> {
      const s = await scope(user);
      if (!s.projectIds.includes(projectId) || !user.canControl) throw forbidden();
      return s;
    },

    /**
     * The projects of one organisation subtree that the user may see. Centre users may name any organisation
     * in their subtree; site users and workers only organisations on the path to their own.
     */
    /**
     * The organisations a centre user administers: its whole subtree, disabled ones included (they can be
     * enabled again). Site users and workers administer no organisation: 10004.
     */
    async adminOrgIds(user: AuthUser): Promise<number[]> {
      if (user.userType !== UserType.Centre) throw forbidden();
      return repo.orgSubtreeIds(db, user.orgId);
    },

    async projectsUnderOrg(user: AuthUser, orgId: number): Promise<number[]> {
      const s = await scope(user);
      if (!s.orgIds.includes(orgId)) throw forbidden();
      const under = new Set(await repo.projectIdsInOrgs(db, await repo.orgSubtreeIds(db, orgId)));
      return s.projectIds.filter((id) => under.has(id));
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
