import { z } from 'zod';
import { dbId, dbIdParam, int32Param } from '../ids.js';

/**
 * The face library's second half (docs/face-library.md): people pushed to the site's door terminals through the
 * gateway command channel (`face_sync` / `face_delete`, docs/gateway-protocol.md), a sync status per person and
 * terminal, and the terminals' recognition records (`…/face_event`).
 */
export const FACE_SYNC_STATUSES = ['pending', 'synced', 'failed', 'deleting'] as const;
export type FaceSyncStatus = (typeof FACE_SYNC_STATUSES)[number];
export const FACE_RESULTS = ['pass', 'deny'] as const;
export type FaceResult = (typeof FACE_RESULTS)[number];
/** A recognition snapshot: a small PNG/JPEG data URL, at most this many characters. */
export const FACE_SNAPSHOT_MAX_CHARS = 512 * 1024;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'HH:mm');
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

/** `face_sync` command params (server → gateway): enrol or update one person on one terminal. */
export const faceSyncCommandParams = z.object({
  /** The terminal's `devices.sn` within the gateway. */
  device_sn: z.string().min(1).max(64),
  person_id: z.number().int().positive(),
  name: z.string(),
  name_en: z.string(),
  valid_from: day.nullable(),
  valid_until: day.nullable(),
  /** The weekly window of this door for this person: ISO weekdays and site-time hours. */
  days: z.array(z.number().int().min(1).max(7)),
  time_from: hhmm,
  time_to: hhmm,
  photo_type: z.enum(['image/png', 'image/jpeg']),
  /** The face photo, base64 (no data: prefix). */
  photo: z.string().min(1),
});
export type FaceSyncCommandParams = z.infer<typeof faceSyncCommandParams>;
/** `face_delete` command params: remove one person (and their photo) from one terminal; ok when absent already. */
export const faceDeleteCommandParams = z.object({ device_sn: z.string().min(1).max(64), person_id: z.number().int().positive() });
export type FaceDeleteCommandParams = z.infer<typeof faceDeleteCommandParams>;

/** `…/face_event` (gateway → server): one recognition at a terminal. */
export const faceEventPayload = z.object({
  /** The terminal's own record id; a repeat from the same gateway is stored once. */
  id: z.string().min(1).max(64),
  /** Milliseconds since the epoch (a value in seconds is refused). */
  ts: z.number().int().min(946_684_800_000),
  device_sn: z.string().min(1).max(64),
  /** The enrolled person recognised, or null for a stranger (no match above the terminal's threshold). */
  person_id: z.number().int().positive().nullable(),
  score: z.number().min(0).max(1),
  result: z.enum(FACE_RESULTS),
  snapshot: z
    .string()
    .max(FACE_SNAPSHOT_MAX_CHARS)
    .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/, 'a PNG or JPEG data URL'),
});
export type FaceEventPayload = z.infer<typeof faceEventPayload>;

/** One person × terminal: where the person's enrolment stands. */
export const faceSyncRow = z.object({
  person_id: z.number().int(),
  terminal_id: z.number().int(),
  terminal_name: z.string(),
  status: z.enum(FACE_SYNC_STATUSES),
  reason: z.string(),
  attempts: z.number().int(),
  updated_at: z.string(),
});
export type FaceSyncRow = z.infer<typeof faceSyncRow>;
export const faceSyncList = z.object({ items: z.array(faceSyncRow) });

/** A site's door terminal with its enrolment counts. */
export const faceTerminal = z.object({
  id: z.number().int(),
  sn: z.string(),
  name: z.string(),
  room_name: z.string(),
  enrolled: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
  deleting: z.number().int(),
  /** Last time the terminal was heard (an acknowledgement, a record or its gateway), ISO; null = never. */
  last_seen: z.string().nullable(),
});
export type FaceTerminal = z.infer<typeof faceTerminal>;
export const faceTerminalList = z.object({ items: z.array(faceTerminal) });

export const faceRecord = z.object({
  id: z.number().int(),
  ts: z.string(),
  terminal_id: z.number().int(),
  terminal_name: z.string(),
  person_id: z.number().int().nullable(),
  /** The person's name now; empty for a stranger or a person deleted since. */
  person_name: z.string(),
  stranger: z.boolean(),
  score: z.number(),
  result: z.enum(FACE_RESULTS),
  has_snapshot: z.boolean(),
  /** An event was raised for it (a stranger during the night window). */
  event_id: z.number().int().nullable(),
});
export type FaceRecord = z.infer<typeof faceRecord>;
export const faceRecordQuery = z.object({
  project_id: dbIdParam,
  person_id: dbIdParam.optional(),
  terminal_id: dbIdParam.optional(),
  result: z.enum(FACE_RESULTS).optional(),
  stranger: z.enum(['true', 'false']).optional(),
  /** ISO instants: from inclusive, to exclusive. */
  from: z.string().datetime({ offset: true }).optional(),
  to: z.string().datetime({ offset: true }).optional(),
  page: int32Param.min(1).max(10_000).default(1),
  size: int32Param.min(1).max(100).default(20),
});
export const faceRecordList = z.object({ total: z.number().int(), list: z.array(faceRecord) });

/** The night window of a site (site time; may wrap past midnight): strangers seen in it raise an event. */
export const faceSettingsFields = z.object({ night_from: hhmm, night_to: hhmm });
export const faceSettings = faceSettingsFields.extend({ project_id: z.number().int() });
export type FaceSettings = z.infer<typeof faceSettings>;
export const faceSettingsUpdate = faceSettingsFields.extend({ project_id: dbId });
export const faceSnapshot = z.object({ photo_type: z.string(), photo: z.string() });

/** True when the site time `hhmm` lies in [from, to), the window wrapping past midnight when to ≤ from. */
export function inNightWindow(hhmm: string, from: string, to: string): boolean {
  if (from === to) return false;
  return from < to ? hhmm >= from && hhmm < to : hhmm >= from || hhmm < to;
}
