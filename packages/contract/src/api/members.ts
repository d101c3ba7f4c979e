import { z } from 'zod';
import { dbId, dbIdParam, int16Param, int32Param, rowVersion } from '../ids.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_CLASSES, PASSWORD_MIN_LENGTH, passwordProblems } from '../password.js';
import { permissionSchema } from '../permissions.js';
import { userTypeSchema } from './user.js';

/**
 * The password a member is invited or reset with: the console-wide policy (password.ts) — the same rule the
 * account's own change-password form and the first-start administrator follow.
 */
export const MEMBER_PASSWORD_MIN = PASSWORD_MIN_LENGTH;
export const memberPassword = z
  .string()
  .max(PASSWORD_MAX_LENGTH)
  .refine((p) => passwordProblems(p).length === 0, {
    message: `${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters, at least ${PASSWORD_MIN_CLASSES} of lower case, upper case, digits and symbols, not a common password`,
  });

export const memberStatus = z.enum(['active', 'disabled', 'locked']);
export type MemberStatus = z.infer<typeof memberStatus>;

/** One member as the member pages show it. */
export const member = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  name_en: z.string(),
  user_type: userTypeSchema,
  org_id: z.number().int(),
  org_name: z.string(),
  org_name_en: z.string(),
  project_ids: z.array(z.number().int()),
  permissions: z.array(permissionSchema),
  phone: z.string(),
  email: z.string(),
  enabled: z.boolean(),
  /** Over the login limit right now (wrong passwords); "unlock" clears it. */
  locked: z.boolean(),
  must_change_password: z.boolean(),
  /** Optimistic version: an edit names the version it started from. */
  version: z.number().int(),
  created_at: z.string(),
  /**
   * Within the caller's privilege ceiling (docs/permissions.md): false for a stronger member, which the caller
   * sees but cannot edit, reset, disable, enable or unlock (the server refuses; the page offers no action).
   */
  manageable: z.boolean(),
});
export type Member = z.infer<typeof member>;

export const memberListQuery = z.object({
  role: int16Param.min(0).max(2).optional(),
  project_id: dbIdParam.optional(),
  status: memberStatus.optional(),
  keyword: z.string().trim().max(64).optional(),
  page: int32Param.min(1).default(1),
  size: int32Param.min(1).max(200).default(50),
});
export const memberListResponse = z.object({ total: z.number().int(), list: z.array(member) });

const phone = z
  .string()
  .trim()
  .max(32)
  .regex(/^$|^\+?[0-9][0-9 -]{4,30}$/, 'digits, spaces, "-" and a leading "+"');
const email = z.union([z.literal(''), z.email().max(254)]);

/** What an edit may change (role, organisation, projects, permissions, names, contacts). */
export const memberFields = z.object({
  name: z.string().trim().min(1).max(64),
  name_en: z.string().trim().max(64).default(''),
  user_type: userTypeSchema,
  org_id: dbId,
  project_ids: z.array(dbId).max(1000).default([]),
  permissions: z.array(permissionSchema).max(4),
  phone: phone.default(''),
  email: email.default(''),
});

export const memberCreateRequest = memberFields.extend({
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{3,32}$/, '3–32 letters, digits, "_", "." or "-"'),
  /** The first-login password; generated (and answered once) when absent. */
  password: memberPassword.optional(),
});
export type MemberCreateRequest = z.input<typeof memberCreateRequest>;

export const memberUpdateRequest = memberFields.extend({ version: rowVersion });
export type MemberUpdateRequest = z.input<typeof memberUpdateRequest>;

/** A new member, or a reset password: the first-login password is in the answer once and never again. */
export const memberPasswordResponse = z.object({ member, password: z.string() });

export const memberResetRequest = z.object({ password: memberPassword.optional() });
export const memberStatusRequest = z.object({ enabled: z.boolean() });
export const memberIdParams = z.object({ id: dbIdParam });
