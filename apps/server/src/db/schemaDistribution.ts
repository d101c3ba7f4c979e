import type { ControlApprovalColumns } from './schemaAlarm.js';
import type { ColumnType, Generated } from 'kysely';

/** Kysely types of migration 0005_distribution; they mirror it exactly. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb columns: read back parsed; written as JSON text (pg sends a JS array as a Postgres array otherwise). */
type Jsonb<T> = ColumnType<T, string, string>;

export interface SldDiagramsTable {
  /** 0025_sld_sheets: several diagrams per room, each with its own id, zh/en name and sort. */
  id: Generated<number>;
  name: Generated<string>;
  name_en: Generated<string>;
  sort: Generated<number>;
  room_id: number;
  project_id: number;
  doc: Jsonb<unknown>;
  version: Generated<number>;
  updated_at: Generated<Date>;
  updated_by: number | null;
}

export interface ControlCommandsTable extends ControlApprovalColumns {
  id: Generated<number>;
  selection_id: string;
  command_id: string | null;
  project_id: number;
  device_id: number;
  gateway_id: number;
  /** null: sent by an automation rule (0037). */
  user_id: number | null;
  automation_rule_id: Generated<number | null>;
  action: string;
  command: string;
  params: Jsonb<Record<string, unknown>>;
  status: Generated<string>;
  error: string | null;
  selected_at: Generated<Date>;
  expires_at: Timestamp;
  sent_at: Timestamp | null;
  finished_at: Timestamp | null;
}

export interface ControlLogTable {
  id: Generated<number>;
  control_command_id: number | null;
  project_id: number;
  device_id: number | null;
  user_id: number | null;
  step: string;
  action: string;
  outcome: string;
  detail: Generated<string>;
  /** 0049: the detail in English when it differs from `detail` (a reason); '' otherwise. */
  detail_en: Generated<string>;
  ip: Generated<string>;
  at: Generated<Date>;
  /** 0037: the row was written by the automation of auxiliary devices (operator 自动控制 / Automation). */
  automation: Generated<boolean>;
  automation_rule_id: Generated<number | null>;
}

export interface CapturesTable {
  id: Generated<number>;
  project_id: number;
  gateway_id: number;
  device_id: number | null;
  device_sn: string;
  ts: Timestamp;
  img: string;
  msg: Generated<string>;
  msg_en: Generated<string>;
  received_at: Generated<Date>;
}

export interface RobotsTable {
  id: Generated<number>;
  project_id: number;
  room_id: number | null;
  name: string;
  name_en: Generated<string>;
  status: Generated<string>;
  battery: Generated<number>;
  route: ColumnType<unknown, string | undefined, string>;
  position: Generated<number>;
  task_progress: Generated<number>;
  updated_at: Generated<Date>;
  /** Migration 0040: the robot's configuration (docs/robot.md). */
  device_id: number | null;
  gateway_id: number | null;
  serial: string | null;
  camera_id: number | null;
  speed_mps: Generated<number>;
  plan: ColumnType<unknown, string | null | undefined, string | null>;
  stops: ColumnType<unknown, string | undefined, string>;
  schedule: ColumnType<unknown, string | undefined, string>;
  version: Generated<number>;
}

export interface RobotInspectionsTable {
  id: Generated<number>;
  robot_id: number;
  project_id: number;
  started_at: Timestamp;
  finished_at: Timestamp | null;
  status: string;
  readings: ColumnType<unknown, string | undefined, string>;
  anomalies: Generated<number>;
  photo: string | null;
  /** What started the round: its schedule or an operator (migration 0046). */
  trigger: Generated<string>;
}

export interface DistributionDB {
  sld_diagrams: SldDiagramsTable;
  control_commands: ControlCommandsTable;
  control_log: ControlLogTable;
  captures: CapturesTable;
  robots: RobotsTable;
  robot_inspections: RobotInspectionsTable;
}
