import { sql, type SqlBool, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

/** Which users a manager may see and change (the service derives it from the manager's scope). */
export interface ManagedSet {
  /** Users of these organisations. */
  orgIds: number[];
  /**
   * For managers that are not centre users: only site users and workers whose projects are all among these (and
   * who have at least one). null for centre managers.
   */
  projectIds: number[] | null;
}

export interface MemberFilter {
  role?: number | undefined;
  projectId?: number | undefined;
  enabled?: boolean | undefined;
  /** Only these usernames (the locked filter), when set. */
  usernames?: string[] | undefined;
  keyword?: string | undefined;
}

export interface MemberWrite {
  name: string;
  name_en: string;
  user_type: number;
  org_id: number;
  permissions: string[];
  phone: string;
  email: string;
}

const memberColumns = [
  'u.id',
  'u.username',
  'u.name',
  'u.name_en',
  'u.user_type',
  'u.org_id',
  'o.name as org_name',
  'o.name_en as org_name_en',
  'u.permissions',
  'u.phone',
  'u.email',
  'u.enabled',
  'u.must_change_password',
  'u.version',
  'u.created_at',
] as const;

function managed(set: ManagedSet) {
  return (eb: ExpressionBuilder<DB & { u: DB['users'] }, 'u'>) => {
    if (set.orgIds.length === 0) return eb.val(false);
    const inOrgs = eb('u.org_id', 'in', set.orgIds);
    if (set.projectIds === null) return inOrgs;
    const projects = set.projectIds.length ? set.projectIds : [0];
    return eb.and([
      inOrgs,
      eb('u.user_type', '<>', 0),
      eb.exists(eb.selectFrom('user_projects as mp').select('mp.user_id').whereRef('mp.user_id', '=', 'u.id')),
      eb.not(
        eb.exists(
          eb
            .selectFrom('user_projects as xp')
            .select('xp.user_id')
            .whereRef('xp.user_id', '=', 'u.id')
            .where('xp.project_id', 'not in', projects),
        ),
      ),
    ]);
  };
}

export const membersRepository = {
  list: async (db: Db, set: ManagedSet, f: MemberFilter, page: number, size: number) => {
    let q = db
      .selectFrom('users as u')
      .innerJoin('organizations as o', 'o.id', 'u.org_id')
      .where((eb) => managed(set)(eb));
    if (f.role !== undefined) q = q.where('u.user_type', '=', f.role);
    if (f.enabled !== undefined) q = q.where('u.enabled', '=', f.enabled);
    if (f.usernames !== undefined) q = q.where('u.username', 'in', f.usernames.length ? f.usernames : ['']);
    if (f.projectId !== undefined) {
      const pid = f.projectId;
      q = q.where((eb) =>
        eb.exists(eb.selectFrom('user_projects as fp').select('fp.user_id').whereRef('fp.user_id', '=', 'u.id').where('fp.project_id', '=', pid)),
      );
    }
    if (f.keyword) {
      const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where((eb) =>
        eb.or([eb('u.username', 'ilike', like), eb('u.name', 'ilike', like), eb('u.name_en', 'ilike', like), eb('u.phone', 'ilike', like), eb('u.email', 'ilike', like)]),
      );
    }
    const total = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const rows = await q
      .select(memberColumns)
      .orderBy('u.id')
      .limit(size)
      .offset((page - 1) * size)
      .execute();
    return { total: total.n, rows };
  },

  /** One user, when the manager may see them. */
  get: (db: Db, set: ManagedSet, id: number) =>
    db
      .selectFrom('users as u')
      .innerJoin('organizations as o', 'o.id', 'u.org_id')
      .select(memberColumns)
      .where('u.id', '=', id)
      .where((eb) => managed(set)(eb))
      .executeTakeFirst(),

  /** The projects of each of these users. */
  projectIdsOf: async (db: Db, userIds: number[]): Promise<Map<number, number[]>> => {
    const map = new Map<number, number[]>();
    if (userIds.length === 0) return map;
    const rows = await db.selectFrom('user_projects').select(['user_id', 'project_id']).where('user_id', 'in', userIds).orderBy('project_id').execute();
    for (const r of rows) map.set(r.user_id, [...(map.get(r.user_id) ?? []), r.project_id]);
    return map;
  },

  /**
   * The built-in administrator: the installation's first account (lowest id) — `centre` in the demo, the
   * `ADMIN_USERNAME` account of an empty install. Members are never deleted, so it stays the first.
   */
  builtinAdminId: async (db: Db): Promise<number | null> =>
    (await db.selectFrom('users').select('id').orderBy('id').limit(1).executeTakeFirst())?.id ?? null,

  /** Every project (enabled or not) of these organisations: what a centre manager's subtree holds. */
  projectIdsInOrgs: async (db: Db, orgIds: number[]): Promise<number[]> =>
    orgIds.length === 0 ? [] : (await db.selectFrom('projects').select('id').where('org_id', 'in', orgIds).execute()).map((r) => r.id),

  usernameTaken: async (db: Db, username: string) =>
    !!(await db.selectFrom('users').select('id').where(sql<SqlBool>`lower(username) = lower(${username})`).executeTakeFirst()),

  insert: async (db: Db, m: MemberWrite & { username: string; password_hash: string }) =>
    (
      await db
        .insertInto('users')
        .values({ ...m, can_control: m.permissions.includes('control'), must_change_password: true })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,

  /** Writes the fields when the version still matches; false when someone else saved first. */
  update: async (db: Db, id: number, version: number, m: MemberWrite) =>
    !!(await db
      .updateTable('users')
      .set({ ...m, can_control: m.permissions.includes('control'), version: sql`version + 1`, updated_at: sql`now()` })
      .where('id', '=', id)
      .where('version', '=', version)
      .returning('id')
      .executeTakeFirst()),

  setProjects: async (db: Db, userId: number, projectIds: number[]) => {
    await db.deleteFrom('user_projects').where('user_id', '=', userId).execute();
    if (projectIds.length) await db.insertInto('user_projects').values(projectIds.map((project_id) => ({ user_id: userId, project_id }))).execute();
  },

  setPassword: (db: Db, id: number, passwordHash: string) =>
    db
      .updateTable('users')
      .set({ password_hash: passwordHash, must_change_password: true, version: sql`version + 1`, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute(),

  setEnabled: (db: Db, id: number, enabled: boolean) =>
    db
      .updateTable('users')
      .set({ enabled, disabled_at: enabled ? null : sql`now()`, version: sql`version + 1`, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute(),
};

export type MemberRow = NonNullable<Awaited<ReturnType<typeof membersRepository.get>>>;
