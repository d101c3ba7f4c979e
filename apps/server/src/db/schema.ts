import type { ColumnType, Generated } from 'kysely';
import type { DistributionDB } from './schemaDistribution.js';
import type { VideoDB } from './schemaVideo.js';
import type { EnergyDB } from './schemaEnergy.js';
import type { IeDB } from './schemaIe.js';
import type { AssetsDB } from './schemaAssets.js';
import type { FireDB } from './schemaFire.js';
import type { BuildingDB } from './schemaBuilding.js';
import type { DictionaryDB } from './schemaDictionary.js';
import type { AlarmDB } from './schemaAlarm.js';
import type { BillingDB } from './schemaBilling.js';
import type { InspectionDB } from './schemaInspection.js';
import type { WorkOrdersDB } from './schemaWorkorders.js';
import type { FaceDB } from './schemaFace.js';
import type { LedgerDB } from './schemaLedger.js';
import type { DataEntryDB } from './schemaDataEntry.js';
import type { MonthReportDB } from './schemaMonthReport.js';
import type { AuxDB } from './schemaAux.js';

/** Kysely table types; they mirror db/migrations exactly. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<Record<string, unknown>, string | Record<string, unknown>, string | Record<string, unknown>>;

export interface OrganizationsTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  name_en: Generated<string>;
  tier: number;
  code: string | null;
  created_at: Generated<Date>;
  enabled: Generated<boolean>;
  version: Generated<number>;
  updated_at: Generated<Date>;
  expert_invite_code: Generated<string>;
}

export interface ProjectsTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  name_en: Generated<string>;
  address: Generated<string>;
  address_en: Generated<string>;
  city: Generated<string>;
  city_en: Generated<string>;
  latitude: number;
  longitude: number;
  timezone: Generated<string>;
  energy_types: ColumnType<string[], string[] | undefined, string[]>;
  capacity_kva: Generated<number>;
  pv_capacity_kw: Generated<number>;
  storage_capacity_kwh: Generated<number>;
  area_m2: Generated<number>;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
  version: Generated<number>;
  storage_power_kw: Generated<number>;
  charger_count: Generated<number>;
  charger_power_kw: Generated<number>;
  updated_at: Generated<Date>;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  name: string;
  name_en: Generated<string>;
  user_type: number;
  org_id: number;
  phone: Generated<string>;
  email: Generated<string>;
  password_hash: string;
  /** Mirror of `permissions` containing 'control' (0016); not read any more. */
  can_control: Generated<boolean>;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** Subset of view, configure, control, manageUsers (0016, docs/permissions.md). */
  permissions: ColumnType<string[], string[] | undefined, string[]>;
  version: Generated<number>;
  disabled_at: Timestamp | null;
  /** 0014: the first login must change the password before anything else. */
  must_change_password: Generated<boolean>;
  /** 0014: 'zh' | 'en', the language the console opens in; null until chosen. */
  language: string | null;
}

export interface UserProjectsTable {
  user_id: number;
  project_id: number;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  device_type: string;
  ip: Generated<string>;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  last_seen_at: Generated<Date>;
  revoked_at: Timestamp | null;
  /** Hash of this session's MQTT password (derived from its token, see modules/user/mqttCredentials.ts). */
  mqtt_password_hash: string | null;
}

export interface WeatherCacheTable {
  project_id: number;
  provider: string;
  observation: ColumnType<unknown, string, string>;
  fetched_at: Date;
}

/** username '' is the row of the whole address. */
export interface LoginLimitsTable {
  username: string;
  ip: string;
  failures: number;
  window_start: Date;
}

export interface RoomsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  name_en: Generated<string>;
  kind: Generated<string>;
  sort: Generated<number>;
}

export interface GatewaysTable {
  id: Generated<number>;
  project_id: number;
  sn: string;
  /** Mosquitto `$7$` hash of the gateway's secret (lib/secretHash.ts); the plaintext is never stored. */
  secret_hash: string;
  name: string;
  name_en: Generated<string>;
  heartbeat_s: Generated<number>;
  last_seen_at: Timestamp | null;
  online: Generated<boolean>;
  comm_event_id: number | null;
  /** When the current secret was issued; null when there is none (never issued, or revoked). */
  credentials_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface UnknownDevicesTable {
  gateway_id: number;
  device_sn: string;
  point_keys: Generated<string[]>;
  count: Generated<string>;
  first_seen_at: Generated<Date>;
  last_seen_at: Generated<Date>;
}

export interface DevicesTable {
  id: Generated<number>;
  project_id: number;
  room_id: number | null;
  gateway_id: number | null;
  parent_id: number | null;
  sn: string;
  kind: string;
  name: string;
  name_en: Generated<string>;
  props: Json;
  sort: Generated<number>;
  /** 0037: the aux-device form's optimistic lock. */
  version: Generated<number>;
}

export interface DevicePointsTable {
  id: Generated<number>;
  device_id: number;
  key: string;
  name: string;
  name_en: Generated<string>;
  unit: Generated<string>;
  kind: string;
  precision: Generated<number>;
  sort: Generated<number>;
  scale: Generated<number>;
  low: number | null;
  high: number | null;
}

/** 0018: a device kind with its points (jsonb, TemplatePoint[]), owned by an organisation. */
export interface DeviceTemplatesTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  name_en: Generated<string>;
  kind: string;
  points: ColumnType<unknown, string, string>;
  version: Generated<number>;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface EventsTable {
  id: Generated<number>;
  project_id: number;
  device_id: number | null;
  point_id: number | null;
  rule_id: number | null;
  event_type: number;
  level: number;
  status: Generated<string>;
  active: Generated<boolean>;
  title: string;
  message: string;
  message_en: Generated<string>;
  value: number | null;
  limit_value: number | null;
  rule_kind: 'high' | 'low' | 'rate' | 'digital' | null;
  unit: Generated<string>;
  state_from: number | null;
  group_key: string | null;
  phases: Generated<string[]>;
  /** Message key and parameters (contract eventMessages.ts); null on rows stored before migration 0012. */
  message_key: string | null;
  message_params: ColumnType<Record<string, unknown> | null, string | Record<string, unknown> | null, string | Record<string, unknown> | null>;
  raised_at: Generated<Date>;
  cleared_at: Timestamp | null;
  acknowledged_at: Timestamp | null;
  acknowledged_by: number | null;
  handled_at: Timestamp | null;
  handled_by: number | null;
  handle_note: string | null;
  closed_at: Timestamp | null;
  closed_by: number | null;
}

export interface EventLogTable {
  id: Generated<number>;
  event_id: number;
  action: string;
  user_id: number | null;
  note: string | null;
  at: Generated<Date>;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: Generated<Date>;
}

/** Usage logs (0019): append-only; the database refuses UPDATE and DELETE outside the retention job. */
export interface AuditLogTable {
  id: Generated<string>;
  at: Generated<Date>;
  org_id: number | null;
  project_id: number | null;
  user_id: number | null;
  username: string | null;
  kind: 'login_ok' | 'login_failed' | 'logout' | 'write' | 'control' | 'read';
  action: string;
  target_type: string | null;
  target_id: string | null;
  before: ColumnType<unknown, string | null | undefined, never>;
  after: ColumnType<unknown, string | null | undefined, never>;
  ip: string | null;
  user_agent: string | null;
  device_type: string | null;
}

export interface AuditRetentionStateTable {
  id: number;
  last_run: Date;
}

export interface DB extends TelemetryDB, DistributionDB, EnergyDB, IeDB, AssetsDB, DictionaryDB, AlarmDB, BillingDB, VideoDB, InspectionDB, WorkOrdersDB, FaceDB, LedgerDB, DataEntryDB, MonthReportDB, AuxDB, FireDB, BuildingDB {
  audit_log: AuditLogTable;
  audit_retention_state: AuditRetentionStateTable;
  organizations: OrganizationsTable;
  projects: ProjectsTable;
  users: UsersTable;
  user_projects: UserProjectsTable;
  sessions: SessionsTable;
  login_limits: LoginLimitsTable;
  weather_cache: WeatherCacheTable;
  rooms: RoomsTable;
  gateways: GatewaysTable;
  devices: DevicesTable;
  device_points: DevicePointsTable;
  device_templates: DeviceTemplatesTable;
  events: EventsTable;
  event_log: EventLogTable;
  schema_migrations: SchemaMigrationsTable;
  experts: ExpertsTable;
  expert_certificates: ExpertCertificatesTable;
  expert_register_limits: ExpertRegisterLimitsTable;
}

export interface TelemetryTable {
  point_id: number;
  ts: Timestamp;
  value: number;
}

export interface PointLatestTable {
  point_id: number;
  ts: Timestamp;
  value: number;
  received_at: Generated<Date>;
}

export interface RollupTable {
  point_id: number;
  bucket: Timestamp;
  min: number;
  max: number;
  sum: number;
  count: number;
  first: number;
  first_ts: Timestamp;
  last: number;
  last_ts: Timestamp;
}

export interface Rollup15mStateTable {
  id: number;
  done_until: Timestamp;
}

/** Moved by every write to what the point catalogue reads (migration 0047): instances reload it when it moved. */
export interface PointCatalogueGenerationTable {
  id: number;
  gen: string | number;
}

export interface TelemetryPartitionStateTable {
  id: number;
  last_run: Timestamp;
  /** Raw samples before this instant were dropped by retention (history reads rollups there). */
  raw_since: Timestamp;
}

export interface Rollup15mDirtyTable {
  point_id: number;
  bucket: Timestamp;
  marked_at: Generated<Timestamp>;
}

export interface IngestRejectsTable {
  gateway_sn: string;
  cause: string;
  count: Generated<number>;
  last_detail: Generated<string>;
  last_at: Generated<Date>;
}

export interface AlarmRulesTable {
  id: Generated<number>;
  project_id: number | null;
  device_kind: string | null;
  device_id: number | null;
  point_key: string;
  kind: 'high' | 'high_high' | 'low' | 'low_low' | 'rate' | 'digital' | 'comm_loss';
  threshold: number;
  deadband: Generated<number>;
  on_delay_s: Generated<number>;
  off_delay_s: Generated<number>;
  level: number;
  event_type: number;
  name: string;
  name_en: Generated<string>;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
  /** Migration 0024: shelved until (null: not shelved), why, version check, last change. */
  shelved_until: Timestamp | null;
  shelve_note: Generated<string>;
  version: Generated<number>;
  updated_at: Generated<Date>;
  /** Migration 0038: the fire loop or arc-fault setting whose limits this rule carries (docs/electrical-fire.md). */
  fire_loop_id: Generated<number | null>;
  arc_set_id: Generated<number | null>;
}

export interface AlarmStateTable {
  rule_id: number;
  point_id: number;
  phase: 'normal' | 'raising' | 'active' | 'clearing';
  since: Timestamp;
  last_value: number | null;
  last_ts: Timestamp | null;
  event_id: number | null;
  /** Bumped by every write of phase/since/event (migration 0044); the live cache compares it. */
  version: Generated<number>;
}

export interface ExpertsTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  name_en: Generated<string>;
  phone: string;
  /** The region in Chinese, and in English ('' = not given; English readers then see the Chinese). */
  region: string;
  region_en: Generated<string>;
  specialities: Generated<string[]>;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  reject_reason: Generated<string>;
  reviewed_by: number | null;
  reviewed_at: Timestamp | null;
  enabled: Generated<boolean>;
  version: Generated<number>;
  created_at: Generated<Date>;
}

export interface ExpertCertificatesTable {
  id: Generated<number>;
  expert_id: number;
  cert_type: string;
  number: string;
  /** `date` columns come back as 'YYYY-MM-DD' strings (the pool's type parser keeps dates as text). */
  issued_on: string;
  expires_on: string;
  photo: Buffer;
  photo_type: string;
  reminded_expiry: string | null;
}

export interface ExpertRegisterLimitsTable {
  ip: string;
  attempts: number;
  window_start: Timestamp;
}

export interface TelemetryDB {
  telemetry: TelemetryTable;
  point_latest: PointLatestTable;
  rollup_15m: RollupTable;
  rollup_15m_state: Rollup15mStateTable;
  rollup_15m_dirty: Rollup15mDirtyTable;
  telemetry_partition_state: TelemetryPartitionStateTable;
  point_catalogue_generation: PointCatalogueGenerationTable;
  rollup_hourly: RollupTable;
  rollup_daily: RollupTable;
  ingest_rejects: IngestRejectsTable;
  unknown_devices: UnknownDevicesTable;
  alarm_rules: AlarmRulesTable;
  alarm_state: AlarmStateTable;
}
