import { z } from 'zod';
import { permissionSchema } from '../permissions.js';

export const userTypeSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

export const loginRequest = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** Spec §3 "User info": id, org_id, mqtt {username, pass}; the foundation issue adds the rest. */
export const userInfo = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  username: z.string(),
  name: z.string(),
  /** The display name in English (pinyin for people); '' when none was recorded. */
  name_en: z.string(),
  userType: userTypeSchema,
  project_id: z.number().int().nullable().optional(),
  project_ids: z.array(z.number().int()),
  /** True when `permissions` has 'control' (kept for the pages that read it). */
  can_control: z.boolean(),
  /** What the server lets this user do (docs/permissions.md); pages hide what it would refuse. */
  permissions: z.array(permissionSchema),
  /** The account must change its password before anything else (first login of a bootstrap or invited user). */
  must_change_password: z.boolean().optional(),
  /** The language the console opens in; null until the user picks one. */
  language: z.enum(['zh', 'en']).nullable().optional(),
  mqtt: z.object({ username: z.string(), pass: z.string() }),
});
export type UserInfo = z.infer<typeof userInfo>;

export const loginResponse = z.object({
  token: z.string(),
  userType: userTypeSchema,
  expiresAt: z.string(),
  /** Every route but change-password, userinfo and logout answers 10030 until the password is changed. */
  mustChangePassword: z.boolean().optional(),
  userInfo,
});
export type LoginResponse = z.infer<typeof loginResponse>;
