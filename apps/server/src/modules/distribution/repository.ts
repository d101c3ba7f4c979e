import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export interface DeviceRow {
  id: number;
  room_id: number | null;
  parent_id: number | null;
  sn: string;
  kind: string;
  name: string;
  name_en: string;
  props: Record<string, unknown>;
  gateway_online: boolean | null;
}

export interface PointRow {
  id: number;
  device_id: number;
  key: string;
  name: string;
  name_en: string;
  unit: string;
  kind: string;
  precision: number;
  value: number | null;
  ts: Date | null;
}

export const distributionRepository = {
  rooms: (db: Db, projectId: number) =>
    db.selectFrom('rooms').select(['id', 'name', 'name_en', 'kind', 'project_id']).where('project_id', '=', projectId).orderBy('sort').orderBy('id').execute(),

  room: (db: Db, roomId: number) => db.selectFrom('rooms').select(['id', 'name', 'name_en', 'kind', 'project_id']).where('id', '=', roomId).executeTakeFirst(),

  devices: (db: Db, projectId: number, opts: { roomId?: number | undefined; deviceIds?: number[] | undefined } = {}): Promise<DeviceRow[]> => {
    let q = db
      .selectFrom('devices as d')
      .leftJoin('gateways as g', 'g.id', 'd.gateway_id')
      .select(['d.id', 'd.room_id', 'd.parent_id', 'd.sn', 'd.kind', 'd.name', 'd.name_en', 'd.props', 'g.online as gateway_online'])
      .where('d.project_id', '=', projectId);
    if (opts.roomId !== undefined) q = q.where('d.room_id', '=', opts.roomId);
    if (opts.deviceIds?.length) q = q.where('d.id', 'in', opts.deviceIds);
    return q.orderBy('d.sort').orderBy('d.id').execute();
  },

  /** Every point of the devices with its latest value (one indexed join; what the real-time page polls). */
  pointsWithLatest: (db: Db, deviceIds: number[]): Promise<PointRow[]> =>
    deviceIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('device_points as p')
          .leftJoin('point_latest as l', 'l.point_id', 'p.id')
          .select(['p.id', 'p.device_id', 'p.key', 'p.name', 'p.name_en', 'p.unit', 'p.kind', 'p.precision', 'l.value', 'l.ts'])
          .where('p.device_id', 'in', deviceIds)
          .orderBy('p.device_id')
          .orderBy('p.sort')
          .execute(),

  gateways: (db: Db, projectId: number) =>
    db.selectFrom('gateways').select(['id', 'sn', 'name', 'name_en', 'online', 'last_seen_at', 'heartbeat_s']).where('project_id', '=', projectId).orderBy('id').execute(),

  async alarmCounts(db: Db, projectId: number) {
    const r = await sql<{ level: number; active: number; pending: number }>`
      SELECT level, count(*) FILTER (WHERE active)::int AS active, count(*) FILTER (WHERE status = 'pending')::int AS pending
      FROM events WHERE project_id = ${projectId} AND (active OR status = 'pending') GROUP BY level`.execute(db);
    return r.rows;
  },

  /** Daily rollup rows of counters since `from`, and the last reading before it (energy baseline). */
  async counterDays(db: Db, pointIds: number[], from: Date) {
    if (pointIds.length === 0) return { rows: [], before: new Map<number, number>() };
    const rows = await db
      .selectFrom('rollup_daily')
      .select(['point_id', 'bucket', 'first', 'last'])
      .where('point_id', 'in', pointIds)
      .where('bucket', '>=', from)
      .orderBy('point_id')
      .orderBy('bucket')
      .execute();
    const prev = await sql<{ point_id: number; last: number | null }>`
      SELECT p.id AS point_id, (SELECT last FROM rollup_daily d WHERE d.point_id = p.id AND d.bucket < ${from} ORDER BY bucket DESC LIMIT 1) AS last
      FROM unnest(${pointIds}::int[]) AS p(id)`.execute(db);
    return { rows, before: new Map(prev.rows.filter((x) => x.last !== null).map((x) => [x.point_id, x.last!])) };
  },

  /** The highest 15-minute average of each point in [from, to) and its window start. */
  async maxDemand(db: Db, pointIds: number[], from: Date, to: Date) {
    if (pointIds.length === 0) return [];
    const r = await sql<{ point_id: number; w: Date; kw: number }>`
      SELECT DISTINCT ON (point_id) point_id, w, kw FROM (
        SELECT point_id, date_bin('15 minutes', ts, TIMESTAMPTZ 'epoch') AS w, avg(value) AS kw
        FROM telemetry WHERE point_id = ANY(${pointIds}::int[]) AND ts >= ${from} AND ts < ${to} GROUP BY 1, 2) x
      ORDER BY point_id, kw DESC`.execute(db);
    return r.rows;
  },

  /** Locks the room row for the transaction: serialises creating its diagrams (first save, add). */
  lockRoom: (db: Db, roomId: number) => db.selectFrom('rooms').select('id').where('id', '=', roomId).forUpdate().executeTakeFirst(),

  diagrams: (db: Db, roomId: number) =>
    db
      .selectFrom('sld_diagrams')
      .select(['id', 'room_id', 'project_id', 'name', 'name_en', 'version', 'updated_at', sql<number>`jsonb_array_length(doc->'elements')::int`.as('elements')])
      .where('room_id', '=', roomId)
      .orderBy('sort')
      .orderBy('id')
      .execute(),

  /** One diagram by id, or (no id) the room's first. */
  diagram: (db: Db, roomId: number, diagramId?: number) => {
    let q = db.selectFrom('sld_diagrams').select(['id', 'room_id', 'project_id', 'name', 'name_en', 'doc', 'version', 'updated_at']).where('room_id', '=', roomId);
    if (diagramId !== undefined) q = q.where('id', '=', diagramId);
    return q.orderBy('sort').orderBy('id').limit(1).executeTakeFirst();
  },

  diagramById: (db: Db, id: number) =>
    db.selectFrom('sld_diagrams').select(['id', 'room_id', 'project_id', 'name', 'name_en', 'doc', 'version', 'updated_at']).where('id', '=', id).executeTakeFirst(),

  async insertDiagram(db: Db, v: { roomId: number; projectId: number; doc: unknown; name: string; nameEn: string; userId: number | null }) {
    const sort = await db.selectFrom('sld_diagrams').select(sql<number>`coalesce(max(sort) + 1, 0)::int`.as('n')).where('room_id', '=', v.roomId).executeTakeFirstOrThrow();
    return db
      .insertInto('sld_diagrams')
      .values({ room_id: v.roomId, project_id: v.projectId, doc: JSON.stringify(v.doc), name: v.name, name_en: v.nameEn, sort: sort.n, updated_by: v.userId })
      .returning(['id', 'room_id', 'name', 'name_en', 'version', 'updated_at'])
      .executeTakeFirstOrThrow();
  },

  /** Optimistic update: only if nobody saved since `version` was read. */
  updateDiagram: (db: Db, id: number, doc: unknown, version: number, userId: number) =>
    db
      .updateTable('sld_diagrams')
      .set({ doc: JSON.stringify(doc), version: sql`version + 1`, updated_at: sql`now()`, updated_by: userId })
      .where('id', '=', id)
      .where('version', '=', version)
      .returning(['id', 'version', 'updated_at'])
      .executeTakeFirst(),

  renameDiagram: (db: Db, id: number, name: string, nameEn: string, version: number, userId: number) =>
    db
      .updateTable('sld_diagrams')
      .set({ name, name_en: nameEn, version: sql`version + 1`, updated_at: sql`now()`, updated_by: userId })
      .where('id', '=', id)
      .where('version', '=', version)
      .returning(['id', 'room_id', 'name', 'name_en', 'version', 'updated_at', sql<number>`jsonb_array_length(doc->'elements')::int`.as('elements')])
      .executeTakeFirst(),

  deleteDiagram: (db: Db, id: number, version: number) =>
    db.deleteFrom('sld_diagrams').where('id', '=', id).where('version', '=', version).returning(['id', 'name', 'name_en', 'version']).executeTakeFirst(),
};
