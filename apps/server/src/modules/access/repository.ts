import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export const accessRepository = {
  /** The organisation and all organisations below it. */
  orgSubtreeIds: async (db: Db, orgId: number): Promise<number[]> => {
    const r = await sql<{ id: number }>`
      WITH RECURSIVE sub AS (
        SELECT id FROM organizations WHERE id = ${orgId}
        UNION ALL
        SELECT o.id FROM organizations o JOIN sub ON o.parent_id = sub.id
      ) SELECT id FROM sub`.execute(db);
    return r.rows.map((x) => x.id);
  },

  /** The organisation and every organisation above it. */
  orgAncestorIds: async (db: Db, orgId: number): Promise<number[]> => {
    const r = await sql<{ id: number }>`
      WITH RECURSIVE up AS (
        SELECT id, parent_id FROM organizations WHERE id = ${orgId}
        UNION ALL
        SELECT o.id, o.parent_id FROM organizations o JOIN up ON o.id = up.parent_id
      ) SELECT id FROM up`.execute(db);
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

  assignedProjectIds: async (db: Db, userId: number): Promise<number[]> =>
    (
      await db
        .selectFrom('user_projects as up')
        .innerJoin('projects as p', 'p.id', 'up.project_id')
        .select('p.id')
        .where('up.user_id', '=', userId)
        .where('p.enabled', '=', true)
        .orderBy('p.id')
        .execute()
    ).map((r) => r.id),
};
