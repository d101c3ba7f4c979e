import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

const orgColumns = ['id', 'parent_id', 'name', 'name_en', 'tier', 'enabled', 'version'] as const;

/** Organisation-tree writes (docs/onboarding-orgs.md). Structural changes run under one advisory lock. */
export const orgAdminRepository = {
  /** Serialises structural changes of the tree (create, move, delete) across instances: no two moves make a cycle. */
  lockTree: async (db: Db): Promise<void> => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('gridops.org_tree'))`.execute(db);
  },

  /** The organisations with these ids, with how many projects and users each holds directly. */
  orgsWithCounts: async (db: Db, ids: number[]) =>
    ids.length === 0
      ? []
      : db
          .selectFrom('organizations as o')
          .select(orgColumns.map((c) => `o.${c}` as const))
          .select((eb) => [
            eb.selectFrom('projects as p').whereRef('p.org_id', '=', 'o.id').select(eb.fn.countAll<string>().as('n')).as('project_count'),
            eb.selectFrom('users as u').whereRef('u.org_id', '=', 'o.id').select(eb.fn.countAll<string>().as('n')).as('user_count'),
          ])
          .where('o.id', 'in', ids)
          .orderBy('o.tier')
          .orderBy('o.id')
          .execute(),

  org: (db: Db, id: number, forUpdate = false) => {
    const q = db.selectFrom('organizations').select(orgColumns).where('id', '=', id);
    return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
  },

  /** The organisation and everything below it (disabled ones too), read inside the tree lock. */
  subtreeIds: async (db: Db, id: number): Promise<number[]> =>
    (
      await sql<{ id: number }>`
      WITH RECURSIVE sub AS (
        SELECT id FROM organizations WHERE id = ${id}
        UNION ALL
        SELECT o.id FROM organizations o JOIN sub ON o.parent_id = sub.id
      ) SELECT id FROM sub`.execute(db)
    ).rows.map((r) => r.id),

  childTiers: async (db: Db, id: number): Promise<number[]> =>
    (await db.selectFrom('organizations').select('tier').where('parent_id', '=', id).execute()).map((r) => r.tier),

  insertOrg: (db: Db, v: { parent_id: number; name: string; name_en: string; tier: number }) =>
    db.insertInto('organizations').values(v).returning('id').executeTakeFirstOrThrow(),

  /** Optimistic update: only when nobody changed the row since `version`; undefined otherwise. */
  updateOrg: (db: Db, id: number, version: number, v: { name?: string; name_en?: string; tier?: number; enabled?: boolean; parent_id?: number }) =>
    db
      .updateTable('organizations')
      .set({ ...v, version: sql`version + 1`, updated_at: sql`now()` })
      .where('id', '=', id)
      .where('version', '=', version)
      .returning('id')
      .executeTakeFirst(),

  deleteOrg: (db: Db, id: number, version: number) =>
    db.deleteFrom('organizations').where('id', '=', id).where('version', '=', version).returning('id').executeTakeFirst(),

  /** What still hangs on an organisation: child organisations, projects and users (names, at most `limit` each). */
  dependents: async (db: Db, id: number, limit: number) => {
    const [children, projects, users] = await Promise.all([
      db.selectFrom('organizations').select(['name', 'name_en']).where('parent_id', '=', id).orderBy('id').execute(),
      db.selectFrom('projects').select(['name', 'name_en']).where('org_id', '=', id).orderBy('id').execute(),
      db.selectFrom('users').select(['username', 'name']).where('org_id', '=', id).orderBy('id').execute(),
    ]);
    return { children: children.slice(0, limit), projects: projects.slice(0, limit), users: users.slice(0, limit), totals: { children: children.length, projects: projects.length, users: users.length } };
  },
};

export type AdminOrgRow = Awaited<ReturnType<typeof orgAdminRepository.orgsWithCounts>>[number];
