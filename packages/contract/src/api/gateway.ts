import { z } from 'zod';
import { DEVICE_KINDS } from '../devices.js';
import { dbIdParam } from '../ids.js';

/**
 * A gateway's serial number is its MQTT username and a segment of its topics: letters, digits, `.`, `_` and
 * `-` only (no `/`, `+`, `#` or `:`), 3–64 characters, and not in the console sessions' `session-` namespace.
 */
export const GATEWAY_SN_PATTERN = /^(?!session-)[A-Za-z0-9][A-Za-z0-9._-]{2,63}$/;
export const gatewaySn = z.string().trim().regex(GATEWAY_SN_PATTERN, {
  message: 'serial number: 3–64 letters, digits, ".", "_" or "-", starting with a letter or digit',
});
const name = z.string().trim().min(1).max(64);
const nameEn = z.string().trim().max(64).default('');

export const gatewayProjectQuery = z.object({ project_id: dbIdParam });
export const gatewayIdParams = z.object({ id: dbIdParam });

export const gatewayCreate = z.object({
  project_id: dbIdParam,
  sn: gatewaySn,
  name,
  name_en: nameEn,
});
export type GatewayCreate = z.infer<typeof gatewayCreate>;
export const gatewayUpdate = z.object({ name, name_en: nameEn });
export type GatewayUpdate = z.infer<typeof gatewayUpdate>;

export const gatewayRow = z.object({
  id: z.number().int(),
  sn: z.string(),
  name: z.string(),
  name_en: z.string(),
  online: z.boolean(),
  /** ISO time of the last message, null if never heard. */
  last_seen_at: z.string().nullable(),
  /** Whether credentials exist (false after revocation or before the first issue). */
  has_credentials: z.boolean(),
  credentials_at: z.string().nullable(),
  devices: z.number().int(),
  unknown_devices: z.number().int(),
});
export type GatewayRow = z.infer<typeof gatewayRow>;
export const gatewayList = z.array(gatewayRow);

/** The only time a secret is ever shown: at issue or rotation. */
export const gatewayCredentials = z.object({ sn: z.string(), username: z.string(), password: z.string() });
export type GatewayCredentials = z.infer<typeof gatewayCredentials>;

export const gatewayDone = z.object({ id: z.number().int() });

/** Telemetry from a registered gateway for a device serial nobody registered. */
export const unknownDeviceRow = z.object({
  gateway_id: z.number().int(),
  gateway_sn: z.string(),
  device_sn: z.string(),
  point_keys: z.array(z.string()),
  count: z.number().int(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
});
export type UnknownDeviceRow = z.infer<typeof unknownDeviceRow>;
export const unknownDeviceList = z.array(unknownDeviceRow);

export const adoptDeviceRequest = z.object({
  gateway_id: dbIdParam,
  device_sn: z.string().trim().min(1).max(64),
  /** A catalogue kind (built-in template) or `template_id` (a custom template): exactly one. */
  kind: z.enum(DEVICE_KINDS).optional(),
  template_id: dbIdParam.optional(),
  name,
  name_en: nameEn,
  /** The room the device stands in (a room of the gateway's project); null or absent: not yet placed. */
  room_id: dbIdParam.nullable().optional(),
  /** The device upstream of it (devices.parent_id, same project); null or absent: none. */
  parent_id: dbIdParam.nullable().optional(),
});
export type AdoptDeviceRequest = z.infer<typeof adoptDeviceRequest>;
export const adoptedDevice = z.object({ device_id: z.number().int(), points: z.number().int() });

/** A device under one of the project's gateways (the Devices tab). */
export const gatewayDeviceRow = z.object({
  id: z.number().int(),
  gateway_id: z.number().int(),
  gateway_sn: z.string(),
  sn: z.string(),
  kind: z.string(),
  name: z.string(),
  name_en: z.string(),
  points: z.number().int(),
  /** null: not placed in a room (the real-time page, the diagram editor and the checklist miss it). */
  room_id: z.number().int().nullable(),
  room_name: z.string().nullable(),
  room_name_en: z.string().nullable(),
  /** The upstream device (a meter's breaker, a feeder's transformer): where the diagram draft draws it; null: none. */
  parent_id: z.number().int().nullable(),
});
export type GatewayDeviceRow = z.infer<typeof gatewayDeviceRow>;
export const gatewayDeviceList = z.array(gatewayDeviceRow);

export const DEVICE_SN_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const gatewayDeviceCreate = z.object({
  gateway_id: dbIdParam,
  sn: z.string().trim().regex(DEVICE_SN_PATTERN, { message: 'device serial number: 1–64 letters, digits, ".", "_" or "-"' }),
  /** A catalogue kind (built-in template) or `template_id` (a custom template): exactly one. */
  kind: z.enum(DEVICE_KINDS).optional(),
  template_id: dbIdParam.optional(),
  name,
  name_en: nameEn,
  /** The room the device stands in (a room of the gateway's project); null or absent: not yet placed. */
  room_id: dbIdParam.nullable().optional(),
  /** The upstream device (same project, not itself, no cycle); null or absent: none. */
  parent_id: dbIdParam.nullable().optional(),
});
export type GatewayDeviceCreate = z.infer<typeof gatewayDeviceCreate>;
/**
 * Rename and place: `room_id` absent keeps the room, null takes the device out of its room; `parent_id` (the
 * upstream device) likewise: absent keeps it, null clears it.
 */
export const gatewayDeviceUpdate = z.object({ name, name_en: nameEn, room_id: dbIdParam.nullable().optional(), parent_id: dbIdParam.nullable().optional() });

/** Moves devices of one project into a room (or out of every room, `room_id` null), all or nothing. */
export const gatewayDeviceMove = z.object({
  project_id: dbIdParam,
  device_ids: z.array(dbIdParam).min(1).max(2000),
  room_id: dbIdParam.nullable(),
});
export type GatewayDeviceMove = z.infer<typeof gatewayDeviceMove>;
export const gatewayDeviceMoved = z.object({ moved: z.number().int() });

/** A project's rooms with how many registered devices stand in each (the room pickers of the devices tab). */
export const gatewayRoom = z.object({ id: z.number().int(), name: z.string(), name_en: z.string(), devices: z.number().int() });
export type GatewayRoom = z.infer<typeof gatewayRoom>;
export const gatewayRoomList = z.array(gatewayRoom);
export type GatewayDeviceUpdate = z.infer<typeof gatewayDeviceUpdate>;
