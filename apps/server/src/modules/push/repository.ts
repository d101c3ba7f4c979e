import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export interface SmtpRow {
  org_id: number;
  host: string;
  port: number;
  secure: boolean;
  username: string;
  password: string;
  from_addr: string;
}
export interface ChannelRow {
  id: number;
  org_id: number;
  kind: 'wecom' | 'dingtalk' | 'feishu';
  name: string;
  url: string;
  secret: string;
  enabled: boolean;
}
export interface RuleRow {
  id: number;
  org_id: number;
  project_id: number | null;
  name: string;
  event_types: number[];
  min_level: number;
  user_ids: number[];
  channel_ids: number[];
  quiet_start: string | null;
  quiet_end: string | null;
  escalate_minutes: number | null;
  escalate_user_ids: number[];
  enabled: boolean;
}
export interface RuleInput {
  org_id: number;
  project_id: number | null;
  name: string;
  event_types: number[];
  min_level: number;
  user_ids: number[];
  channel_ids: number[];
  quiet_start: string | null;
  quiet_end: string | null;
  escalate_minutes: number | null;
  escalate_user_ids: number[];
  enabled: boolean;
}
export interface DeliveryRow {
  id: number;
  org_id: number;
  rule_id: number | null;
  event_id: number | null;
  target: string;
  channel_id: number | null;
  to_addr: string;
  subject: string;
  body: string;
  status: 'pending' | 'sent' | 'failed' | 'cancelled';
  unless_acked: boolean;
  attempts: number;
  last_error: string;
  created_at: Date;
  sent_at: Date | null;
  next_at: Date;
}
export interface NewDelivery {
  org_id: number;
  rule_id: number | null;
  event_id: number | null;
  target: 'email' | 'webhook';
  channel_id: number | null;
  to_addr: string;
  subject: string;
  body: string;
  /** Escalation step: sent after this many seconds, only if the event is still unacknowledged. */
  delaySeconds?: number;
}

const ruleCols = sql`id, org_id, project_id, name, event_types, min_level, user_ids, channel_ids, quiet_start, quiet_end, escalate_minutes, escalate_user_ids, enabled`;
const deliveryCols = sql`id::int AS id, org_id, rule_id, event_id::int AS event_id, target, channel_id, to_addr, subject, body, status, unless_acked, attempts, last_error, created_at, sent_at, next_at`;

/** Push settings and the delivery queue: all SQL of the push module. */
export const pushRepository = {
  async smtp(db: Db, orgId: number): Promise<SmtpRow | undefined> {
    const r = await sql<SmtpRow>`SELECT org_id, host, port, secure, username, password, from_addr FROM push_smtp WHERE org_id = ${orgId}`.execute(db);
    return r.rows[0];
  },
  async saveSmtp(db: Db, s: Omit<SmtpRow, 'password'> & { password: string | undefined }): Promise<void> {
    await sql`INSERT INTO push_smtp (org_id, host, port, secure, username, password, from_addr)
      VALUES (${s.org_id}, ${s.host}, ${s.port}, ${s.secure}, ${s.username}, ${s.password ?? ''}, ${s.from_addr})
      ON CONFLICT (org_id) DO UPDATE SET host = EXCLUDED.host, port = EXCLUDED.port, secure = EXCLUDED.secure,
        username = EXCLUDED.username, from_addr = EXCLUDED.from_addr, updated_at = now(),
        password = CASE WHEN ${s.password === undefined} THEN push_smtp.password ELSE EXCLUDED.password END`.execute(db);
  },
  async channels(db: Db, orgId: number): Promise<ChannelRow[]> {
    return (await sql<ChannelRow>`SELECT id, org_id, kind, name, url, secret, enabled FROM push_channels WHERE org_id = ${orgId} ORDER BY id`.execute(db)).rows;
  },
  async channel(db: Db, id: number): Promise<ChannelRow | undefined> {
    return (await sql<ChannelRow>`SELECT id, org_id, kind, name, url, secret, enabled FROM push_channels WHERE id = ${id}`.execute(db)).rows[0];
  },
  async createChannel(db: Db, c: Omit<ChannelRow, 'id'>): Promise<number> {
    const r = await sql<{ id: number }>`INSERT INTO push_channels (org_id, kind, name, url, secret, enabled)
      VALUES (${c.org_id}, ${c.kind}, ${c.name}, ${c.url}, ${c.secret}, ${c.enabled}) RETURNING id`.execute(db);
    return r.rows[0]!.id;
  },
  async updateChannel(db: Db, id: number, c: { kind: string; name: string; url: string; secret: string | undefined; enabled: boolean }): Promise<void> {
    await sql`UPDATE push_channels SET kind = ${c.kind}, name = ${c.name}, url = ${c.url}, enabled = ${c.enabled},
      secret = CASE WHEN ${c.secret === undefined} THEN secret ELSE ${c.secret ?? ''} END WHERE id = ${id}`.execute(db);
  },
  async deleteChannel(db: Db, id: number): Promise<void> {
    await sql`UPDATE push_rules SET channel_ids = array_remove(channel_ids, ${id}) WHERE ${id} = ANY(channel_ids)`.execute(db);
    await sql`DELETE FROM push_channels WHERE id = ${id}`.execute(db);
  },
  async rules(db: Db, orgId: number): Promise<RuleRow[]> {
    return (await sql<RuleRow>`SELECT ${ruleCols} FROM push_rules WHERE org_id = ${orgId} ORDER BY id`.execute(db)).rows;
  },
  /** The rules of some projects (what a site user manages: his sites' rules, never organisation-wide ones). */
  async rulesOfProjects(db: Db, projectIds: number[]): Promise<RuleRow[]> {
    if (projectIds.length === 0) return [];
    return (await sql<RuleRow>`SELECT ${ruleCols} FROM push_rules WHERE project_id = ANY(${projectIds}::int[]) ORDER BY id`.execute(db)).rows;
  },
  async projectsByIds(db: Db, ids: number[]): Promise<{ id: number; name: string; name_en: string; org_id: number }[]> {
    if (ids.length === 0) return [];
    return (await sql<{ id: number; name: string; name_en: string; org_id: number }>`
      SELECT id, name, name_en, org_id FROM projects WHERE id = ANY(${ids}::int[]) ORDER BY id`.execute(db)).rows;
  },
  /** Retention: removes finished deliveries (sent, failed, cancelled) created before `cutoff`. */
  async purgeDeliveries(db: Db, cutoff: Date): Promise<number> {
    const r = await sql`DELETE FROM push_deliveries WHERE created_at < ${cutoff} AND status <> 'pending'`.execute(db);
    return Number(r.numAffectedRows ?? 0);
  },
  /** Claims the day's retention run on the state row (0022): true for one instance per `minGapHours`. */
  async claimRetention(db: Db, minGapHours: number): Promise<boolean> {
    const r = await sql<{ id: number }>`
      UPDATE push_retention_state SET last_run = now()
      WHERE id = (SELECT id FROM push_retention_state WHERE id = 1 FOR UPDATE SKIP LOCKED)
        AND last_run < now() - make_interval(hours => ${minGapHours}::int)
      RETURNING id`.execute(db);
    return r.rows.length > 0;
  },
  async rule(db: Db, id: number): Promise<RuleRow | undefined> {
    return (await sql<RuleRow>`SELECT ${ruleCols} FROM push_rules WHERE id = ${id}`.execute(db)).rows[0];
  },
  async createRule(db: Db, r: RuleInput): Promise<number> {
    const res = await sql<{ id: number }>`INSERT INTO push_rules (org_id, project_id, name, event_types, min_level, user_ids, channel_ids, quiet_start, quiet_end, escalate_minutes, escalate_user_ids, enabled)
      VALUES (${r.org_id}, ${r.project_id}, ${r.name}, ${r.event_types}::int[], ${r.min_level}, ${r.user_ids}::int[], ${r.channel_ids}::int[], ${r.quiet_start}, ${r.quiet_end},
        ${r.escalate_minutes}, ${r.escalate_user_ids}::int[], ${r.enabled}) RETURNING id`.execute(db);
    return res.rows[0]!.id;
  },
  async updateRule(db: Db, id: number, r: RuleInput): Promise<void> {
    await sql`UPDATE push_rules SET org_id = ${r.org_id}, project_id = ${r.project_id}, name = ${r.name}, event_types = ${r.event_types}::int[],
      min_level = ${r.min_level}, user_ids = ${r.user_ids}::int[], channel_ids = ${r.channel_ids}::int[], quiet_start = ${r.quiet_start},
      quiet_end = ${r.quiet_end}, escalate_minutes = ${r.escalate_minutes}, escalate_user_ids = ${r.escalate_user_ids}::int[],
      enabled = ${r.enabled} WHERE id = ${id}`.execute(db);
  },
  async deleteRule(db: Db, id: number): Promise<void> {
    await sql`DELETE FROM push_rules WHERE id = ${id}`.execute(db);
  },
  /** Enabled users of the organisations given, with e-mail and language (the rule's recipients are chosen among them). */
  async members(db: Db, orgIds: number[]): Promise<{ id: number; name: string; name_en: string; email: string; language: string | null }[]> {
    if (orgIds.length === 0) return [];
    return (await sql<{ id: number; name: string; name_en: string; email: string; language: string | null }>`
      SELECT id, name, name_en, email, language FROM users WHERE org_id = ANY(${orgIds}::int[]) AND enabled ORDER BY id`.execute(db)).rows;
  },
  async usersByIds(db: Db, ids: number[]): Promise<{ id: number; email: string; language: string | null }[]> {
    if (ids.length === 0) return [];
    return (await sql<{ id: number; email: string; language: string | null }>`
      SELECT id, email, language FROM users WHERE id = ANY(${ids}::int[]) AND enabled AND email <> ''`.execute(db)).rows;
  },
  async projects(db: Db, orgIds: number[]): Promise<{ id: number; name: string; name_en: string; org_id: number }[]> {
    if (orgIds.length === 0) return [];
    return (await sql<{ id: number; name: string; name_en: string; org_id: number }>`
      SELECT id, name, name_en, org_id FROM projects WHERE org_id = ANY(${orgIds}::int[]) ORDER BY id`.execute(db)).rows;
  },
  /** The enabled rules that apply to a project: its own, and those of every organisation on its chain. */
  async rulesForProject(db: Db, projectId: number): Promise<(RuleRow & { timezone: string })[]> {
    return (await sql<RuleRow & { timezone: string }>`
      WITH RECURSIVE chain AS (
        SELECT o.id, o.parent_id FROM organizations o JOIN projects p ON p.org_id = o.id WHERE p.id = ${projectId}
        UNION ALL
        SELECT o.id, o.parent_id FROM organizations o JOIN chain c ON o.id = c.parent_id
      )
      SELECT r.id, r.org_id, r.project_id, r.name, r.event_types, r.min_level, r.user_ids, r.channel_ids, r.quiet_start, r.quiet_end, r.escalate_minutes, r.escalate_user_ids, r.enabled,
        (SELECT timezone FROM projects WHERE id = ${projectId}) AS timezone
      FROM push_rules r
      WHERE r.enabled AND (r.project_id = ${projectId} OR (r.project_id IS NULL AND r.org_id IN (SELECT id FROM chain)))`.execute(db)).rows;
  },
  async enqueue(db: Db, rows: NewDelivery[]): Promise<void> {
    for (const d of rows) {
      const delay = d.delaySeconds ?? 0;
      await sql`INSERT INTO push_deliveries (org_id, rule_id, event_id, target, channel_id, to_addr, subject, body, unless_acked, next_at)
        VALUES (${d.org_id}, ${d.rule_id}, ${d.event_id}, ${d.target}, ${d.channel_id}, ${d.to_addr}, ${d.subject}, ${d.body}, ${delay > 0},
          now() + make_interval(secs => ${delay}))`.execute(db);
    }
  },
  /** A finished attempt logged at once (the "send test" button). */
  async logAttempt(db: Db, d: NewDelivery, ok: boolean, error: string): Promise<void> {
    await sql`INSERT INTO push_deliveries (org_id, rule_id, event_id, target, channel_id, to_addr, subject, body, status, attempts, last_error, sent_at)
      VALUES (${d.org_id}, ${d.rule_id}, ${d.event_id}, ${d.target}, ${d.channel_id}, ${d.to_addr}, ${d.subject}, ${d.body},
        ${ok ? 'sent' : 'failed'}, 1, ${error}, ${ok ? sql`now()` : null})`.execute(db);
  },
  /**
   * Claims up to `limit` due deliveries for `leaseSeconds`: next_at moves forward inside the claiming transaction
   * (FOR UPDATE SKIP LOCKED), so another instance neither waits for nor picks the same rows.
   */
  async claimDue(db: Db, limit: number, leaseSeconds: number): Promise<DeliveryRow[]> {
    return (await sql<DeliveryRow>`
      UPDATE push_deliveries SET next_at = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
      WHERE id IN (SELECT id FROM push_deliveries WHERE status = 'pending' AND next_at <= now() ORDER BY next_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING ${deliveryCols}`.execute(db)).rows;
  },
  /** Whether the event has been acknowledged (an escalation step is then cancelled). */
  async eventAcknowledged(db: Db, eventId: number): Promise<boolean> {
    const r = await sql<{ acked: boolean }>`SELECT acknowledged_at IS NOT NULL AS acked FROM events WHERE id = ${eventId}`.execute(db);
    return r.rows[0]?.acked ?? false;
  },
  async markCancelled(db: Db, id: number): Promise<void> {
    await sql`UPDATE push_deliveries SET status = 'cancelled', last_error = 'acknowledged' WHERE id = ${id}`.execute(db);
  },
  async markSent(db: Db, id: number): Promise<void> {
    await sql`UPDATE push_deliveries SET status = 'sent', sent_at = now(), last_error = '' WHERE id = ${id}`.execute(db);
  },
  async markFailed(db: Db, id: number, error: string, retryInSeconds: number | null): Promise<void> {
    if (retryInSeconds === null) await sql`UPDATE push_deliveries SET status = 'failed', last_error = ${error} WHERE id = ${id}`.execute(db);
    else await sql`UPDATE push_deliveries SET last_error = ${error}, next_at = now() + make_interval(secs => ${retryInSeconds}) WHERE id = ${id}`.execute(db);
  },
  async deliveries(db: Db, orgId: number, size: number): Promise<DeliveryRow[]> {
    return (await sql<DeliveryRow>`SELECT ${deliveryCols} FROM push_deliveries WHERE org_id = ${orgId} ORDER BY id DESC LIMIT ${size}`.execute(db)).rows;
  },
};
