import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

const cameraColumns = ['c.id', 'c.project_id', 'c.room_id', 'r.name as room_name', 'r.name_en as room_name_en', 'c.name', 'c.name_en', 'c.code', 'c.stream_url', 'c.snapshot_url', 'c.ptz', 'c.version', 'c.updated_at', 'p.timezone'] as const;

export interface CameraWrite {
  room_id: number | null;
  name: string;
  name_en: string;
  code: string | null;
  stream_url: string;
  snapshot_url: string;
  ptz: boolean;
}

/** Live video: the configured cameras (video_cameras), and what an event's media needs to find. */
export const videoRepository = {
  cameras: (db: Db, projectId: number) =>
    db
      .selectFrom('video_cameras as c')
      .innerJoin('projects as p', 'p.id', 'c.project_id')
      .leftJoin('rooms as r', 'r.id', 'c.room_id')
      .select(cameraColumns)
      .where('c.project_id', '=', projectId)
      .orderBy('c.sort')
      .orderBy('c.id')
      .execute(),

  camera: (db: Db, id: number) =>
    db
      .selectFrom('video_cameras as c')
      .innerJoin('projects as p', 'p.id', 'c.project_id')
      .leftJoin('rooms as r', 'r.id', 'c.room_id')
      .select(cameraColumns)
      .where('c.id', '=', id)
      .executeTakeFirst(),

  room: (db: Db, roomId: number) => db.selectFrom('rooms').select(['id', 'project_id']).where('id', '=', roomId).executeTakeFirst(),

  codeTaken: (db: Db, projectId: number, code: string, exceptId: number | null) => {
    let q = db.selectFrom('video_cameras').select('id').where('project_id', '=', projectId).where('code', '=', code);
    if (exceptId !== null) q = q.where('id', '<>', exceptId);
    return q.executeTakeFirst();
  },

  nameTaken: (db: Db, projectId: number, name: string, exceptId: number | null) => {
    let q = db.selectFrom('video_cameras').select('id').where('project_id', '=', projectId).where('name', '=', name);
    if (exceptId !== null) q = q.where('id', '<>', exceptId);
    return q.executeTakeFirst();
  },

  insert: (db: Db, projectId: number, c: CameraWrite) =>
    db
      .insertInto('video_cameras')
      .values({ project_id: projectId, ...c })
      .returning('id')
      .executeTakeFirstOrThrow(),

  /** Updates when the version matches; returns the row count (0: lost the version check). */
  async update(db: Db, id: number, version: number, c: CameraWrite) {
    const r = await db
      .updateTable('video_cameras')
      .set({ ...c, version: version + 1, updated_at: new Date() })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  /** The user of a live session (a signed stream path names its session: logging out ends the stream). */
  liveSessionUser: (db: Db, sessionId: number) =>
    db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['u.id', 'u.org_id', 'u.user_type', 'u.username', 'u.name', 'u.permissions', 'u.must_change_password', 's.id as session_id'])
      .where('s.id', '=', sessionId)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .where('u.enabled', '=', true)
      .executeTakeFirst(),

  remove: (db: Db, id: number) => db.deleteFrom('video_cameras').where('id', '=', id).execute(),

  /** The event's site, time and room (through its device). */
  eventPlace: (db: Db, eventId: number) =>
    db
      .selectFrom('events as e')
      .leftJoin('devices as d', 'd.id', 'e.device_id')
      .select(['e.id', 'e.project_id', 'e.raised_at', 'd.room_id'])
      .where('e.id', '=', eventId)
      .executeTakeFirst(),

  /**
   * The capture closest to the event's raise (the camera fires when the fault starts; the event follows after its
   * rule's on-delay): within 5 min before to `afterMs` after, the room's cameras first.
   */
  captureNear: (db: Db, projectId: number, roomId: number | null, at: Date, afterMs: number) =>
    db
      .selectFrom('captures as c')
      .leftJoin('devices as d', 'd.id', 'c.device_id')
      .select(['c.id', 'c.ts', 'c.img', 'c.msg', 'c.msg_en'])
      .where('c.project_id', '=', projectId)
      .where('c.ts', '>=', new Date(at.getTime() - 5 * 60_000))
      .where('c.ts', '<=', new Date(at.getTime() + afterMs))
      .orderBy(sql`CASE WHEN d.room_id IS NOT DISTINCT FROM ${roomId} THEN 0 ELSE 1 END`)
      .orderBy(sql`abs(extract(epoch FROM c.ts - ${at}::timestamptz))`)
      .limit(1)
      .executeTakeFirst(),
};
