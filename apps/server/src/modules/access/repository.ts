import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export const accessRepository = {
  /**
   * The organisation and all organisations below it. With `enabledOnly`, a disabled organisation and
   * everything under it are left out (what the user sees); without, all of them (what an administrator manages).
   */
  orgSubtreeIds: async (db: Db, orgId: number, enabledOnly = false): Promise<number[]> => {
    const r = enabledOnly
      ? await sql<{ id: number }>`
      WITH RECURSIVE sub AS (
        SELECT id FROM organizations WHERE id = ${orgId} AND enabled
        UNION ALL
        SELECT o.id FROM organizations o JOIN sub ON o.parent_id = sub.id WHERE o.enabled
      ) SELECT id FROM sub`.execute(db)
      : await sql<{ id: number }>`
      WITH RECURSIVE sub AS (
        SELECT id FROM organizations WHERE id = ${orgId}
        UNION ALL
        SELECT o.id FROM organizations o JOIN sub ON o.parent_id = sub.id
      ) SELECT id FROM sub`.execute(db);
    return r.rows.map((x) => x.id);
  },

  /**
   * The organisations a site user or worker sees: those above (and including) its own organisation and above
   * the organisation of each project assigned to it, so a user whose sites sit lower in the tree than its own
   * organisation still finds them in its tree.
   */
  userOrgPathIds: async (db: Db, userId: number, orgId: number): Promise<number[]> => {
    const r = await sql<{ id: number }>`
      WITH RECURSIVE up AS (
        SELECT id, parent_id FROM organizations
        WHERE id = ${orgId}
           OR id IN (SELECT p.org_id FROM user_projects x JOIN projects p ON p.id = x.project_id
                     WHERE x.user_id = ${userId} AND p.enabled)
        UNION
        SELECT o.id, o.parent_id FROM organizations o JOIN up ON o.id = up.parent_id
      ) SELECT DISTINCT id FROM up ORDER BY id`.execute(db);
    return r.rows.map((x) => x.id);
  },

  projectIdsInOrgs: async (db: Db, orgIds: number[]): Promise<number[]> =>
    orgIds.length === 0
      ? []
      : (
          await db
            .selectFrom('projects')
            .select('id')
            .where('org_id', 'in', orgIds)
            .where('enabled', '=', true)
            .orderBy('id')
            .execute()
        ).map((r) => r.id),

  /** The user's assigned projects, except those under a disabled organisation (at any level above). */
  assignedProjectIds: async (db: Db, userId: number): Promise<number[]> =>
    (
      await sql<{ id: number }>`
      WITH RECURSIVE off AS (
        SELECT id FROM organizations WHERE NOT enabled
        UNION
        SELECT o.id FROM organizations o JOIN off ON o.parent_id = off.id
      )
      SELECT p.id FROM user_projects up JOIN projects p ON p.id = up.project_id
      WHERE up.user_id = ${userId} AND p.enabled AND p.org_id NOT IN (SELECT id FROM off)
      ORDER BY p.id`.execute(db)
    ).rows.map((r) => r.id),
};
