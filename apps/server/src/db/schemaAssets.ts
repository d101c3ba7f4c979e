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

/** Kysely table type of migration 0045_ess_strategy_sync; it mirrors it exactly. */
export interface EssStrategySyncTable {
  device_id: number;
  seq: Generated<number>;
  sent_seq: Generated<number>;
  acked_seq: Generated<number>;
  state: Generated<string>;
  error: string | null;
  attempts: Generated<number>;
  next_at: Generated<Date>;
  command_id: string | null;
  updated_at: Generated<Date>;
}

export interface AssetsDB {
  energy_assets: EnergyAssetsTable;
  ess_strategy_sync: EssStrategySyncTable;
}
