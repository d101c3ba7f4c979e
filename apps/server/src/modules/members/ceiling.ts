import { ErrorCode, UserType, type Permission } from '@gridops/contract';
import { AppError } from '../../lib/errors.js';

/**
 * THE member privilege ceiling (docs/permissions.md, "Who manages whom"; docs/security.md): a manager acts only on
 * members whose power is within its own. Every member operation (edit, reset password, disable, enable, unlock)
 * passes here, and the member list answers `manageable` from the same function.
 */

/** What a manager commands. */
export interface Reach {
  id: number;
  userType: 0 | 1 | 2;
  permissions: readonly Permission[];
  /** The organisations whose members it may hold: a centre user's subtree; a site user's own organisation. */
  orgIds: readonly number[];
  /** The projects within its reach: all projects of a centre user's subtree; a site user's own projects. */
  projectIds: readonly number[];
  /** The built-in administrator (the installation's first account), changed only by itself. */
  builtinAdminId: number | null;
}

/** A member's power: role, organisation, permissions and projects. */
export interface Standing {
  id: number;
  userType: number;
  orgId: number;
  permissions: readonly Permission[];
  /** Site users and workers: their projects. Centre users: ignored (their scope is their organisation subtree). */
  projectIds: readonly number[];
}

export type Outside = 'builtinAdmin' | 'permissions' | 'scope';

/**
 * Why `target` is beyond `caller`'s ceiling, or null when it is within: its permissions are a subset of the
 * caller's, its organisation is within what the caller commands, a centre target only under a centre caller
 * (a centre target's scope is its organisation's subtree, within the caller's exactly when its organisation is),
 * and a site user's or worker's projects all within the caller's. An equal is within (a subset, not a strict
 * one). The caller itself is within: what it may not do to itself (role, permissions, disabling, resetting its
 * password) the operations refuse on their own.
 */
export function beyondCeiling(caller: Reach, target: Standing): Outside | null {
  if (target.id === caller.id) return null;
  if (target.id === caller.builtinAdminId) return 'builtinAdmin';
  if (target.permissions.some((p) => !caller.permissions.includes(p))) return 'permissions';
  if (!caller.orgIds.includes(target.orgId)) return 'scope';
  if (target.userType === UserType.Centre) return caller.userType === UserType.Centre ? null : 'scope';
  return target.projectIds.every((p) => caller.projectIds.includes(p)) ? null : 'scope';
}

const refusals: Record<Outside, { zh: string; en: string }> = {
  builtinAdmin: { zh: '内置管理员账号只能由其本人修改', en: 'The built-in administrator can be changed only by itself' },
  permissions: { zh: '该成员拥有您没有的权限，您不能管理该成员', en: 'This member holds permissions you do not hold; you cannot manage it' },
  scope: { zh: '该成员的组织或站点范围超出您的范围，您不能管理该成员', en: "This member's organisation or sites reach beyond yours; you cannot manage it" },
};

/** 10004 naming why, unless `target` is within `caller`'s ceiling. */
export function assertWithinCeiling(caller: Reach, target: Standing): void {
  const outside = beyondCeiling(caller, target);
  if (outside) throw new AppError(ErrorCode.Forbidden, refusals[outside], 'id');
}
