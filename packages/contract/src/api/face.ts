import { z } from 'zod';
import { dbId, dbIdParam, int32, rowVersion, rowVersionParam } from '../ids.js';

/**
 * Face library (/FacerecManage; docs/face-library.md): a site's people with one face photo each and the access
 * groups that say which doors they may open and when. Photos travel base64 (no data: prefix); the server checks
 * PNG/JPEG by magic bytes, the size and the pixel dimensions, and stores them encrypted.
 */
export const FACE_PERSON_KINDS = ['staff', 'contractor', 'visitor'] as const;
export type FacePersonKind = (typeof FACE_PERSON_KINDS)[number];
/** A face photo: PNG or JPEG, at most this many bytes, at least FACE_PHOTO_MIN_PX wide and high. */
export const FACE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const FACE_PHOTO_MIN_PX = 200;
/** Device kinds a group's doors may be. */
export const FACE_DOOR_KINDS = ['env_sensor', 'access_terminal'] as const;

const name = z.string().trim().min(1).max(64);
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'HH:mm');
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
const photo = z.string().min(1).max(Math.ceil((FACE_PHOTO_MAX_BYTES * 4) / 3) + 1024);
const withVersion = { version: rowVersion };
const stored = { id: z.number().int(), project_id: z.number().int(), version: z.number().int() };

export const faceGroupFields = z.object({
  name,
  name_en: name,
  door_ids: z.array(dbId).max(200),
  /** ISO weekdays 1 (Monday) … 7 (Sunday). */
  days: z.array(int32.min(1).max(7)).max(7),
  time_from: hhmm,
  time_to: hhmm,
});
export const faceGroup = faceGroupFields.extend(stored);
export type FaceGroup = z.infer<typeof faceGroup>;
export const faceGroupCreate = faceGroupFields.extend({ project_id: dbId });
export const faceGroupUpdate = faceGroupFields.extend(withVersion);

export const facePersonFields = z.object({
  name,
  name_en: name,
  kind: z.enum(FACE_PERSON_KINDS),
  company: z.string().trim().max(100),
  phone: z.string().trim().regex(/^[0-9+\- ]{0,20}$/, 'phone'),
  group_id: dbId.nullable(),
  valid_from: day.nullable(),
  valid_until: day.nullable(),
  enabled: z.boolean(),
});
/** Sync counts of a person over the terminals it belongs on (docs/face-library.md "Sync to terminals"). */
export const facePersonSync = z.object({ synced: z.number().int(), pending: z.number().int(), failed: z.number().int(), deleting: z.number().int() });
export const facePerson = facePersonFields.extend({
  ...stored,
  has_photo: z.boolean(),
  photo_width: z.number().int().nullable(),
  photo_height: z.number().int().nullable(),
  /** Deleted, the photo gone; the row stays until every terminal acknowledged its face_delete. */
  deleting: z.boolean(),
  sync: facePersonSync,
});
export type FacePerson = z.infer<typeof facePerson>;
/** Create needs the photo; update replaces it only when one is sent. */
export const facePersonCreate = facePersonFields.extend({ project_id: dbId, photo });
export const facePersonUpdate = facePersonFields.extend({ ...withVersion, photo: photo.optional() });

/** A door a group may open: one of the site's door devices. */
export const faceDoor = z.object({ id: z.number().int(), kind: z.string(), name: z.string(), name_en: z.string(), sn: z.string() });
export type FaceDoor = z.infer<typeof faceDoor>;

export const faceListRequest = z.object({ project_id: dbIdParam });
export const faceIdParams = z.object({ id: dbIdParam });
export const faceDeleteRequest = z.object({ version: rowVersionParam });
export const facePeopleList = z.object({ items: z.array(facePerson) });
export const faceGroupList = z.object({ items: z.array(faceGroup), doors: z.array(faceDoor) });
export const facePhoto = z.object({ photo_type: z.string(), photo: z.string() });

/** Checks needing more than one field (both sides show the same message), or null. */
export function facePersonProblem(v: { kind: string; valid_from: string | null; valid_until: string | null }): { field: string; zh: string; en: string } | null {
  if (v.kind === 'visitor' && (!v.valid_from || !v.valid_until)) return { field: 'valid_until', zh: '访客须填写有效期', en: 'A visitor needs a validity period' };
  if (v.valid_from && v.valid_until && v.valid_until < v.valid_from) return { field: 'valid_until', zh: '有效期结束日期不能早于开始日期', en: 'The validity cannot end before it starts' };
  return null;
}
export function faceGroupProblem(v: { time_from: string; time_to: string }): { field: string; zh: string; en: string } | null {
  if (v.time_to <= v.time_from) return { field: 'time_to', zh: '结束时间须晚于开始时间', en: 'The window must end after it starts' };
  return null;
}
