import { z } from 'zod';
import { UserType } from './constants.js';

/**
 * The closed set of permissions a user holds (docs/permissions.md). The server checks the one a route declares
 * (`ApiRoute.permission`) for every request, before the route's service runs; project scope is checked by the
 * service on top of it.
 * - view: read the pages and data of the projects in scope (and handle events).
 * - configure: change a site's configuration (metering tree, loops, flow layout, tariff, single-line diagram…).
 * - control: remote control of breakers (select → execute; the operator's password is still asked).
 * - manageUsers: the member pages (invite, edit, reset password, disable, unlock).
 */
export const PERMISSIONS = ['view', 'configure', 'control', 'manageUsers'] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const permissionSchema = z.enum(PERMISSIONS);

/** What a route needs: a permission, or only a live session ('session': logout, user info). */
export type RouteAccess = Permission | 'session';

/** The most a role may hold; a worker never manages users. */
export const ROLE_PERMISSIONS: Record<UserType, readonly Permission[]> = {
  [UserType.Centre]: PERMISSIONS,
  [UserType.Site]: PERMISSIONS,
  [UserType.Worker]: ['view', 'configure', 'control'],
};

/** Names of the permissions in refusals and forms. */
export const permissionNames: Record<Permission, { zh: string; en: string }> = {
  view: { zh: '查看', en: 'view' },
  configure: { zh: '配置', en: 'configure' },
  control: { zh: '遥控', en: 'control' },
  manageUsers: { zh: '成员管理', en: 'manage users' },
};

/** Sorted in the set's order, without duplicates (what the server stores). */
export const normalisePermissions = (list: readonly string[]): Permission[] =>
  PERMISSIONS.filter((p) => list.includes(p));
