import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** One order as read for the API, with the names joined in. */
export interface OrderRow {
  id: number;
  org_id: number;
  project_id: number;
  project_name: string;
  project_name_en: string;
  latitude: number;
  longitude: number;
  timezone: string;
  source_kind: 'event' | 'inspection' | 'manual';
  source_ref: string;
  event_id: number | null;
  device_id: number | null;
  device_name: string | null;
  device_name_en: string | null;
  title: string;
  title_en: string;
  description: string;
  priority: string;
  state: string;
  assignee_user_id: number | null;
  assignee_expert_id: number | null;
  assignee_name: string | null;
  assignee_name_en: string | null;
  assignee_phone: string | null;
  respond_due: Date;
  resolve_due: Date;
  accepted_at: Date | null;
  arrived_at: Date | null;
  resolved_at: Date | null;
  verified_at: Date | null;
  closed_at: Date | null;
  cause: string;
  action_taken: string;
  parts: string;
  reject_reason: string;
  photo_ids: number[];
  version: number;
  created_at: Date;
  updated_at: Date;
}

export interface OrderFilter {
  projectIds: number[];
  /** A worker: only orders assigned to him. */
  assigneeUserId?: number | undefined;
  states?: string[] | undefined;
  priority?: string | undefined;
  overdue?: boolean | undefined;
  open?: boolean | undefined;
}

export interface NewOrder {
  org_id: number;
  project_id: number;
  source_kind: 'event' | 'inspection' | 'manual';
  source_ref: string;
  event_id: number | null;
  device_id: number | null;
  title: string;
  title_en: string;
  description: string;
  priority: string;
  created_by: number | null;
  respond_due: Date;
  resolve_due: Date;
  created_at?: Date;
}

/** The columns a transition may change (besides state, version and updated_at). */
export interface OrderChange {
  state: string;
  assignee_user_id?: number | null;
  assignee_expert_id?: number | null;
  accepted_at?: Date | null;
  arrived_at?: Date | null;
  resolved_at?: Date | null;
  verified_at?: Date | null;
  closed_at?: Date | null;
  cause?: string;
  action_taken?: string;
  parts?: string;
  reject_reason?: string;
}

const orderSelect = sql`
  SELECT w.id, w.org_id, w.project_id, p.name AS project_name, p.name_en AS project_name_en, p.latitude, p.longitude, p.timezone,
    w.source_kind, w.source_ref, w.event_id::int AS event_id, w.device_id, d.name AS device_name, d.name_en AS device_name_en,
    w.title, w.title_en, w.description, w.priority, w.state, w.assignee_user_id, w.assignee_expert_id,
    coalesce(u.name, x.name) AS assignee_name, coalesce(u.name_en, x.name_en) AS assignee_name_en, coalesce(u.phone, x.phone) AS assignee_phone,
    w.respond_due, w.resolve_due, w.accepted_at, w.arrived_at, w.resolved_at, w.verified_at, w.closed_at,
    w.cause, w.action_taken, w.parts, w.reject_reason,
    coalesce((SELECT array_agg(ph.id ORDER BY ph.id) FROM work_order_photos ph WHERE ph.order_id = w.id), '{}'::int[]) AS photo_ids,
    w.version, w.created_at, w.updated_at
  FROM work_orders w
  JOIN projects p ON p.id = w.project_id
  LEFT JOIN devices d ON d.id = w.device_id
  LEFT JOIN users u ON u.id = w.assignee_user_id
  LEFT JOIN experts x ON x.id = w.assignee_expert_id`;

function where(f: OrderFilter) {
  const parts = [sql`w.project_id = ANY(${f.projectIds}::int[])`];
  if (f.assigneeUserId !== undefined) parts.push(sql`w.assignee_user_id = ${f.assigneeUserId}`);
  if (f.states?.length) parts.push(sql`w.state = ANY(${f.states}::text[])`);
  if (f.priority) parts.push(sql`w.priority = ${f.priority}`);
  if (f.open) parts.push(sql`w.state <> 'closed'`);
  if (f.overdue !== undefined) {
    const late = sql`(w.state <> 'closed' AND ((w.accepted_at IS NULL AND w.respond_due < now()) OR (w.resolved_at IS NULL AND w.resolve_due < now())))`;
    parts.push(f.overdue ? late : sql`NOT ${late}`);
  }
  return sql.join(parts, sql` AND `);
}

/** All SQL of the work-order module. */
export const workOrderRepository = {
  async page(db: Db, f: OrderFilter, offset: number, limit: number): Promise<{ total: number; rows: OrderRow[] }> {
    if (f.projectIds.length === 0) return { total: 0, rows: [] };
    const [count, rows] = await Promise.all([
      sql<{ n: number }>`SELECT count(*)::int AS n FROM work_orders w WHERE ${where(f)}`.execute(db),
      sql<OrderRow>`${orderSelect} WHERE ${where(f)} ORDER BY (w.state = 'closed'), w.created_at DESC, w.id DESC LIMIT ${limit} OFFSET ${offset}`.execute(db),
    ]);
    return { total: count.rows[0]?.n ?? 0, rows: rows.rows };
  },

  async get(db: Db, id: number): Promise<OrderRow | undefined> {
    return (await sql<OrderRow>`${orderSelect} WHERE w.id = ${id}`.execute(db)).rows[0];
  },

  /** The order's row locked for a transition (its project decides the scope). */
  async lock(db: Db, id: number): Promise<{ id: number; project_id: number; org_id: number; state: string; version: number; event_id: number | null; assignee_user_id: number | null; assignee_expert_id: number | null } | undefined> {
    return (await sql<{ id: number; project_id: number; org_id: number; state: string; version: number; event_id: number | null; assignee_user_id: number | null; assignee_expert_id: number | null }>`
      SELECT id, project_id, org_id, state, version, event_id::int AS event_id, assignee_user_id, assignee_expert_id FROM work_orders WHERE id = ${id} FOR UPDATE`.execute(db)).rows[0];
  },

  async insert(db: Db, o: NewOrder): Promise<number> {
    const r = await db
      .insertInto('work_orders')
      .values({ ...o, ...(o.created_at ? { updated_at: o.created_at } : {}) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  },

  /** Applies a transition when the version still matches; false when someone else changed the order first. */
  async update(db: Db, id: number, version: number, change: OrderChange, at?: Date): Promise<boolean> {
    const r = await db
      .updateTable('work_orders')
      .set({ ...change, version: sql<number>`version + 1`, updated_at: at ?? sql<Date>`now()` })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  async log(db: Db, e: { order_id: number; action: string; from_state: string | null; to_state: string | null; user_id: number | null; note: string; at?: Date }): Promise<void> {
    await db.insertInto('work_order_log').values(e).execute();
  },

  timeline: (db: Db, orderId: number) =>
    db
      .selectFrom('work_order_log as l')
      .leftJoin('users as u', 'u.id', 'l.user_id')
      .select(['l.action', 'l.from_state', 'l.to_state', 'l.note', 'l.at', 'u.name as user_name', 'u.name_en as user_name_en'])
      .where('l.order_id', '=', orderId)
      .orderBy('l.at')
      .orderBy('l.id')
      .execute(),

  async addPhotos(db: Db, orderId: number, photos: { photo: Buffer; photo_type: string }[], userId: number | null): Promise<void> {
    if (photos.length === 0) return;
    await db.insertInto('work_order_photos').values(photos.map((p) => ({ order_id: orderId, photo: p.photo, photo_type: p.photo_type, taken_by: userId }))).execute();
  },

  async photo(db: Db, photoId: number): Promise<{ project_id: number; assignee_user_id: number | null; photo: Buffer; photo_type: string } | undefined> {
    return (await sql<{ project_id: number; assignee_user_id: number | null; photo: Buffer; photo_type: string }>`
      SELECT w.project_id, w.assignee_user_id, ph.photo, ph.photo_type FROM work_order_photos ph JOIN work_orders w ON w.id = ph.order_id WHERE ph.id = ${photoId}`.execute(db)).rows[0];
  },

  async countPhotos(db: Db, orderId: number): Promise<number> {
    return (await sql<{ n: number }>`SELECT count(*)::int AS n FROM work_order_photos WHERE order_id = ${orderId}`.execute(db)).rows[0]?.n ?? 0;
  },

  async project(db: Db, projectId: number): Promise<{ id: number; org_id: number } | undefined> {
    return (await sql<{ id: number; org_id: number }>`SELECT id, org_id FROM projects WHERE id = ${projectId}`.execute(db)).rows[0];
  },

  async event(db: Db, eventId: number): Promise<{ id: number; project_id: number; device_id: number | null; status: string } | undefined> {
    return (await sql<{ id: number; project_id: number; device_id: number | null; status: string }>`
      SELECT id::int AS id, project_id, device_id, status FROM events WHERE id = ${eventId}`.execute(db)).rows[0];
  },

  async deviceInProject(db: Db, deviceId: number, projectId: number): Promise<boolean> {
    return (await sql<{ ok: number }>`SELECT 1 AS ok FROM devices WHERE id = ${deviceId} AND project_id = ${projectId}`.execute(db)).rows.length === 1;
  },

  /** Enabled workers assigned to the project. */
  async workers(db: Db, projectId: number): Promise<{ id: number; org_id: number; name: string; name_en: string; phone: string }[]> {
    return (await sql<{ id: number; org_id: number; name: string; name_en: string; phone: string }>`
      SELECT u.id, u.org_id, u.name, u.name_en, u.phone FROM users u JOIN user_projects up ON up.user_id = u.id
      WHERE up.project_id = ${projectId} AND u.user_type = 2 AND u.enabled ORDER BY u.id`.execute(db)).rows;
  },

  /** Approved, enabled experts of the project's organisation chain (an expert belongs to an organisation). */
  async experts(db: Db, projectId: number): Promise<{ id: number; name: string; name_en: string; phone: string }[]> {
    return (await sql<{ id: number; name: string; name_en: string; phone: string }>`
      WITH RECURSIVE chain AS (
        SELECT o.id, o.parent_id FROM organizations o JOIN projects p ON p.org_id = o.id WHERE p.id = ${projectId}
        UNION ALL
        SELECT o.id, o.parent_id FROM organizations o JOIN chain c ON o.id = c.parent_id
      )
      SELECT id, name, name_en, phone FROM experts WHERE status = 'approved' AND enabled AND org_id IN (SELECT id FROM chain) ORDER BY id`.execute(db)).rows;
  },

  async userOrg(db: Db, userId: number): Promise<number | undefined> {
    return (await sql<{ org_id: number }>`SELECT org_id FROM users WHERE id = ${userId}`.execute(db)).rows[0]?.org_id;
  },

  /** Site users of the project and centre users on its organisation chain (told about breaches and resolutions). */
  async managers(db: Db, projectId: number): Promise<{ id: number; org_id: number }[]> {
    return (await sql<{ id: number; org_id: number }>`
      WITH RECURSIVE chain AS (
        SELECT o.id, o.parent_id FROM organizations o JOIN projects p ON p.org_id = o.id WHERE p.id = ${projectId}
        UNION ALL
        SELECT o.id, o.parent_id FROM organizations o JOIN chain c ON o.id = c.parent_id
      )
      SELECT u.id, u.org_id FROM users u WHERE u.enabled AND u.user_type = 0 AND u.org_id IN (SELECT id FROM chain)
      UNION
      SELECT u.id, u.org_id FROM users u JOIN user_projects up ON up.user_id = u.id WHERE u.enabled AND u.user_type = 1 AND up.project_id = ${projectId}`.execute(db)).rows;
  },

  async sla(db: Db, orgId: number): Promise<{ priority: string; respond_minutes: number; resolve_minutes: number }[]> {
    return (await sql<{ priority: string; respond_minutes: number; resolve_minutes: number }>`
      SELECT priority, respond_minutes, resolve_minutes FROM work_order_sla WHERE org_id = ${orgId}`.execute(db)).rows;
  },

  async saveSla(db: Db, orgId: number, rows: { priority: string; respond_minutes: number; resolve_minutes: number }[]): Promise<void> {
    for (const r of rows) {
      await sql`INSERT INTO work_order_sla (org_id, priority, respond_minutes, resolve_minutes) VALUES (${orgId}, ${r.priority}, ${r.respond_minutes}, ${r.resolve_minutes})
        ON CONFLICT (org_id, priority) DO UPDATE SET respond_minutes = EXCLUDED.respond_minutes, resolve_minutes = EXCLUDED.resolve_minutes`.execute(db);
    }
  },

  /**
   * Claims the deadlines missed by `now` that were not yet stamped: the stamp is set in the same statement, so
   * one breach is reported once even with several instances.
   */
  async claimBreaches(db: Db, now: Date): Promise<{ id: number; kind: 'respond' | 'resolve' }[]> {
    const respond = await sql<{ id: number }>`
      UPDATE work_orders SET respond_breached_at = ${now} WHERE state <> 'closed' AND accepted_at IS NULL AND respond_due < ${now} AND respond_breached_at IS NULL RETURNING id`.execute(db);
    const resolve = await sql<{ id: number }>`
      UPDATE work_orders SET resolve_breached_at = ${now} WHERE state <> 'closed' AND resolved_at IS NULL AND resolve_due < ${now} AND resolve_breached_at IS NULL RETURNING id`.execute(db);
    return [...respond.rows.map((r) => ({ id: r.id, kind: 'respond' as const })), ...resolve.rows.map((r) => ({ id: r.id, kind: 'resolve' as const }))];
  },

  /** Closes the event an order came from (when the order closes), logged like a user's close. */
  async closeEvent(db: Db, eventId: number, userId: number, note: string): Promise<boolean> {
    const r = await sql<{ id: number }>`
      UPDATE events SET status = 'closed', closed_at = now(), closed_by = ${userId},
        acknowledged_at = coalesce(acknowledged_at, now()), acknowledged_by = coalesce(acknowledged_by, ${userId})
      WHERE id = ${eventId} AND status <> 'closed' RETURNING id::int AS id`.execute(db);
    if (r.rows.length === 0) return false;
    await sql`INSERT INTO event_log (event_id, action, user_id, note) VALUES (${eventId}, 'closed', ${userId}, ${note})`.execute(db);
    return true;
  },

  /** Acknowledges the event an order is created from (a work order is the acknowledgement). */
  async acknowledgeEvent(db: Db, eventId: number, userId: number): Promise<void> {
    const r = await sql<{ id: number }>`
      UPDATE events SET status = 'acknowledged', acknowledged_at = now(), acknowledged_by = ${userId}
      WHERE id = ${eventId} AND status = 'pending' RETURNING id::int AS id`.execute(db);
    if (r.rows.length) await sql`INSERT INTO event_log (event_id, action, user_id, note) VALUES (${eventId}, 'acknowledged', ${userId}, NULL)`.execute(db);
  },

  async openOrderForEvent(db: Db, eventId: number): Promise<number | undefined> {
    return (await sql<{ id: number }>`SELECT id FROM work_orders WHERE event_id = ${eventId} AND state <> 'closed' LIMIT 1`.execute(db)).rows[0]?.id;
  },
};
