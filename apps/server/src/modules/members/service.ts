import crypto from 'node:crypto';
import {
  ErrorCode,
  normalisePermissions,
  permissionNames,
  ROLE_PERMISSIONS,
  UserType,
  type Member,
  type MemberStatus,
  type Permission,
} from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import type { AuthUser } from '../../types.js';
import { requirePermission, type AccessService } from '../access/service.js';
import type { LoginLimits } from '../user/loginLimits.js';
import type { UserService } from '../user/service.js';
import type { AuditService } from '../audit/service.js';
import { assertWithinCeiling, beyondCeiling, type Reach, type Standing } from './ceiling.js';
import { membersRepository as repo, type ManagedSet, type MemberRow, type MemberWrite } from './repository.js';
import { recheckOpenSelections } from '../control/recheck.js';

export interface MemberInput {
  name: string;
  name_en: string;
  user_type: 0 | 1 | 2;
  org_id: number;
  project_ids: number[];
  permissions: Permission[];
  phone: string;
  email: string;
}

export interface MemberListFilter {
  role?: number | undefined;
  project_id?: number | undefined;
  status?: MemberStatus | undefined;
  keyword?: string | undefined;
  page: number;
  size: number;
}

// No 0/O, 1/l/I: the password is read off a screen and typed once.
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';

/** A 12-character first-login password with lower- and upper-case letters and digits (meets the policy). */
export function generatePassword(): string {
  const all = LOWER + UPPER + DIGITS;
  const pick = (set: string) => set[crypto.randomInt(set.length)]!;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), ...Array.from({ length: 9 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

const refuse = (field: string, zh: string, en: string) => new AppError(ErrorCode.Forbidden, { zh, en }, field);
const invalid = (field: string, zh: string, en: string) => new AppError(ErrorCode.Validation, { zh, en }, field);

/** The manager's side of every member operation: whom it sees (`set`) and what it commands (`reach`). */
interface Manager {
  set: ManagedSet;
  reach: Reach;
}

/**
 * Member management. Who is seen: a centre user sees the users of its organisation subtree; a site user with
 * manageUsers the site users and workers of its own organisation whose projects are all its own. Who is managed:
 * of those, the members within the manager's privilege ceiling (ceiling.ts: permissions and scope a subset of the
 * manager's own; the built-in administrator only by itself); the others are listed with `manageable: false` and
 * every operation on them is refused. Nobody grants more than they hold, nobody changes their own role,
 * permissions or organisation, disables themselves or resets their own password here (the account's password
 * route, which asks for the current one, does). The route needs manageUsers (route table); the service checks it
 * again before anything.
 */
export function createMembersService(db: Db, access: AccessService, users: UserService, limits: LoginLimits, audit: AuditService) {
  /** The usage log's view of a member: what an edit can change (not the login-limit state). */
  const audited = (m: Member) => ({
    username: m.username,
    name: m.name,
    name_en: m.name_en,
    user_type: m.user_type,
    org_id: m.org_id,
    project_ids: m.project_ids,
    permissions: m.permissions,
    phone: m.phone,
    email: m.email,
    enabled: m.enabled,
    version: m.version,
  });
  const target = (id: number) => ({ type: 'member', id });

  async function managerOf(manager: AuthUser): Promise<Manager> {
    requirePermission(manager, 'manageUsers');
    const s = await access.scope(manager);
    const own = { id: manager.id, userType: manager.userType, permissions: manager.permissions, builtinAdminId: await repo.builtinAdminId(db) };
    if (manager.userType === UserType.Centre) {
      // Its reach holds every project of its subtree, disabled ones too: they are still its own.
      const projectIds = await repo.projectIdsInOrgs(db, await access.adminOrgIds(manager));
      return { set: { orgIds: s.orgIds, projectIds: null }, reach: { ...own, orgIds: s.orgIds, projectIds } };
    }
    const orgIds = [manager.orgId];
    return { set: { orgIds, projectIds: s.projectIds }, reach: { ...own, orgIds, projectIds: s.projectIds } };
  }

  const standing = (r: Pick<MemberRow, 'id' | 'user_type' | 'org_id' | 'permissions'>, projectIds: number[]): Standing => ({
    id: r.id,
    userType: r.user_type,
    orgId: r.org_id,
    permissions: normalisePermissions(r.permissions),
    projectIds,
  });

  async function toMembers(reach: Reach, rows: MemberRow[]): Promise<Member[]> {
    const projects = await repo.projectIdsOf(db, rows.map((r) => r.id));
    const locked = await limits.locked(rows.map((r) => r.username));
    return rows.map((r) => ({
      id: r.id,
      username: r.username,
      name: r.name,
      name_en: r.name_en,
      user_type: r.user_type as 0 | 1 | 2,
      org_id: r.org_id,
      org_name: r.org_name,
      org_name_en: r.org_name_en,
      project_ids: projects.get(r.id) ?? [],
      permissions: normalisePermissions(r.permissions),
      phone: r.phone,
      email: r.email,
      enabled: r.enabled,
      locked: locked.has(r.username),
      must_change_password: r.must_change_password,
      version: r.version,
      created_at: r.created_at.toISOString(),
      manageable: beyondCeiling(reach, standing(r, projects.get(r.id) ?? [])) === null,
    }));
  }

  async function load(m: Manager, id: number): Promise<MemberRow> {
    const row = await repo.get(db, m.set, id);
    // Someone outside what the manager sees looks exactly like someone who does not exist to it.
    if (!row) throw forbidden();
    return row;
  }

  /** The member an operation acts on: seen by the manager AND within its ceiling (10004 naming why, if not). */
  async function loadManageable(m: Manager, id: number): Promise<MemberRow> {
    const row = await load(m, id);
    assertWithinCeiling(m.reach, standing(row, (await repo.projectIdsOf(db, [id])).get(id) ?? []));
    return row;
  }

  async function answer(m: Manager, id: number): Promise<Member> {
    return (await toMembers(m.reach, [await load(m, id)]))[0]!;
  }

  /**
   * The rules every create and edit passes; answers the row to write and the projects to assign. `id`: the
   * member edited (0 for a new one), whose new state must be within the manager's ceiling as well.
   */
  async function checked(manager: AuthUser, { set, reach }: Manager, id: number, m: MemberInput): Promise<{ write: MemberWrite; projects: number[] }> {
    if (manager.userType !== UserType.Centre && m.user_type === UserType.Centre) {
      throw refuse('user_type', '只有中心用户可以设置中心用户', 'Only centre users may make centre users');
    }
    const permissions = normalisePermissions(m.permissions);
    const beyondRole = permissions.filter((p) => !ROLE_PERMISSIONS[m.user_type].includes(p));
    if (beyondRole.length) {
      const p = permissionNames[beyondRole[0]!];
      throw invalid('permissions', `该角色不能拥有「${p.zh}」权限`, `This role cannot hold the "${p.en}" permission`);
    }
    const beyondOwn = permissions.filter((p) => !manager.permissions.includes(p));
    if (beyondOwn.length) {
      const p = permissionNames[beyondOwn[0]!];
      throw refuse('permissions', `不能授予自己没有的「${p.zh}」权限`, `You cannot grant the "${p.en}" permission, which you do not hold`);
    }
    if (!set.orgIds.includes(m.org_id)) {
      throw refuse('org_id', '不能把成员放到您管理范围以外的组织', 'That organisation is outside what you manage');
    }
    let projects: number[] = [];
    if (m.user_type !== UserType.Centre) {
      projects = [...new Set(m.project_ids)].sort((a, b) => a - b);
      if (projects.length === 0) throw invalid('project_ids', '站点用户和运维人员至少需要一个站点', 'Site users and workers need at least one site');
      const allowed = new Set(await access.projectsUnderOrg(manager, m.org_id));
      if (projects.some((id) => !allowed.has(id))) {
        throw refuse('project_ids', '只能分配该组织下、您可访问的站点', 'Only sites of that organisation that you can access may be assigned');
      }
    }
    // The field checks above name the field; this is the same ceiling every operation passes, on the new state.
    assertWithinCeiling(reach, { id, userType: m.user_type, orgId: m.org_id, permissions, projectIds: projects });
    return {
      write: {
        name: m.name,
        name_en: m.name_en,
        user_type: m.user_type,
        org_id: m.org_id,
        permissions,
        phone: m.phone,
        email: m.email,
      },
      projects,
    };
  }

  return {
    async list(manager: AuthUser, f: MemberListFilter) {
      const m = await managerOf(manager);
      const { set } = m;
      let usernames: string[] | undefined;
      if (f.status === 'locked') {
        // Few users are ever locked: find them among the managed users first, then page over them.
        const all = await repo.list(db, set, { role: f.role, projectId: f.project_id, keyword: f.keyword }, 1, 100_000);
        usernames = [...(await limits.locked(all.rows.map((r) => r.username)))];
      }
      const enabled = f.status === 'active' ? true : f.status === 'disabled' ? false : undefined;
      const r = await repo.list(db, set, { role: f.role, projectId: f.project_id, keyword: f.keyword, enabled, usernames }, f.page, f.size);
      return { total: r.total, list: await toMembers(m.reach, r.rows) };
    },

    async create(manager: AuthUser, body: MemberInput & { username: string; password?: string | undefined }) {
      const m = await managerOf(manager);
      const { write, projects } = await checked(manager, m, 0, body);
      if (await repo.usernameTaken(db, body.username)) {
        throw new AppError(ErrorCode.Conflict, { zh: '用户名已被使用', en: 'This username is taken' }, 'username');
      }
      if (body.password !== undefined && body.password.toLowerCase() === body.username.toLowerCase()) {
        throw invalid('password', '密码不能与用户名相同', 'The password cannot be the username');
      }
      const password = body.password ?? generatePassword();
      const passwordHash = await hashPassword(password);
      const id = await db.transaction().execute(async (trx) => {
        const newId = await repo.insert(trx, { ...write, username: body.username, password_hash: passwordHash });
        await repo.setProjects(trx, newId, projects);
        await audit.recordChange(trx, {
          action: 'member.create',
          target: target(newId),
          before: null,
          after: { username: body.username, ...write, project_ids: projects, enabled: true, version: 1 },
        });
        return newId;
      });
      return { member: await answer(m, id), password };
    },

    async update(manager: AuthUser, id: number, body: MemberInput & { version: number }) {
      const m = await managerOf(manager);
      const current = await loadManageable(m, id);
      const { write, projects } = await checked(manager, m, id, body);
      if (id === manager.id) {
        const same = normalisePermissions(current.permissions).join() === write.permissions.join();
        if (!same || current.user_type !== write.user_type || current.org_id !== write.org_id) {
          throw refuse('permissions', '不能修改自己的角色、组织或权限', 'You cannot change your own role, organisation or permissions');
        }
      }
      const before = audited((await toMembers(m.reach, [current]))[0]!);
      await db.transaction().execute(async (trx) => {
        if (!(await repo.update(trx, id, body.version, write))) {
          throw new AppError(ErrorCode.Conflict, { zh: '该成员已被他人修改，请刷新后再保存', en: 'Someone else changed this member meanwhile; reload and save again' }, 'version');
        }
        await repo.setProjects(trx, id, projects);
        const after = { ...before, ...write, project_ids: projects, version: body.version + 1 };
        await audit.recordChange(trx, { action: 'member.update', target: target(id), before, after });
        // Control permission or sites taken away: their open remote-control selections end now, logged why.
        await recheckOpenSelections(trx, { userId: id });
      });
      return answer(m, id);
    },

    async resetPassword(manager: AuthUser, id: number, password: string | undefined) {
      const m = await managerOf(manager);
      if (id === manager.id) {
        // A stolen session must not be enough to take the account: one's own password changes only with the
        // current one (POST /api/v6/account/password).
        throw refuse('id', '不能在成员管理中重置自己的密码，请在个人资料中输入当前密码后修改', 'You cannot reset your own password here; change it in your account with your current password');
      }
      const row = await loadManageable(m, id);
      if (password !== undefined && password.toLowerCase() === row.username.toLowerCase()) {
        throw invalid('password', '密码不能与用户名相同', 'The password cannot be the username');
      }
      const plain = password ?? generatePassword();
      await db.transaction().execute(async (trx) => {
        await repo.setPassword(trx, id, await hashPassword(plain));
        // Never the password itself: only that it was reset.
        await audit.recordChange(trx, { action: 'member.resetPassword', target: target(id), before: { username: row.username }, after: { username: row.username, reset: true } });
      });
      // The old password is gone: so are the sessions opened with it, and the login limit it built up.
      await users.endAllSessions(id);
      await limits.unlock(row.username);
      return { member: await answer(m, id), password: plain };
    },

    async setStatus(manager: AuthUser, id: number, enabled: boolean) {
      const m = await managerOf(manager);
      const row = await loadManageable(m, id);
      if (id === manager.id && !enabled) throw refuse('id', '不能停用自己的账号', 'You cannot disable your own account');
      await db.transaction().execute(async (trx) => {
        await repo.setEnabled(trx, id, enabled);
        await audit.recordChange(trx, { action: 'member.setStatus', target: target(id), before: { username: row.username, enabled: row.enabled }, after: { username: row.username, enabled } });
        if (!enabled) await recheckOpenSelections(trx, { userId: id });
      });
      // Every session ends now (10001 on the next request) and its MQTT clients are disconnected.
      if (!enabled) await users.endAllSessions(id);
      return answer(m, id);
    },

    async unlock(manager: AuthUser, id: number) {
      const m = await managerOf(manager);
      const row = await loadManageable(m, id);
      await limits.unlock(row.username);
      return answer(m, id);
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
