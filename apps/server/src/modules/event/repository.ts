import { renderEventMessage, type EventMessage } from '@gridops/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** The stored columns of an event's text: key and parameters, plus the zh/en sentences for search and older readers. */
export const eventTextColumns = (text: EventMessage) => ({
  message_key: text.key,
  message_params: { ...text.params },
  message: renderEventMessage(text.key, text.params, 'zh'),
  message_en: renderEventMessage(text.key, text.params, 'en'),
});

export interface NewEvent {
  projectId: number;
  deviceId: number | null;
  pointId: number | null;
  ruleId: number | null;
  type: number;
  level: number;
  title: string;
  /** The message key and parameters (contract eventMessages.ts); message and message_en are rendered from it. */
  text: EventMessage;
  value: number | null;
  limit: number | null;
  ruleKind?: 'high' | 'low' | 'rate' | 'digital' | null;
  unit?: string;
  stateFrom?: number | null;
  groupKey?: string | null;
  phases?: string[];
  raisedAt: Date;
}

export interface EventFilter {
  projectIds: number[];
  from?: Date | undefined;
  to?: Date | undefined;
  types?: number[] | undefined;
  levels?: number[] | undefined;
  statuses?: string[] | undefined;
  active?: boolean | undefined;
  keyword?: string | undefined;
  deviceId?: number | undefined;
}

export const eventRepository = {
  /** Inserts the event and its "raised" log entry in one statement (one round trip: alarms are timed). */
  async insert(db: Db, e: NewEvent): Promise<number> {
    const row = await db
      .with('e', (q) =>
        q
          .insertInto('events')
          .values({
            project_id: e.projectId,
            device_id: e.deviceId,
            point_id: e.pointId,
            rule_id: e.ruleId,
            event_type: e.type,
            level: e.level,
            title: e.title,
            ...eventTextColumns(e.text),
            value: e.value,
            limit_value: e.limit,
            rule_kind: e.ruleKind ?? null,
            unit: e.unit ?? '',
            state_from: e.stateFrom ?? null,
            group_key: e.groupKey ?? null,
            phases: e.phases ?? [],
            raised_at: e.raisedAt,
          })
          .returning('id'),
      )
      .insertInto('event_log')
      .columns(['event_id', 'action'])
      .expression((eb) => eb.selectFrom('e').select(['e.id', sql<string>`'raised'`.as('action')]))
      .returning('event_id')
      .executeTakeFirstOrThrow();
    return row.event_id;
  },

  /** The active event of a per-phase group on a device, locked: phases joining it serialise here. */
  activeGroupEvent: (db: Db, deviceId: number, groupKey: string) =>
    db
      .selectFrom('events')
      .select(['id', 'value', 'phases'])
      .where('device_id', '=', deviceId)
      .where('group_key', '=', groupKey)
      .where('active', '=', true)
      .orderBy('id', 'desc')
      .forUpdate()
      .executeTakeFirst(),

  /** A phase joined an active group event: its phases, worst value and texts follow. */
  async joinGroup(db: Db, eventId: number, change: { phases: string[]; value: number; text: EventMessage }): Promise<void> {
    await db
      .updateTable('events')
      .set({ phases: change.phases, value: change.value, ...eventTextColumns(change.text) })
      .where('id', '=', eventId)
      .execute();
  },

  /** Phases still in alarm (active or clearing) on a group event, the event row locked first. */
  async phasesStillInAlarm(db: Db, eventId: number): Promise<number> {
    await db.selectFrom('events').select('id').where('id', '=', eventId).forUpdate().execute();
    const r = await db
      .selectFrom('alarm_state')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('event_id', '=', eventId)
      .where('phase', 'in', ['active', 'clearing'])
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  /** Return to normal: the condition is gone; the event stays pending until someone acknowledges it. */
  async clear(db: Db, eventId: number, at: Date): Promise<void> {
    // One statement: the log entry is written only when the event was still active.
    await db
      .with('c', (q) => q.updateTable('events').set({ active: false, cleared_at: at }).where('id', '=', eventId).where('active', '=', true).returning('id'))
      .insertInto('event_log')
      .columns(['event_id', 'action'])
      .expression((eb) => eb.selectFrom('c').select(['c.id', sql<string>`'cleared'`.as('action')]))
      .execute();
  },

  async page(db: Db, f: EventFilter, offset: number, limit: number) {
    if (f.projectIds.length === 0) return { total: 0, rows: [] };
    let q = db
      .selectFrom('events as e')
      .leftJoin('devices as d', 'd.id', 'e.device_id')
      .leftJoin('device_points as dp', 'dp.id', 'e.point_id')
      .innerJoin('projects as p', 'p.id', 'e.project_id')
      .where('e.project_id', 'in', f.projectIds);
    if (f.from) q = q.where('e.raised_at', '>=', f.from);
    if (f.to) q = q.where('e.raised_at', '<', f.to);
    if (f.types?.length) q = q.where('e.event_type', 'in', f.types);
    if (f.levels?.length) q = q.where('e.level', 'in', f.levels);
    if (f.statuses?.length) q = q.where('e.status', 'in', f.statuses);
    if (f.active !== undefined) q = q.where('e.active', '=', f.active);
    if (f.deviceId !== undefined) q = q.where('e.device_id', '=', f.deviceId);
    if (f.keyword) {
      const like = `%${f.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
      q = q.where((eb) => eb.or([eb('e.message', 'ilike', like), eb('e.message_en', 'ilike', like), eb('d.name', 'ilike', like)]));
    }
    const [{ n }, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q
        .select([
          'e.id',
          'e.project_id',
          'p.name as project_name',
          'p.name_en as project_name_en',
          'e.device_id',
          'd.name as device_name',
          'd.name_en as device_name_en',
          'e.point_id',
          'e.event_type',
          'e.level',
          'e.status',
          'e.active',
          'e.message',
          'e.message_en',
          'e.message_key',
          'e.message_params',
          'e.value',
          'e.limit_value',
          'e.rule_kind',
          'e.unit',
          'dp.key as point_key',
          'e.state_from',
          'e.phases',
          'e.raised_at',
          'e.cleared_at',
          'e.acknowledged_at',
          'e.handled_at',
          'e.handle_note',
          'e.closed_at',
        ])
        .orderBy('e.raised_at', 'desc')
        .orderBy('e.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
    ]);
    return { total: Number(n), rows };
  },

  findInScope: (db: Db, ids: number[], projectIds: number[]) =>
    ids.length === 0 || projectIds.length === 0
      ? Promise.resolve([])
      : db.selectFrom('events').select(['id', 'status', 'project_id']).where('id', 'in', ids).where('project_id', 'in', projectIds).forUpdate().execute(),

  async transition(db: Db, ids: number[], to: 'acknowledged' | 'handled' | 'closed', userId: number, note: string | null) {
    if (ids.length === 0) return;
    const set =
      to === 'acknowledged'
        ? { status: to, acknowledged_at: sql<Date>`now()`, acknowledged_by: userId }
        : to === 'handled'
          ? {
              status: to,
              handled_at: sql<Date>`now()`,
              handled_by: userId,
              handle_note: note,
              acknowledged_at: sql<Date>`coalesce(acknowledged_at, now())`,
              acknowledged_by: sql<number>`coalesce(acknowledged_by, ${userId})`,
            }
          : {
              status: to,
              closed_at: sql<Date>`now()`,
              closed_by: userId,
              acknowledged_at: sql<Date>`coalesce(acknowledged_at, now())`,
              acknowledged_by: sql<number>`coalesce(acknowledged_by, ${userId})`,
            };
    await db.updateTable('events').set(set).where('id', 'in', ids).execute();
    await db
      .insertInto('event_log')
      .values(ids.map((id) => ({ event_id: id, action: to, user_id: userId, note })))
      .execute();
  },

  log: (db: Db, eventId: number) =>
    db
      .selectFrom('event_log as l')
      .leftJoin('users as u', 'u.id', 'l.user_id')
      .select(['l.action', 'l.note', 'l.at', 'u.name as user_name', 'u.name_en as user_name_en'])
      .where('l.event_id', '=', eventId)
      .orderBy('l.id')
      .execute(),

  /** Who is told about an event of this project: centre users on its organisation chain, and the site users
   * and workers assigned to it. */
  async recipients(db: Db, projectId: number): Promise<{ id: number; org_id: number }[]> {
    const r = await sql<{ id: number; org_id: number }>`
      WITH RECURSIVE chain AS (
        SELECT o.id, o.parent_id FROM organizations o JOIN projects p ON p.org_id = o.id WHERE p.id = ${projectId}
        UNION ALL
        SELECT o.id, o.parent_id FROM organizations o JOIN chain c ON o.id = c.parent_id
      )
      SELECT u.id, u.org_id FROM users u WHERE u.enabled AND u.user_type = 0 AND u.org_id IN (SELECT id FROM chain)
      UNION
      SELECT u.id, u.org_id FROM users u JOIN user_projects up ON up.user_id = u.id
      WHERE u.enabled AND u.user_type IN (1, 2) AND up.project_id = ${projectId}`.execute(db);
    return r.rows;
  },
};
