import type { ColumnType, Generated } from 'kysely';

/** Kysely table types of migration 0038_fire_sets; they mirror it exactly. */
export interface FireLoopsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  name_en: string;
  device_id: number;
  channel: Generated<number>;
  room_id: number | null;
  feeder_id: number | null;
  residual_ma: number;
  temp_limits: ColumnType<Record<string, number>, string, string>;
  pre_alarm_pct: number;
  enabled: Generated<boolean>;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

export interface ArcDetectorSetsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  name_en: string;
  device_id: number;
  feeder_id: number | null;
  threshold: number;
  sensitivity: 'high' | 'standard' | 'low';
  enabled: Generated<boolean>;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

export interface FireDB {
  fire_loops: FireLoopsTable;
  arc_detector_sets: ArcDetectorSetsTable;
}
