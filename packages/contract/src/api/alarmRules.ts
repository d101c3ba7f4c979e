import { z } from 'zod';
import { dbId, dbIdParam, int16, int32, int32Param, rowVersion, rowVersionParam } from '../ids.js';

/**
 * Alarm rules (/RunSetup/AlarmRuleSet, docs/alarm-rules.md). A rule watches one point key either of every
 * device of a kind (a template default: shipped for all projects, or a project's own) or of one device (an
 * override). The most specific rule of the same point key and kind applies: device > project default >
 * shipped default. Shipped defaults are read-only; a site overrides them for itself.
 */
export const ALARM_RULE_KINDS = ['high', 'high_high', 'low', 'low_low', 'rate', 'digital', 'comm_loss'] as const;
export const alarmRuleKind = z.enum(ALARM_RULE_KINDS);
export type AlarmRuleKind = z.infer<typeof alarmRuleKind>;

export const ALARM_RULE_SCOPES = ['default', 'project', 'device'] as const;
export type AlarmRuleScope = (typeof ALARM_RULE_SCOPES)[number];

/** At most a year of shelving, in seconds of delay at most a day. */
const DELAY_MAX_S = 86_400;

/** What a user sets: the editable part of a rule (create, update, preview draft, import row). */
export const alarmRuleFields = z.object({
  point_key: z.string().trim().min(1).max(64),
  kind: alarmRuleKind,
  /** Limit (high/low kinds), per-minute change (rate), the state that alarms (digital 0/1), seconds of silence (comm loss). */
  threshold: z.number().finite().min(-1e9).max(1e9),
  deadband: z.number().finite().min(0).max(1e9),
  on_delay_s: int32.min(0).max(DELAY_MAX_S),
  off_delay_s: int32.min(0).max(DELAY_MAX_S),
  level: int16.min(1).max(4),
  /** 1 message, 2 alarm, 3 fault (contract EventType). */
  event_type: int16.min(1).max(3),
  name: z.string().trim().min(1).max(64),
  name_en: z.string().trim().max(64),
  enabled: z.boolean(),
  /** ISO time until which the rule is shelved; null: not shelved. */
  shelved_until: z.iso.datetime({ offset: true }).nullable(),
  shelve_note: z.string().trim().max(200),
});
export type AlarmRuleFields = z.infer<typeof alarmRuleFields>;

/** A new rule: for a device kind of the project (device_kind) or for one device (device_id). */
export const alarmRuleCreateRequest = alarmRuleFields.extend({
  project_id: dbId,
  device_kind: z.string().trim().min(1).max(32).nullable(),
  device_id: dbId.nullable(),
});
export type AlarmRuleCreateRequest = z.infer<typeof alarmRuleCreateRequest>;

export const alarmRuleUpdateRequest = alarmRuleFields.extend({ version: rowVersion });
export type AlarmRuleUpdateRequest = z.infer<typeof alarmRuleUpdateRequest>;

export const alarmRuleIdParams = z.object({ id: dbIdParam });
export const alarmRuleProjectQuery = z.object({ project_id: dbIdParam });
export const alarmRuleDeleteQuery = z.object({ version: rowVersionParam });

export const alarmRule = alarmRuleFields.extend({
  id: dbId,
  scope: z.enum(ALARM_RULE_SCOPES),
  project_id: dbId.nullable(),
  device_kind: z.string().nullable(),
  device_id: dbId.nullable(),
  device_name: z.string().nullable(),
  device_name_en: z.string().nullable(),
  point_name: z.string(),
  point_name_en: z.string(),
  unit: z.string(),
  /** Shipped defaults cannot be edited here (override them); project and device rules can. */
  editable: z.boolean(),
  /** A project or device rule that replaces this one for some points, or null. */
  overridden_by: z.array(dbId),
  /** A device rule that carries the limits of a fire loop or arc-fault setting: edited there, not here (docs/electrical-fire.md). */
  managed_by: z.enum(['fire_loop', 'arc_detector']).nullable(),
  /** Points of this project in alarm under the rule now. */
  active_count: z.number().int(),
  version: z.number().int(),
  updated_at: z.string(),
});
export type AlarmRule = z.infer<typeof alarmRule>;

const pointOption = z.object({ key: z.string(), name: z.string(), name_en: z.string(), unit: z.string(), type: z.string() });
export const alarmRuleList = z.object({
  rules: z.array(alarmRule),
  devices: z.array(z.object({ id: dbId, name: z.string(), name_en: z.string(), kind: z.string(), points: z.array(pointOption) })),
  kinds: z.array(z.object({ kind: z.string(), name: z.string(), name_en: z.string() })),
  timezone: z.string(),
});
export type AlarmRuleList = z.infer<typeof alarmRuleList>;

/** Preview: the draft over the point's last 7 days of stored history, against the current rule (rule_id). */
export const alarmRulePreviewRequest = alarmRuleFields.extend({
  project_id: dbId,
  device_id: dbId,
  rule_id: dbId.nullable(),
  days: int32.min(1).max(7).default(7),
});
export type AlarmRulePreviewRequest = z.input<typeof alarmRulePreviewRequest>;

export const simulatedEvent = z.object({ raised_at: z.string(), cleared_at: z.string().nullable(), duration_s: z.number(), value: z.number().nullable() });
export type SimulatedEvent = z.infer<typeof simulatedEvent>;
export const alarmRulePreview = z.object({
  from: z.string(),
  to: z.string(),
  samples: z.number().int(),
  /** raw: stored telemetry; rollup: 15-minute rollups where no raw samples are kept (worst value per bucket). */
  source: z.enum(['raw', 'rollup', 'mixed', 'none']),
  draft: z.array(simulatedEvent),
  current: z.array(simulatedEvent).nullable(),
  /** The point's history for the chart, thinned to at most ~600 points: [epoch ms, value]. */
  series: z.array(z.tuple([z.number(), z.number()])),
  unit: z.string(),
});
export type AlarmRulePreview = z.infer<typeof alarmRulePreview>;

/** Alarm performance (ISA-18.2): a project's rule-raised events over the last `days`. */
export const alarmPerformanceQuery = z.object({ project_id: dbIdParam, days: int32Param.min(1).max(30).default(7) });
const sourceRef = z.object({ rule_id: dbId, rule_name: z.string(), rule_name_en: z.string(), device_name: z.string(), device_name_en: z.string() });
export const alarmPerformance = z.object({
  from: z.string(),
  to: z.string(),
  total: z.number().int(),
  /** Average events per 10 minutes over the window (ISA-18.2 target: ≤ 1 per 10 min per operator). */
  per10min_avg: z.number(),
  per10min_max: z.number().int(),
  /** Events per 10-minute bucket: [bucket start epoch ms, count], only non-empty buckets. */
  buckets: z.array(z.tuple([z.number(), z.number()])),
  floods: z.array(z.object({ start: z.string(), end: z.string(), count: z.number().int() })),
  chattering: z.array(sourceRef.extend({ point_id: dbId.nullable(), bursts: z.number().int(), raises: z.number().int() })),
  stale: z.array(sourceRef.extend({ event_id: dbId, raised_at: z.string(), hours: z.number() })),
  top: z.array(sourceRef.extend({ count: z.number().int(), share: z.number() })),
});
export type AlarmPerformance = z.infer<typeof alarmPerformance>;

export const alarmRuleImportRequest = z.object({ project_id: dbId, file_base64: z.string().min(1).max(900_000) });
export const alarmRuleImportResult = z.object({
  ok: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), column: z.string(), message: z.object({ zh: z.string(), en: z.string() }) })),
});
export type AlarmRuleImportResult = z.infer<typeof alarmRuleImportResult>;

/** The columns of the rule table's .xlsx export/import, in order (row 1 is the header). */
export const ALARM_RULE_XLSX_COLUMNS = [
  'id',
  'device_kind',
  'device_id',
  'point_key',
  'kind',
  'threshold',
  'deadband',
  'on_delay_s',
  'off_delay_s',
  'level',
  'event_type',
  'name',
  'name_en',
  'enabled',
] as const;
