import type { ColumnType, Generated } from 'kysely';

/** Kysely table types of migration 0041_smart_building; they mirror it exactly. */
export interface BuildingsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  name_en: string;
  area_m2: number;
  meter_device_id: number | null;
  floors: ColumnType<{ code: string; name: string; name_en: string; area_m2: number; sensor_device_id: number | null }[], string, string>;
  version: Generated<number>;
  created_at: Generated<Date>;
}

export interface BuildingEquipmentTable {
  id: Generated<number>;
  project_id: number;
  building_id: number;
  system: string;
  name: string;
  name_en: string;
  floor: string | null;
  device_id: number | null;
  spec: ColumnType<Record<string, unknown>, string, string>;
  version: Generated<number>;
  created_at: Generated<Date>;
}

export interface BuildingDB {
  buildings: BuildingsTable;
  building_equipment: BuildingEquipmentTable;
}
