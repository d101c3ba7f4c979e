import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * SQL of the integrated-energy sets: use categories (`ie_categories`) and meter assignments
 * (`ie_meter_categories`). The rules (scope, double counting, defaults) live in ieService.ts.
 */
export interface IeCategoryRow {
  id: number;
  project_id: number;
  energy_type: string;
  key: string;
  name: string;
  name_en: string;
  sort: number;
  builtin: boolean;
  version: number;
  meter_count: number;
}

export interface IeAssignmentRow {
  node_id: number;
  category_id: number;
}

const categoryColumns = ['c.id', 'c.project_id', 'c.energy_type', 'c.key', 'c.name', 'c.name_en', 'c.sort', 'c.builtin', 'c.version'] as const;

export const ieRepository = {
  /** Creates the given built-in categories where their key is missing (idempotent, safe across instances). */
  ensureCategories: async (db: Db, projectId: number, energyType: string, defaults: readonly { key: string; name: string; name_en: string }[]) => {
    if (defaults.length === 0) return;
    await db
      .insertInto('ie_categories')
      .values(defaults.map((d, i) => ({ project_id: projectId, energy_type: energyType, key: d.key, name: d.name, name_en: d.name_en, sort: (i + 1) * 10, builtin: true })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  },

  /** Whether the project ever had categories of this type (a site that deleted every built-in keeps none). */
  hasAny: async (db: Db, projectId: number, energyType: string) =>
    (await db.selectFrom('ie_categories').select('id').where('project_id', '=', projectId).where('energy_type', '=', energyType).limit(1).executeTakeFirst()) !== undefined,

  categories: async (db: Db, projectIds: number[], energyType?: string): Promise<IeCategoryRow[]> => {
    if (projectIds.length === 0) return [];
    let q = db
      .selectFrom('ie_categories as c')
      .select([...categoryColumns, sql<number>`(SELECT count(*)::int FROM ie_meter_categories m WHERE m.category_id = c.id)`.as('meter_count')])
      .where('c.project_id', 'in', projectIds);
    if (energyType) q = q.where('c.energy_type', '=', energyType);
    return q.orderBy('c.project_id').orderBy('c.sort').orderBy('c.id').execute();
  },

  category: async (db: Db, id: number): Promise<IeCategoryRow | undefined> =>
    db
      .selectFrom('ie_categories as c')
      .select([...categoryColumns, sql<number>`(SELECT count(*)::int FROM ie_meter_categories m WHERE m.category_id = c.id)`.as('meter_count')])
      .where('c.id', '=', id)
      .executeTakeFirst(),

  insertCategory: async (db: Db, v: { project_id: number; energy_type: string; name: string; name_en: string; sort: number }) =>
    db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('ie_categories')
        .values({ ...v, key: `new-${Date.now()}-${Math.random()}`, builtin: false })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('ie_categories').set({ key: `c${row.id}` }).where('id', '=', row.id).execute();
      return row.id;
    }),

  /** Updates when the version still matches; resolves the number of rows changed (0: someone else saved first). */
  updateCategory: async (db: Db, id: number, version: number, v: { name: string; name_en: string; sort: number }) =>
    Number(
      (
        await db
          .updateTable('ie_categories')
          .set({ ...v, version: sql`version + 1` })
          .where('id', '=', id)
          .where('version', '=', version)
          .executeTakeFirst()
      ).numUpdatedRows,
    ),

  deleteCategory: async (db: Db, id: number, version: number) =>
    Number((await db.deleteFrom('ie_categories').where('id', '=', id).where('version', '=', version).executeTakeFirst()).numDeletedRows),

  /** Names of the meters assigned to a category (for the refusal message), at most `limit`. */
  metersOfCategory: async (db: Db, categoryId: number, limit: number) =>
    db
      .selectFrom('ie_meter_categories as m')
      .innerJoin('meter_nodes as n', 'n.id', 'm.node_id')
      .select(['n.name', 'n.name_en'])
      .where('m.category_id', '=', categoryId)
      .orderBy('n.name')
      .limit(limit)
      .execute(),

  assignments: async (db: Db, nodeIds: number[]): Promise<IeAssignmentRow[]> =>
    nodeIds.length === 0 ? [] : db.selectFrom('ie_meter_categories').select(['node_id', 'category_id']).where('node_id', 'in', nodeIds).execute(),

  /** Replaces the assignments of the given nodes (one tree); the caller runs it inside its transaction. */
  replaceAssignments: async (trx: Db, nodeIds: number[], rows: IeAssignmentRow[]) => {
    if (nodeIds.length > 0) await trx.deleteFrom('ie_meter_categories').where('node_id', 'in', nodeIds).execute();
    if (rows.length > 0) await trx.insertInto('ie_meter_categories').values(rows).execute();
  },
};
export type IeRepository = typeof ieRepository;
