import { z } from 'zod';
import { dbId, dbIdParam, int16, int32 } from '../ids.js';

/**
 * Remote-control configuration (/RunSetup/RemoteCtrlSet; docs/control-config.md): per breaker whether it may be
 * operated remotely, by whom, and whether a second authorised user must approve the selection before execute
 * (two-person rule); the site's blocked periods (site time); interlocks. All checked by the server before a
 * selection is granted.
 */
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');

export const controlConfigQuery = z.object({ project_id: dbIdParam });

export const controlBreakerSetting = z.object({
  device_id: dbId,
  name: z.string(),
  name_en: z.string(),
  kind: z.string(),
  controllable: z.boolean(),
  /** Users who may operate it; empty: everyone of the site holding the control permission. */
  user_ids: z.array(dbId),
  /** Roles (user_type: 0 centre, 1 site user, 2 worker) who may operate it; empty: any role. */
  role_types: z.array(z.number().int().min(0).max(2)),
  two_person: z.boolean(),
  /** Line voltage from the device's props (`voltage_kv`, or phase `voltage_v` × √3); null: unknown. */
  voltage_kv: z.number().nullable(),
  /** The two-person rule applies: set on the breaker, or by the site's "above N kV" rule (unknown voltage counts). */
  two_person_effective: z.boolean(),
  /** 0: never saved (defaults apply). */
  version: z.number().int(),
});
export type ControlBreakerSetting = z.infer<typeof controlBreakerSetting>;

export const controlBlockedPeriod = z.object({ id: dbId, name: z.string(), name_en: z.string(), start: z.string(), end: z.string() });
export type ControlBlockedPeriod = z.infer<typeof controlBlockedPeriod>;

export const controlInterlock = z.object({
  id: dbId,
  device_id: dbId,
  action: z.enum(['open', 'close']),
  other_device_id: dbId,
  /** The other breaker's state that forbids the action: true = while it is closed. */
  other_closed: z.boolean(),
  name: z.string(),
  name_en: z.string(),
});
export type ControlInterlock = z.infer<typeof controlInterlock>;

export const controlConfig = z.object({
  breakers: z.array(controlBreakerSetting),
  users: z.array(z.object({ id: dbId, name: z.string(), name_en: z.string(), username: z.string() })),
  blocks: z.array(controlBlockedPeriod),
  interlocks: z.array(controlInterlock),
  timezone: z.string(),
  /** Site-wide: the two-person rule for every breaker above this line voltage (kV); null = off. */
  site: z.object({ two_person_above_kv: z.number().nullable(), version: z.number().int() }),
});
export type ControlConfig = z.infer<typeof controlConfig>;

export const controlBreakerParams = z.object({ device_id: dbIdParam });
export const controlBreakerUpdate = z.object({
  controllable: z.boolean(),
  user_ids: z.array(dbId).max(200),
  role_types: z.array(int16.min(0).max(2)).max(3).default([]),
  two_person: z.boolean(),
  version: int32.min(0),
});
/** The site-wide switch; version 0 = never saved. */
export const controlSiteUpdate = z.object({ project_id: dbId, two_person_above_kv: z.number().finite().min(0).max(1000).nullable(), version: int32.min(0) });
export const controlBlockCreate = z.object({
  project_id: dbId,
  name: z.string().trim().min(1).max(64),
  name_en: z.string().trim().max(64),
  start: hhmm,
  end: hhmm,
});
export const controlInterlockCreate = z.object({
  project_id: dbId,
  device_id: dbId,
  action: z.enum(['open', 'close']),
  other_device_id: dbId,
  other_closed: z.boolean(),
  name: z.string().trim().min(1).max(64),
  name_en: z.string().trim().max(64),
});
export const controlConfigIdParams = z.object({ id: dbIdParam });

/** Selections of the site waiting for a second person's approval (two-person rule). */
export const controlApproval = z.object({
  selection_id: z.string(),
  device_id: dbId,
  device_name: z.string(),
  device_name_en: z.string(),
  action: z.enum(['open', 'close']),
  user_name: z.string(),
  user_name_en: z.string(),
  expires_at: z.string(),
  /** The caller selected it: they cannot approve it themselves. */
  own: z.boolean(),
});
export type ControlApproval = z.infer<typeof controlApproval>;
export const controlApproveRequest = z.object({ selection_id: z.string().min(1).max(64) });
