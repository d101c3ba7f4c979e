import type { ColumnType, Generated } from 'kysely';

/** Kysely table type of migration 0031_energy_assets; it mirrors it exactly. */
export interface EnergyAssetsTable {
  id: Generated<number>;
  project_id: number;
  kind: string;
  name: string;
  name_en: string;
  spec: ColumnType<Record<string, unknown>, string, string>;
  version: Generated<number>;
  created_at: Generated<Date>;
}

export interface AssetsDB {
  energy_assets: EnergyAssetsTable;
}
