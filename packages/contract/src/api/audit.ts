import { z } from 'zod';
import { int32Param } from '../ids.js';

/** What an audit entry records (docs/audit.md). */
export const auditKinds = ['login_ok', 'login_failed', 'logout', 'write', 'control', 'read'] as const;
export const auditKind = z.enum(auditKinds);
export type AuditKind = z.infer<typeof auditKind>;

/** One usage-log entry. `before`/`after` are the changed object's state (or the request, for generic writes). */
export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  org_id: z.number().int().nullable(),
  project_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  kind: auditKind,
  /** A route id of the contract's table (`member.update`) or a domain action (`user.login`). */
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  device_type: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

const isoTime = z
  .string()
  .trim()
  .max(40)
  .refine((s) => {
    const d = new Date(s);
    return !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 1900 && d.getUTCFullYear() <= 9999;
  }, { message: 'an ISO 8601 time between the years 1900 and 9999' });

export const auditListQuery = z.object({
  from: isoTime.optional(),
  to: isoTime.optional(),
  username: z.string().trim().max(64).optional(),
  kind: auditKind.optional(),
  action: z.string().trim().max(100).optional(),
  keyword: z.string().trim().max(100).optional(),
  page: int32Param.min(1).default(1),
  /** Up to 5000 for the export. */
  size: int32Param.min(1).max(5000).default(50),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;
export const auditListResponse = z.object({ total: z.number().int(), list: z.array(auditEntry) });
