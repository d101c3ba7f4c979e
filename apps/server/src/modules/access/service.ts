import { ErrorCode, permissionNames, UserType, type Permission, type RouteAccess } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError, forbidden } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import { accessRepository as repo } from './repository.js';

/** What a user may see: centre users their organisation subtree, site users and workers their projects. */
export interface Scope {
  orgIds: number[];
  projectIds: number[];
}

/** The catalogue's "no permission" refusal (10004), naming the permission that is missing. */
export const missingPermission = (need: Permission) =>
  new AppError(ErrorCode.Forbidden, {
    zh: `无权限：需要「${permissionNames[need].zh}」权限`,
    en: `No permission: this needs the "${permissionNames[need].en}" permission`,
  });

/**
 * THE permission rule: a route's declared need (the contract's route table, `permission`, default 'view') against
 * what the session's user holds. The auth plugin calls it for every request after resolving the session, so no
 * route or service repeats it; services add the project scope on top.
 */
export function requirePermission(user: Pick<AuthUser, 'permissions'>, need: RouteAccess): void {
  if (need === 'session') return;
  if (!user.permissions.includes(need)) throw missingPermission(need);
}

/**
 * Every read and write is scoped here, on the server, from the session's user — never from what the client
 * sends. Services call `scope()` first and pass the ids to their repositories.
 */
/** What the scope depends on: the user's kind, organisation and id (a session's user, or one loaded again). */
export type ScopeUser = Pick<AuthUser, 'id' | 'orgId' | 'userType'>;

export function createAccessService(db: Db) {
  async function scope(user: ScopeUser): Promise<Scope> {
    if (user.userType === UserType.Centre) {
      const orgIds = await repo.orgSubtreeIds(db, user.orgId, true);
      return { orgIds, projectIds: await repo.projectIdsInOrgs(db, orgIds) };
    }
    return { orgIds: await repo.userOrgPathIds(db, user.id, user.orgId), projectIds: await repo.assignedProjectIds(db, user.id) };
  }

  return {
    scope,

    /** Throws 10004 unless the project is in the user's scope. */
    async assertProject(user: ScopeUser, projectId: number): Promise<Scope> {
      const s = await scope(user);
      if (!s.projectIds.includes(projectId)) throw forbidden();
      return s;
    },

    /**
     * Throws 10004 unless the project is in scope AND the user holds 'configure' (diagrams, metering trees,
     * loops, tariffs). The routes declare 'configure' too; this keeps services safe when called directly.
     */
    async assertCanConfigure(user: AuthUser, projectId: number): Promise<Scope> {
      requirePermission(user, 'configure');
      const s = await scope(user);
      if (!s.projectIds.includes(projectId)) throw forbidden();
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
