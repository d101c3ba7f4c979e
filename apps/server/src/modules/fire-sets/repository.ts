import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ArcDetectorSetsTable, FireLoopsTable } from '../../db/schemaFire.js';

/** SQL of the electrical fire sets (fire_loops, arc_detector_sets) and the site's devices they bind. */
export type LoopInsert = Omit<Insertable<FireLoopsTable>, 'temp_limits'> & { temp_limits: Record<string, number> };
export type ArcInsert = Insertable<ArcDetectorSetsTable>;

const loopColumns = [
  'l.id',
  'l.project_id',
  'l.name',
  'l.name_en',
  'l.device_id',
  'l.channel',
  'l.room_id',
  'l.feeder_id',
  'l.residual_ma',
  'l.temp_limits',
  'l.pre_alarm_pct',
  'l.enabled',
  'l.version',
] as const;
const arcColumns = ['a.id', 'a.project_id', 'a.name', 'a.name_en', 'a.device_id', 'a.feeder_id', 'a.threshold', 'a.sensitivity', 'a.enabled', 'a.version'] as const;

function loops(db: Db) {
  return db
    .selectFrom('fire_loops as l')
    .innerJoin('devices as d', 'd.id', 'l.device_id')
    .leftJoin('rooms as r', 'r.id', 'l.room_id')
    .leftJoin('devices as f', 'f.id', 'l.feeder_id')
    .select(loopColumns)
    .select(['d.name as device_name', 'd.name_en as device_name_en', 'd.sn as device_sn', 'r.name as room_name', 'r.name_en as room_name_en', 'f.name as feeder_name', 'f.name_en as feeder_name_en', 'f.sn as feeder_sn']);
}

function arcs(db: Db) {
  return db
    .selectFrom('arc_detector_sets as a')
    .innerJoin('devices as d', 'd.id', 'a.device_id')
    .leftJoin('devices as f', 'f.id', 'a.feeder_id')
    .select(arcColumns)
    .select(['d.name as device_name', 'd.name_en as device_name_en', 'd.sn as device_sn', 'f.sn as feeder_sn', 'f.name as feeder_name', 'f.name_en as feeder_name_en']);
}

export type LoopRow = Awaited<ReturnType<ReturnType<typeof loops>['executeTakeFirstOrThrow']>>;
export type ArcRow = Awaited<ReturnType<ReturnType<typeof arcs>['executeTakeFirstOrThrow']>>;

export const fireSetsRepository = {
  loops: (db: Db, projectId: number) => loops(db).where('l.project_id', '=', projectId).orderBy('l.id').execute(),
  loop: (db: Db, id: number) => loops(db).where('l.id', '=', id).executeTakeFirst(),
  lockLoop: (db: Db, id: number) => db.selectFrom('fire_loops').select(['id', 'version']).where('id', '=', id).forUpdate().executeTakeFirst(),
  loopOfDevice: (db: Db, deviceId: number) => db.selectFrom('fire_loops').select(['id']).where('device_id', '=', deviceId).executeTakeFirst(),

  insertLoop: async (db: Db, v: LoopInsert) =>
    (await db.insertInto('fire_loops').values({ ...v, temp_limits: JSON.stringify(v.temp_limits) }).returning('id').executeTakeFirstOrThrow()).id,

  /** Writes when the version still matches; the rows changed (0: someone saved first). */
  updateLoop: async (db: Db, id: number, version: number | null, v: Omit<LoopInsert, 'project_id'>) => {
    let q = db
      .updateTable('fire_loops')
      .set({ ...v, temp_limits: JSON.stringify(v.temp_limits), version: sql`version + 1`, updated_at: sql`now()` })
      .where('id', '=', id);
    if (version !== null) q = q.where('version', '=', version);
    return Number((await q.executeTakeFirst()).numUpdatedRows);
  },

  removeLoop: async (db: Db, id: number, version: number) =>
    Number((await db.deleteFrom('fire_loops').where('id', '=', id).where('version', '=', version).executeTakeFirst()).numDeletedRows),

  arcs: (db: Db, projectId: number) => arcs(db).where('a.project_id', '=', projectId).orderBy('a.id').execute(),
  arc: (db: Db, id: number) => arcs(db).where('a.id', '=', id).executeTakeFirst(),
  lockArc: (db: Db, id: number) => db.selectFrom('arc_detector_sets').select(['id', 'version']).where('id', '=', id).forUpdate().executeTakeFirst(),
  insertArc: async (db: Db, v: ArcInsert) => (await db.insertInto('arc_detector_sets').values(v).returning('id').executeTakeFirstOrThrow()).id,
  /** Writes when the version still matches (null: the import, no check); the rows changed. */
  updateArc: async (db: Db, id: number, version: number | null, v: Omit<ArcInsert, 'project_id'>) => {
    let q = db
      .updateTable('arc_detector_sets')
      .set({ ...v, version: sql`version + 1`, updated_at: sql`now()` })
      .where('id', '=', id);
    if (version !== null) q = q.where('version', '=', version);
    return Number((await q.executeTakeFirst()).numUpdatedRows);
  },
  removeArc: async (db: Db, id: number, version: number) =>
    Number((await db.deleteFrom('arc_detector_sets').where('id', '=', id).where('version', '=', version).executeTakeFirst()).numDeletedRows),

  /** The site's devices of some kinds (what a set may bind), with their serial and room. */
  devices: (db: Db, projectId: number, kinds: string[]) =>
    db.selectFrom('devices').select(['id', 'kind', 'sn', 'name', 'name_en', 'room_id']).where('project_id', '=', projectId).where('kind', 'in', kinds).orderBy('sort').orderBy('id').execute(),

  rooms: (db: Db, projectId: number) => db.selectFrom('rooms').select(['id', 'name', 'name_en']).where('project_id', '=', projectId).orderBy('sort').orderBy('id').execute(),

  /** The rules a loop or arc setting wrote (its device-override rules). */
  managedRules: (db: Db, owner: { loopId?: number; arcId?: number }) =>
    db
      .selectFrom('alarm_rules')
      .selectAll()
      .$if(owner.loopId !== undefined, (q) => q.where('fire_loop_id', '=', owner.loopId!))
      .$if(owner.arcId !== undefined, (q) => q.where('arc_set_id', '=', owner.arcId!))
      .execute(),
};
