import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** SQL of the energy-efficiency sets: `energy_assets` and the site devices they bind. Rules are in service.ts. */
export interface AssetRow {
  id: number;
  project_id: number;
  kind: string;
  name: string;
  name_en: string;
  spec: Record<string, unknown>;
  version: number;
}

const columns = ['id', 'project_id', 'kind', 'name', 'name_en', 'spec', 'version'] as const;

export const energyAssetsRepository = {
  list: async (db: Db, projectIds: number[], kind: string): Promise<AssetRow[]> =>
    projectIds.length === 0
      ? []
      : db.selectFrom('energy_assets').select(columns).where('project_id', 'in', projectIds).where('kind', '=', kind).orderBy('project_id').orderBy('id').execute(),

  get: async (db: Db, id: number): Promise<AssetRow | undefined> => db.selectFrom('energy_assets').select(columns).where('id', '=', id).executeTakeFirst(),

  insert: async (db: Db, v: { project_id: number; kind: string; name: string; name_en: string; spec: Record<string, unknown> }) =>
    (
      await db
        .insertInto('energy_assets')
        .values({ ...v, spec: JSON.stringify(v.spec) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,

  /** Updates when the version still matches; the number of rows changed (0: someone saved first). */
  update: async (db: Db, id: number, version: number, v: { name: string; name_en: string; spec: Record<string, unknown> }) =>
    Number(
      (
        await db
          .updateTable('energy_assets')
          .set({ name: v.name, name_en: v.name_en, spec: JSON.stringify(v.spec), version: sql`version + 1` })
          .where('id', '=', id)
          .where('version', '=', version)
          .executeTakeFirst()
      ).numUpdatedRows,
    ),

  remove: async (db: Db, id: number, version: number) =>
    Number((await db.deleteFrom('energy_assets').where('id', '=', id).where('version', '=', version).executeTakeFirst()).numDeletedRows),

  /** The site's devices of the given kinds (what an asset may bind). */
  devices: async (db: Db, projectId: number, kinds: readonly string[]) =>
    kinds.length === 0
      ? []
      : db
          .selectFrom('devices as d')
          .select(['d.id', 'd.kind', 'd.name', 'd.name_en', 'd.sn'])
          .where('d.project_id', '=', projectId)
          .where('d.kind', 'in', [...kinds])
          .orderBy('d.id')
          .execute(),
};
export type EnergyAssetsRepository = typeof energyAssetsRepository;
