import { z } from 'zod';
import { AUX_KINDS } from '../devices.js';
import { dbId, dbIdParam, int32, rowVersion, rowVersionParam } from '../ids.js';

/**
 * Auxiliary devices of a site's rooms and their automation rules (/RunSetup/AuxDeviceSet; docs/control-config.md).
 * An auxiliary device IS a row of `devices` (kind fan, air_conditioner, dehumidifier, light, water_pump) with the
 * catalogue's points: this set edits those rows, their set-point limits (props `<key>_min` / `<key>_max`) and
 * whether remote control may operate them (props `remote_control`).
 */
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');
const name = z.string().trim().min(1).max(64);
const nameEn = z.string().trim().min(1).max(64);

export const auxDeviceQuery = z.object({ project_id: dbIdParam });
export const auxIdParams = z.object({ id: dbIdParam });
export const auxVersionQuery = z.object({ version: rowVersionParam });

export const auxDeviceFields = z.object({
  name,
  name_en: nameEn,
  room_id: dbId,
  gateway_id: dbId,
  /** The device's serial on its gateway (the `device_sn` of its telemetry and of the `aux` command). */
  sn: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, . _ -'),
  /** Set-point limits; null = the kind's default (AUX_SETPOINTS). Kinds without a set-point ignore them. */
  setpoint_min: z.number().finite().nullable(),
  setpoint_max: z.number().finite().nullable(),
  remote_control: z.boolean(),
});
export const auxDeviceCreate = auxDeviceFields.extend({ project_id: dbId, kind: z.enum(AUX_KINDS) });
export type AuxDeviceCreate = z.infer<typeof auxDeviceCreate>;
export const auxDeviceUpdate = auxDeviceFields.extend({ version: rowVersion });
export type AuxDeviceUpdate = z.infer<typeof auxDeviceUpdate>;

export const auxDevice = auxDeviceFields.extend({
  id: dbId,
  project_id: dbId,
  kind: z.enum(AUX_KINDS),
  room_name: z.string(),
  room_name_en: z.string(),
  gateway_sn: z.string(),
  /** The catalogue's points of the kind (key, zh/en name, unit). */
  points: z.array(z.object({ id: dbId, key: z.string(), name: z.string(), name_en: z.string(), unit: z.string() })),
  /** The kind's set-point and the effective limits; null for lights and pumps. */
  setpoint: z.object({ key: z.string(), name: z.string(), name_en: z.string(), unit: z.string(), min: z.number(), max: z.number(), kind_min: z.number(), kind_max: z.number(), step: z.number() }).nullable(),
  version: z.number().int(),
});
export type AuxDevice = z.infer<typeof auxDevice>;

/** A room point an automation rule may watch: an analog point of any device of the room (env sensors first). */
export const auxRoomPoint = z.object({ point_id: dbId, room_id: dbId, device_name: z.string(), device_name_en: z.string(), key: z.string(), name: z.string(), name_en: z.string(), unit: z.string() });
export type AuxRoomPoint = z.infer<typeof auxRoomPoint>;

export const auxDeviceList = z.object({
  devices: z.array(auxDevice),
  rooms: z.array(z.object({ id: dbId, name: z.string(), name_en: z.string() })),
  gateways: z.array(z.object({ id: dbId, sn: z.string(), name: z.string(), name_en: z.string() })),
  points: z.array(auxRoomPoint),
  timezone: z.string(),
});
export type AuxDeviceList = z.infer<typeof auxDeviceList>;

/**
 * An automation rule: while enabled (and inside its daily window, site time, when one is set), the device is switched
 * on when the room point passes `on_threshold` (above: rises above; below: falls below) and off when it passes back
 * `off_threshold` (hysteresis), each switch held for at least `min_on_s` / `min_off_s`.
 */
export const auxRuleFields = z.object({
  name,
  name_en: nameEn,
  device_id: dbId,
  point_id: dbId,
  above: z.boolean(),
  on_threshold: z.number().finite(),
  off_threshold: z.number().finite(),
  min_on_s: int32.min(0).max(86_400),
  min_off_s: int32.min(0).max(86_400),
  window_start: hhmm.nullable(),
  window_end: hhmm.nullable(),
  enabled: z.boolean(),
});
export type AuxRuleFields = z.infer<typeof auxRuleFields>;
export const auxRuleCreate = auxRuleFields.extend({ project_id: dbId });
export const auxRuleUpdate = auxRuleFields.extend({ version: rowVersion });
export const auxRule = auxRuleFields.extend({
  id: dbId,
  project_id: dbId,
  room_id: dbId.nullable(),
  version: z.number().int(),
  last_action: z.enum(['on', 'off']).nullable(),
  last_action_at: z.string().nullable(),
});
export type AuxRule = z.infer<typeof auxRule>;

/** The aux-device table's .xlsx columns, in order (row 1 is the header); the export writes the same. */
export const AUX_DEVICE_XLSX_COLUMNS = ['id', 'name', 'name_en', 'kind', 'room_id', 'gateway_id', 'sn', 'setpoint_min', 'setpoint_max', 'remote_control'] as const;
export const auxImportRequest = z.object({ project_id: dbId, file_base64: z.string().min(1).max(900_000) });
export const auxImportResult = z.object({
  ok: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), column: z.string(), message: z.object({ zh: z.string(), en: z.string() }) })),
});
export type AuxImportResult = z.infer<typeof auxImportResult>;
