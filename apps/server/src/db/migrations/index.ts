import * as m0001 from './0001_core.js';
import * as m0002 from './0002_events.js';
import * as m0003 from './0003_telemetry.js';
import * as m0004 from './0004_alarms.js';
import * as m0005 from './0005_distribution.js';
import * as m0006 from './0006_energy.js';
import * as m0007 from './0007_rollup_15m.js';
import * as m0008 from './0008_hashed_mqtt_secrets.js';
import * as m0009 from './0009_rollup_numeric_sums.js';
import * as m0010 from './0010_login_limits_weather.js';
import * as m0011 from './0011_event_numbers.js';
import * as m0012 from './0012_event_message_keys.js';
import * as m0013 from './0013_english_names.js';
import * as m0014 from './0014_account.js';
import * as m0015 from './0015_org_admin.js';
import * as m0016 from './0016_members.js';
import * as m0017 from './0017_gateway_admin.js';
import * as m0018 from './0018_device_templates.js';
import * as m0019 from './0019_audit_log.js';
import * as m0020 from './0020_experts.js';
import * as m0021 from './0021_push_settings.js';
import * as m0022 from './0022_dictionary_push_retention.js';
import * as m0023 from './0023_billing.js';
import * as m0024 from './0024_alarm_rule_config.js';
import * as m0025 from './0025_sld_sheets.js';
import * as m0026 from './0026_workorders.js';
import * as m0027 from './0027_inspection.js';
import * as m0028 from './0028_video.js';
import * as m0029 from './0029_capture_once.js';
import * as m0030 from './0030_ie_sets.js';
import * as m0031 from './0031_energy_assets.js';
import * as m0033 from './0033_face_library.js';
import * as m0034 from './0034_equipment_ledger.js';
import * as m0035 from './0035_month_report.js';
import * as m0036 from './0036_manual_readings.js';
import * as m0037 from './0037_aux_automation.js';
import * as m0038 from './0038_fire_sets.js';
import * as m0039 from './0039_face_sync.js';
import * as m0040 from './0040_robots.js';
import * as m0041 from './0041_smart_building.js';
import * as m0042 from './0042_telemetry_partitions.js';
import * as m0044 from './0044_alarm_state_version.js';
import * as m0045 from './0045_ess_strategy_sync.js';
import * as m0046 from './0046_robot_rounds.js';
import * as m0047 from './0047_point_catalogue_generation.js';
import * as m0048 from './0048_sealed_secrets.js';
import * as m0049 from './0049_control_log_detail_en.js';
import * as m0050 from './0050_shipped_alarm_rules.js';
import * as m0051 from './0051_reactive_energy_demand.js';
import * as m0052 from './0052_expert_region_en.js';
import type { Db } from '../database.js';
import type { SecretBox } from '../../lib/storedSecrets.js';

/** What a migration's data step may need beyond the database: the stored-secrets key (0048), when the caller has it. */
export interface MigrationContext {
  secrets?: SecretBox;
}

export interface Migration {
  name: string;
  up: string;
  /** Runs after `up` in the same transaction, for changes plain SQL cannot make (e.g. hashing with PBKDF2). */
  data?: (trx: Db, ctx: MigrationContext) => Promise<void>;
}

/** Applied in this order; append new migrations at the end, never reorder or edit shipped ones. */
export const migrations: Migration[] = [m0001, m0002, m0003, m0004, m0005, m0006, m0007, m0008, m0009, m0010, m0011, m0012, m0013, m0014, m0015, m0016, m0017, m0018, m0019, m0020, m0021, m0022, m0023, m0024, m0025, m0026, m0027, m0028, m0029, m0030, m0031, m0033, m0034, m0035, m0036, m0037, m0038, m0039, m0040, m0041, m0042, m0044, m0045, m0046, m0047, m0048, m0049, m0050, m0051, m0052];
