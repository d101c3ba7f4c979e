import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export interface NewAiEvent {
  project_id: number;
  camera_id: number;
  gateway_id: number;
  box_id: string;
  type: string;
  confidence: number;
  boxes: unknown[];
  snapshot: string;
  zone: string;
  ts: Date;
}

const listColumns = ['a.id', 'a.camera_id', 'c.name as camera_name', 'c.name_en as camera_name_en', 'a.type', 'a.confidence', 'a.boxes', 'a.snapshot', 'a.zone', 'a.ts', 'a.status', 'u.name as reviewer', 'u.name_en as reviewer_en', 'a.reviewed_at', 'a.event_id', 'a.project_id'] as const;

/** AI security: detections (ai_events) and the cameras and gateways they name. */
export const aiRepository = {
  gatewayCamera: (db: Db, gatewaySn: string, code: string) =>
    db
      .selectFrom('gateways as g')
      .leftJoin('video_cameras as c', (j) => j.onRef('c.project_id', '=', 'g.project_id').on('c.code', '=', code))
      .select(['g.id as gateway_id', 'g.project_id', 'c.id as camera_id'])
      .where('g.sn', '=', gatewaySn)
      .executeTakeFirst(),

  /** Stores a detection once per gateway and box id; returns its id (also for a repeat). */
  async insert(db: Db, e: NewAiEvent): Promise<{ id: number; created: boolean }> {
    const row = await db
      .insertInto('ai_events')
      .values({ ...e, boxes: JSON.stringify(e.boxes) })
      .onConflict((oc) => oc.columns(['gateway_id', 'box_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) return { id: row.id, created: true };
    const old = await db.selectFrom('ai_events').select('id').where('gateway_id', '=', e.gateway_id).where('box_id', '=', e.box_id).executeTakeFirstOrThrow();
    return { id: old.id, created: false };
  },

  one: (db: Db, id: number) =>
    db
      .selectFrom('ai_events as a')
      .innerJoin('video_cameras as c', 'c.id', 'a.camera_id')
      .leftJoin('users as u', 'u.id', 'a.reviewed_by')
      .select(listColumns)
      .where('a.id', '=', id)
      .executeTakeFirst(),

  async list(db: Db, f: { projectId: number; status?: string | undefined; type?: string | undefined; cameraId?: number | undefined }, offset: number, limit: number) {
    let q = db.selectFrom('ai_events as a').where('a.project_id', '=', f.projectId);
    if (f.status) q = q.where('a.status', '=', f.status);
    if (f.type) q = q.where('a.type', '=', f.type);
    if (f.cameraId !== undefined) q = q.where('a.camera_id', '=', f.cameraId);
    const [{ n }, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      q
        .innerJoin('video_cameras as c', 'c.id', 'a.camera_id')
        .leftJoin('users as u', 'u.id', 'a.reviewed_by')
        .select(listColumns)
        .orderBy('a.ts', 'desc')
        .orderBy('a.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
    ]);
    return { total: Number(n), rows };
  },

  /** Sets the verdict if still pending; returns whether this call made it (a second reviewer loses). */
  async review(db: Db, id: number, status: 'confirmed' | 'false_positive', userId: number): Promise<boolean> {
    const r = await db.updateTable('ai_events').set({ status, reviewed_by: userId, reviewed_at: new Date() }).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  linkEvent: (db: Db, id: number, eventId: number) => db.updateTable('ai_events').set({ event_id: eventId }).where('id', '=', id).execute(),

  countsSince: (db: Db, projectId: number, from: Date) =>
    db
      .selectFrom('ai_events as a')
      .innerJoin('video_cameras as c', 'c.id', 'a.camera_id')
      .select(['a.type', 'a.camera_id', 'c.name', 'c.name_en', sql<number>`count(*)::int`.as('n')])
      .where('a.project_id', '=', projectId)
      .where('a.ts', '>=', from)
      .groupBy(['a.type', 'a.camera_id', 'c.name', 'c.name_en'])
      .execute(),

  pending: async (db: Db, projectId: number) =>
    (await db.selectFrom('ai_events').select(sql<number>`count(*)::int`.as('n')).where('project_id', '=', projectId).where('status', '=', 'pending').executeTakeFirstOrThrow()).n,

  reviewedSince: (db: Db, projectId: number, from: Date) =>
    db
      .selectFrom('ai_events as a')
      .innerJoin('video_cameras as c', 'c.id', 'a.camera_id')
      .select([
        'a.camera_id',
        'c.name',
        'c.name_en',
        'a.type',
        sql<number>`count(*) FILTER (WHERE a.status = 'confirmed')::int`.as('confirmed'),
        sql<number>`count(*) FILTER (WHERE a.status = 'false_positive')::int`.as('false_positives'),
      ])
      .where('a.project_id', '=', projectId)
      .where('a.ts', '>=', from)
      .where('a.status', '<>', 'pending')
      .groupBy(['a.camera_id', 'c.name', 'c.name_en', 'a.type'])
      .orderBy('a.camera_id')
      .orderBy('a.type')
      .execute(),

  project: (db: Db, projectId: number) => db.selectFrom('projects').select(['id', 'name', 'name_en', 'timezone']).where('id', '=', projectId).executeTakeFirstOrThrow(),
};
