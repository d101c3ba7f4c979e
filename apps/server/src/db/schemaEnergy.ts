import type { ColumnType, Generated } from 'kysely';

/** Kysely table types of migration 0006_energy; they mirror it exactly. */
export interface MeterNodesTable {
  id: Generated<number>;
  project_id: number;
  energy_type: string;
  parent_id: number | null;
  node_type: string;
  name: string;
  name_en: Generated<string>;
  point_id: number | null;
  power_point_id: number | null;
  sort: Generated<number>;
  layout_x: number | null;
  layout_y: number | null;
  created_at: Generated<Date>;
}

export interface EnergyLoopsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  name_en: Generated<string>;
  node_ids: ColumnType<number[], number[] | undefined, number[]>;
  created_at: Generated<Date>;
}

export interface EnergyDB {
  meter_nodes: MeterNodesTable;
  energy_loops: EnergyLoopsTable;
}
