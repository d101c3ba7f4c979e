import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export interface AuditRow {
  org_id: number | null;
  project_id: number | null;
  user_id: number | null;
  username: string | null;
  kind: 'login_ok' | 'login_failed' | 'logout' | 'write' | 'control' | 'read';
  action: string;
  target_type: string | null;
  target_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  user_agent: string | null;
  device_type: string | null;
}

export interface AuditScope {
  /** Entries of these organisations. */
  orgIds: number[];
  /**
   * Also the entries that belong to no organisation (failed logins of unknown usernames): only the operator's
   * centre users (first root organisation), so one tenant never sees another's mistyped usernames.
   */
  orgless: boolean;
  /** Only entries of these projects or of no project (site managers); null for centre users. */
  projectIds: number[] | null;
}

export interface AuditFilter {
  from?: Date | undefined;
  to?: Date | undefined;
  username?: string | undefined;
  kind?: AuditRow['kind'] | undefined;
  action?: string | undefined;
  keyword?: string | undefined;
}

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The usage log (0019). Only INSERT and SELECT here: the database refuses UPDATE and DELETE (see purgeOlderThan). */
export const auditRepository = {
  async insert(db: Db, r: AuditRow): Promise<string> {
    const row = await db
      .insertInto('audit_log')
      .values({ ...r, before: json(r.before), after: json(r.after) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  },

  /** The organisation of a user (a failed login of a known username belongs to the user's organisation). */
  async userByName(db: Db, username: string) {
    return db.selectFrom('users').select(['id', 'org_id', 'username']).where('username', '=', username).executeTakeFirst();
  },

  /** The installation's operator: the first root organisation (the bootstrap administrator's). */
  async isOperatorOrg(db: Db, orgId: number): Promise<boolean> {
    const r = await db
      .selectFrom('organizations')
      .select('id')
      .where('parent_id', 'is', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return r?.id === orgId;
  },

  async list(db: Db, scope: AuditScope, f: AuditFilter, page: number, size: number) {
    let q = db.selectFrom('audit_log').where((eb) => {
      const inOrg = scope.orgIds.length ? eb('org_id', 'in', scope.orgIds) : eb.val(false);
      return scope.orgless ? eb.or([inOrg, eb('org_id', 'is', null)]) : inOrg;
    });
    if (scope.projectIds !== null) {
      const ids = scope.projectIds;
      q = q.where((eb) => eb.or([eb('project_id', 'is', null), ...(ids.length ? [eb('project_id', 'in', ids)] : [])]));
    }
    if (f.from) q = q.where('at', '>=', f.from);
    if (f.to) q = q.where('at', '<', f.to);
    if (f.username) q = q.where('username', 'ilike', like(f.username));
    if (f.kind) q = q.where('kind', '=', f.kind);
    if (f.action) q = q.where('action', 'ilike', like(f.action));
    if (f.keyword) {
      const k = like(f.keyword);
      q = q.where((eb) =>
        eb.or([
          eb('action', 'ilike', k),
          eb('username', 'ilike', k),
          eb('target_id', 'ilike', k),
          eb('ip', 'ilike', k),
          eb(sql<string>`coalesce(before::text, '') || ' ' || coalesce(after::text, '')`, 'ilike', k),
        ]),
      );
    }
    const total = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const rows = await q
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute();
    return { total: total.n, rows };
  },

  /**
   * Claims today's retention run (one instance a day): the state row is locked (SKIP LOCKED: another instance
   * is running it) and moved to now unless it ran less than `minGapHours` ago. false: nothing to do here.
   */
  async claimRetention(db: Db, minGapHours: number): Promise<boolean> {
    const r = await sql<{ id: number }>`
      UPDATE audit_retention_state SET last_run = now()
      WHERE id = (SELECT id FROM audit_retention_state WHERE id = 1 FOR UPDATE SKIP LOCKED)
        AND last_run < now() - make_interval(hours => ${minGapHours}::int)
      RETURNING id`.execute(db);
    return r.rows.length > 0;
  },

  /**
   * The only way rows leave the log: inside the caller's transaction, the trigger of 0019 lets a DELETE through
   * once `gridops.audit_retention` is on for that transaction (set_config(…, true) ends with it).
   */
  async purgeOlderThan(db: Db, cutoff: Date): Promise<number> {
    await sql`SELECT set_config('gridops.audit_retention', 'on', true)`.execute(db);
    const r = await db.deleteFrom('audit_log').where('at', '<', cutoff).executeTakeFirst();
    await sql`SELECT set_config('gridops.audit_retention', 'off', true)`.execute(db);
    return Number(r.numDeletedRows);
  },
};
