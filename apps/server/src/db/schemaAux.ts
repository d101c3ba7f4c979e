import type { ColumnType, Generated } from 'kysely';

/** Kysely table types of migration 0037_aux_automation; they mirror it exactly. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AuxAutomationRulesTable {
  id: Generated<number>;
  project_id: number;
  device_id: number;
  point_id: number;
  name: string;
  name_en: string;
  /** true: on when the value rises above on_threshold; false: on when it falls below. */
  above: boolean;
  on_threshold: number;
  off_threshold: number;
  min_on_s: Generated<number>;
  min_off_s: Generated<number>;
  window_start: string | null;
  window_end: string | null;
  enabled: Generated<boolean>;
  version: Generated<number>;
  last_action: 'on' | 'off' | null;
  last_action_at: Timestamp | null;
  state_seq: Generated<number>;
  created_at: Generated<Date>;
}

export interface ControlSiteSettingsTable {
  project_id: number;
  two_person_above_kv: number | null;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

export interface AuxDB {
  aux_automation_rules: AuxAutomationRulesTable;
  control_site_settings: ControlSiteSettingsTable;
}
