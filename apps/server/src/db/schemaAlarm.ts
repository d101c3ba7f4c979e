import type { ColumnType, Generated } from 'kysely';

/** Kysely types of migration 0024 (alarm-rule and remote-control configuration); alarm_rules' new columns are in schema.ts' table. */
export interface AlarmRuleGenerationTable {
  id: number;
  gen: string | number;
}

export interface ControlSettingsTable {
  device_id: number;
  project_id: number;
  controllable: Generated<boolean>;
  user_ids: ColumnType<number[], number[] | undefined, number[]>;
  two_person: Generated<boolean>;
  /** 0037: roles (user_type) allowed to operate; empty = any role. */
  role_types: ColumnType<number[], number[] | undefined, number[]>;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

export interface ControlBlockedPeriodsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  name_en: Generated<string>;
  start_hhmm: string;
  end_hhmm: string;
  created_at: Generated<Date>;
}

export interface ControlInterlocksTable {
  id: Generated<number>;
  project_id: number;
  device_id: number;
  action: 'open' | 'close';
  other_device_id: number;
  other_closed: boolean;
  name: string;
  name_en: Generated<string>;
  created_at: Generated<Date>;
}

/** Columns migration 0024 adds to control_commands (its table type in schemaDistribution.ts extends these). */
export interface ControlApprovalColumns {
  needs_approval: Generated<boolean>;
  approved_by: number | null;
  approved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface AlarmDB {
  alarm_rule_generation: AlarmRuleGenerationTable;
  control_settings: ControlSettingsTable;
  control_blocked_periods: ControlBlockedPeriodsTable;
  control_interlocks: ControlInterlocksTable;
}
