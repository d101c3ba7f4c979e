import { z } from 'zod';
import { bigIdParam } from '../ids.js';
import { PASSWORD_MAX_LENGTH } from '../password.js';
import { userTypeSchema } from './user.js';

export const languageSchema = z.enum(['zh', 'en']);

/** The signed-in user's own data (spec §2 "User data"). */
export const accountProfile = z.object({
  id: z.number().int(),
  username: z.string(),
  userType: userTypeSchema,
  name: z.string(),
  name_en: z.string(),
  phone: z.string(),
  email: z.string(),
  language: languageSchema.nullable(),
  org_id: z.number().int(),
  org_name: z.string(),
  org_name_en: z.string(),
  must_change_password: z.boolean(),
});
export type AccountProfile = z.infer<typeof accountProfile>;

/** Mainland mobile numbers (11 digits starting 1) or international numbers (+, 6–15 digits, spaces and dashes). */
export const PHONE_PATTERN = /^(1\d{10}|\+?[0-9][0-9 -]{5,18}[0-9])$/;

/** A plain address check (local@domain.tld); delivery is what proves an address. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const updateProfileRequest = z.object({
  name: z.string().trim().min(1).max(64),
  name_en: z.string().trim().max(64),
  phone: z.union([z.literal(''), z.string().trim().regex(PHONE_PATTERN)]),
  email: z.union([z.literal(''), z.string().trim().max(254).regex(EMAIL_PATTERN)]),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

export const changePasswordRequest = z.object({
  old_password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  /** Checked against the password policy (passwordProblems) by the server, with a message naming the field. */
  new_password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/** null: no preference (the console follows the browser's or the last local choice). */
export const setLanguageRequest = z.object({ language: languageSchema.nullable() });

/** One login session of the signed-in user. */
export const accountSession = z.object({
  id: z.number().int(),
  device_type: z.string(),
  ip: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSession>;

export const sessionIdParams = z.object({ id: bigIdParam });
export const revokedCount = z.object({ revoked: z.number().int() });
