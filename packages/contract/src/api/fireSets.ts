import { z } from 'zod';
import { dbId, dbIdParam, int32, rowVersion, rowVersionParam } from '../ids.js';
import { ARC_SENSITIVITIES, FIRE_TEMP_KEYS } from '../fireSafety.js';

/**
 * Electrical fire sets (/RunSetup/FireLoopSet, /RunSetup/ArcFaultSet; docs/electrical-fire.md). The numbers are
 * typed here (whole numbers bounded to their integer columns); their ranges from the standards are checked by
 * fireLoopProblem / arcDetectorProblem (fireSafety.ts) on both sides, so a refusal cites the standard and names
 * the field.
 */
const name = z.string().trim().min(1).max(64);
const finite = z.number().finite();

export const fireLoopFields = z.object({
  name,
  name_en: name,
  /** The electrical fire detector (kind fire_sensor) that monitors the loop, and its channel on it. */
  device_id: dbId,
  channel: int32,
  /** The room the loop's cabinet stands in; the detector's room when null. */
  room_id: dbId.nullable(),
  /** The protected circuit: a feeder of the site, when it is metered. */
  feeder_id: dbId.nullable(),
  residual_ma: finite,
  temp_limits: z.object(Object.fromEntries(FIRE_TEMP_KEYS.map((k) => [k, finite])) as Record<(typeof FIRE_TEMP_KEYS)[number], typeof finite>),
  pre_alarm_pct: int32,
  enabled: z.boolean(),
});
export type FireLoopFields = z.infer<typeof fireLoopFields>;

const stored = { id: z.number().int(), project_id: z.number().int(), version: z.number().int() };
export const fireLoop = fireLoopFields.extend({
  ...stored,
  device_name: z.string(),
  device_name_en: z.string(),
  device_sn: z.string(),
  feeder_sn: z.string().nullable(),
  room_name: z.string().nullable(),
  room_name_en: z.string().nullable(),
  feeder_name: z.string().nullable(),
  feeder_name_en: z.string().nullable(),
});
export type FireLoop = z.infer<typeof fireLoop>;

export const arcDetectorFields = z.object({
  name,
  name_en: name,
  /** The arc-fault detector device (kind arc_detector). */
  device_id: dbId,
  feeder_id: dbId.nullable(),
  /** Half-cycles of arcing within 1 s at which it alarms (GB 14287.4: at most 14). */
  threshold: z.number(),
  sensitivity: z.enum(ARC_SENSITIVITIES),
  enabled: z.boolean(),
});
export type ArcDetectorFields = z.infer<typeof arcDetectorFields>;
export const arcDetector = arcDetectorFields.extend({
  ...stored,
  device_name: z.string(),
  device_name_en: z.string(),
  device_sn: z.string(),
  feeder_sn: z.string().nullable(),
  feeder_name: z.string().nullable(),
  feeder_name_en: z.string().nullable(),
});
export type ArcDetector = z.infer<typeof arcDetector>;

/** What the forms may pick: the site's devices of a kind, its feeders and rooms. */
export const fireOption = z.object({ id: z.number().int(), name: z.string(), name_en: z.string(), room_id: z.number().int().nullable().optional() });
export type FireOption = z.infer<typeof fireOption>;
export const fireLoopList = z.object({ items: z.array(fireLoop), detectors: z.array(fireOption), feeders: z.array(fireOption), rooms: z.array(fireOption) });
export const arcDetectorList = z.object({ items: z.array(arcDetector), detectors: z.array(fireOption), feeders: z.array(fireOption) });

export const fireListRequest = z.object({ project_id: dbIdParam });
export const fireIdParams = z.object({ id: dbIdParam });
const version = rowVersion;
export const fireDeleteRequest = z.object({ version: rowVersionParam });
export const fireLoopCreate = fireLoopFields.extend({ project_id: dbId });
export const fireLoopUpdate = fireLoopFields.extend({ version });
export const arcDetectorCreate = arcDetectorFields.extend({ project_id: dbId });
export const arcDetectorUpdate = arcDetectorFields.extend({ version });

/** .xlsx columns of the loop table (export and import; device and feeder by serial number). */
export const FIRE_LOOP_XLSX_COLUMNS = ['id', 'name', 'name_en', 'device_sn', 'channel', 'feeder_sn', 'residual_ma', 'T1', 'T2', 'T3', 'pre_alarm_pct', 'enabled'] as const;
/** .xlsx columns of the arc-fault table (export and import; detector and feeder by serial, sensitivity high/standard/low). */
export const ARC_DETECTOR_XLSX_COLUMNS = ['id', 'name', 'name_en', 'device_sn', 'feeder_sn', 'threshold', 'sensitivity', 'enabled'] as const;
export const fireImportRequest = z.object({ project_id: dbId, file_base64: z.string().min(1).max(5_000_000) });
export const fireImportResult = z.object({
  ok: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), column: z.string(), message: z.object({ zh: z.string(), en: z.string() }) })),
});
export type FireImportResult = z.infer<typeof fireImportResult>;

/**
 * What /ElectricalRoom/ElectricFire draws: per detector its loop (if any) and the limits the alarm engine
 * applies to its points right now (the loop's rules, else the site's or shipped defaults) — the same numbers.
 */
const pointLimit = z.object({ alarm: z.number().nullable(), pre_alarm: z.number().nullable() });
export const fireLimitsView = z.object({
  detectors: z.array(
    z.object({
      device_id: z.number().int(),
      loop: z.object({ id: z.number().int(), name: z.string(), name_en: z.string(), enabled: z.boolean(), feeder_name: z.string().nullable(), feeder_name_en: z.string().nullable() }).nullable(),
      limits: z.record(z.string(), pointLimit),
    }),
  ),
  arc: z.array(z.object({ device_id: z.number().int(), name: z.string(), name_en: z.string(), threshold: z.number().nullable(), enabled: z.boolean(), feeder_name: z.string().nullable(), feeder_name_en: z.string().nullable() })),
});
export type FireLimitsView = z.infer<typeof fireLimitsView>;
