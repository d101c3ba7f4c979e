import type { ColumnType, Generated } from 'kysely';

/** Kysely table types of migration 0036_manual_readings; they mirror it exactly. */
export interface ManualMetersTable {
  id: Generated<number>;
  project_id: number;
  energy_type: string;
  name: string;
  name_en: string;
  unit: string;
  multiplier: number;
  room_id: number | null;
  device_id: number | null;
  point_id: number | null;
  version: Generated<number>;
  created_at: Generated<Date>;
}

export interface ManualReadingsTable {
  id: Generated<number>;
  meter_id: number;
  read_at: ColumnType<Date, Date, Date>;
  value: number;
  replacement: boolean;
  old_final_value: number | null;
  note: string;
  photo: Buffer | null;
  photo_type: string | null;
  entered_by: number | null;
  version: Generated<number>;
  created_at: Generated<Date>;
}

export interface DataEntryDB {
  manual_meters: ManualMetersTable;
  manual_readings: ManualReadingsTable;
}
