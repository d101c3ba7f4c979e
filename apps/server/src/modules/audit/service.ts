import { UserType, type AuditEntry, type AuditKind, type AuditListQuery } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { requirePermission, type AccessService } from '../access/service.js';
import type { AuthUser } from '../../types.js';
import { auditContext } from './context.js';
import { redact } from './redact.js';
import { auditRepository as repo, type AuditScope } from './repository.js';

/** Who did it, when they are not the request's session user (a login: the session does not exist yet). */
export interface AuditActor {
  id: number | null;
  orgId: number | null;
  username: string | null;
}

export interface AuditEntryInput {
  kind: AuditKind;
  /** A route id (`member.update`) or a domain action (`user.login`). */
  action: string;
  target?: { type: string; id: string | number } | undefined;
  before?: unknown;
  after?: unknown;
  projectId?: number | null | undefined;
  /** Defaults to the request's session user. */
  actor?: AuditActor | undefined;
  /** Defaults to the request's address. */
  ip?: string | undefined;
}

/** What a domain service knows about a change it makes: the object before and after (null: created/deleted). */
export interface AuditChange {
  action: string;
  target: { type: string; id: string | number };
  before: unknown;
  after: unknown;
  projectId?: number | null | undefined;
}

const toEntry = (r: Awaited<ReturnType<typeof repo.list>>['rows'][number]): AuditEntry => ({
  id: String(r.id),
  at: r.at.toISOString(),
  org_id: r.org_id,
  project_id: r.project_id,
  user_id: r.user_id,
  username: r.username,
  kind: r.kind,
  action: r.action,
  target_type: r.target_type,
  target_id: r.target_id,
  before: r.before ?? null,
  after: r.after ?? null,
  ip: r.ip,
  user_agent: r.user_agent,
  device_type: r.device_type,
});

/**
 * Usage logs (docs/audit.md). Entries are written in the caller's transaction (`record(trx, …)`), so a change
 * and its entry commit or roll back together; the request's user, address and route come from the audit
 * context addRoute sets. Domain services that know before/after call `recordChange`; every other successful
 * non-GET route gets a generic entry from the write hook (plugins/audit.ts).
 */
export function createAuditService(db: Db, access: AccessService) {
  async function record(trx: Db, e: AuditEntryInput): Promise<string> {
    const ctx = auditContext.current();
    const user = ctx?.user ?? null;
    const actor: AuditActor = e.actor ?? { id: user?.id ?? null, orgId: user?.orgId ?? null, username: user?.username ?? null };
    if (ctx && (e.kind === 'write' || e.kind === 'control' || e.kind === 'login_ok' || e.kind === 'logout')) ctx.recorded = true;
    return repo.insert(trx, {
      org_id: actor.orgId,
      project_id: e.projectId ?? null,
      user_id: actor.id,
      username: actor.username,
      kind: e.kind,
      action: e.action,
      target_type: e.target?.type ?? null,
      target_id: e.target ? String(e.target.id) : null,
      before: e.before === undefined ? null : redact(e.before),
      after: e.after === undefined ? null : redact(e.after),
      ip: e.ip ?? ctx?.ip ?? null,
      user_agent: ctx?.userAgent?.slice(0, 500) ?? null,
      device_type: ctx?.deviceType ?? null,
    });
  }

  async function scopeOf(user: AuthUser): Promise<AuditScope> {
    requirePermission(user, 'manageUsers');
    const s = await access.scope(user);
    if (user.userType === UserType.Centre) return { orgIds: s.orgIds, orgless: await repo.isOperatorOrg(db, user.orgId), projectIds: null };
    return { orgIds: [user.orgId], orgless: false, projectIds: s.projectIds };
  }

  return {
    record,

    /** A write whose before and after the service knows (a diff in the log); call it inside the write's transaction. */
    recordChange: (trx: Db, c: AuditChange) =>
      record(trx, { kind: 'write', action: c.action, target: c.target, before: c.before, after: c.after, projectId: c.projectId }),

    /** A login attempt: the actor is the username tried (its organisation when the user exists). */
    async recordLogin(ok: boolean, username: string, ip: string, reason?: string): Promise<void> {
      const u = await repo.userByName(db, username);
      await record(db, {
        kind: ok ? 'login_ok' : 'login_failed',
        action: 'user.login',
        actor: { id: u?.id ?? null, orgId: u?.org_id ?? null, username: username.slice(0, 100) },
        ip,
        ...(reason ? { after: { reason } } : {}),
      });
    },

    async list(user: AuthUser, q: AuditListQuery) {
      const scope = await scopeOf(user);
      const r = await repo.list(
        db,
        scope,
        {
          from: q.from ? new Date(q.from) : undefined,
          to: q.to ? new Date(q.to) : undefined,
          username: q.username || undefined,
          kind: q.kind,
          action: q.action || undefined,
          keyword: q.keyword || undefined,
        },
        q.page,
        q.size,
      );
      return { total: r.total, list: r.rows.map(toEntry) };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
