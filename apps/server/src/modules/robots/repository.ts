import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** SQL of the inspection robots: `robots`, the robot's device and points, their alarm rules. Rules in service.ts. */
export interface RobotRow {
  id: number;
  project_id: number;
  room_id: number | null;
  name: string;
  name_en: string;
  device_id: number | null;
  gateway_id: number | null;
  serial: string | null;
  camera_id: number | null;
  speed_mps: number;
  plan: unknown;
  stops: unknown;
  schedule: unknown;
  version: number;
}

const columns = ['id', 'project_id', 'room_id', 'name', 'name_en', 'device_id', 'gateway_id', 'serial', 'camera_id', 'speed_mps', 'plan', 'stops', 'schedule', 'version'] as const;

export interface RobotWrite {
  room_id: number;
  name: string;
  name_en: string;
  gateway_id: number;
  serial: string;
  camera_id: number | null;
  speed_mps: number;
  plan: unknown;
  stops: unknown;
  schedule: unknown;
}

const json = (v: RobotWrite) => ({ ...v, plan: JSON.stringify(v.plan), stops: JSON.stringify(v.stops), schedule: JSON.stringify(v.schedule) });

export interface PointSpec {
  key: string;
  name: string;
  name_en: string;
  unit: string;
  kind: 'analog' | 'digital';
  precision: number;
}

export interface RuleSpecRow {
  point_key: string;
  kind: 'high' | 'low' | 'digital';
  threshold: number;
  name: string;
  name_en: string;
}

export const robotsRepository = {
  /** The configured robot a gateway reports as `serial`, with its gateway's serial. */
  byGatewaySerial: (db: Db, gatewaySn: string, serial: string) =>
    db
      .selectFrom('robots as r')
      .innerJoin('gateways as g', 'g.id', 'r.gateway_id')
      .select(columns.map((c) => `r.${c}` as const))
      .where('g.sn', '=', gatewaySn)
      .where('r.serial', '=', serial)
      .executeTakeFirst(),

  /** The serial of a robot's gateway (where its commands go). */
  gatewaySn: async (db: Db, gatewayId: number) => (await db.selectFrom('gateways').select('sn').where('id', '=', gatewayId).executeTakeFirst())?.sn ?? null,

  /** Stores a reported round once per robot and start time; the new row's id, or null when it was already there. */
  insertRound: async (
    db: Db,
    v: { robot_id: number; project_id: number; started_at: Date; finished_at: Date; status: string; trigger: string; readings: unknown; anomalies: number },
  ): Promise<number | null> => {
    const row = await db
      .insertInto('robot_inspections')
      .values({ ...v, readings: JSON.stringify(v.readings), photo: null })
      .onConflict((oc) => oc.columns(['robot_id', 'started_at']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row ? Number(row.id) : null;
  },

  /** Binds a robot to the device made for it on first save. */
  setDevice: (db: Db, id: number, deviceId: number) => db.updateTable('robots').set({ device_id: deviceId }).where('id', '=', id).execute(),

  /** Configured robots (with a plan) of these projects. */
  list: (db: Db, projectIds: number[]): Promise<RobotRow[]> =>
    projectIds.length === 0 ? Promise.resolve([]) : db.selectFrom('robots').select(columns).where('project_id', 'in', projectIds).where('plan', 'is not', null).orderBy('project_id').orderBy('id').execute(),

  get: (db: Db, id: number): Promise<RobotRow | undefined> => db.selectFrom('robots').select(columns).where('id', '=', id).executeTakeFirst(),

  insert: async (db: Db, projectId: number, v: RobotWrite, deviceId: number) =>
    (await db.insertInto('robots').values({ project_id: projectId, device_id: deviceId, ...json(v) }).returning('id').executeTakeFirstOrThrow()).id,

  /** Updates when the version still matches; the number of rows changed (0: someone saved first). */
  update: async (db: Db, id: number, version: number, v: RobotWrite) =>
    Number((await db.updateTable('robots').set({ ...json(v), version: sql`version + 1`, updated_at: new Date() }).where('id', '=', id).where('version', '=', version).executeTakeFirst()).numUpdatedRows),

  remove: async (db: Db, id: number, version: number) => Number((await db.deleteFrom('robots').where('id', '=', id).where('version', '=', version).executeTakeFirst()).numDeletedRows),

  rooms: (db: Db, projectId: number) => db.selectFrom('rooms').select(['id', 'name', 'name_en']).where('project_id', '=', projectId).orderBy('id').execute(),

  /** The site's gateways, with the room most of their devices stand in (the robot reports through one there). */
  gateways: (db: Db, projectId: number) =>
    db
      .selectFrom('gateways as g')
      .select((eb) => [
        'g.id',
        'g.name',
        'g.name as name_en',
        eb
          .selectFrom('devices as d')
          .select('d.room_id')
          .whereRef('d.gateway_id', '=', 'g.id')
          .where('d.room_id', 'is not', null)
          .groupBy('d.room_id')
          .orderBy(sql`count(*)`, 'desc')
          .limit(1)
          .as('room_id'),
      ])
      .where('g.project_id', '=', projectId)
      .orderBy('g.id')
      .execute(),

  cameras: (db: Db, projectId: number) => db.selectFrom('video_cameras').select(['id', 'name', 'name_en', 'room_id']).where('project_id', '=', projectId).orderBy('sort').orderBy('id').execute(),

  /** Devices a reading may target: the site's devices other than robots. */
  devices: (db: Db, projectId: number) =>
    db.selectFrom('devices').select(['id', 'name', 'name_en', 'kind', 'room_id']).where('project_id', '=', projectId).where('kind', '!=', 'robot').orderBy('sort').orderBy('id').execute(),

  /** Another device with this serial behind that gateway (the robot's device must be unique there). */
  deviceBySerial: (db: Db, gatewayId: number, sn: string) => db.selectFrom('devices').select(['id', 'kind']).where('gateway_id', '=', gatewayId).where('sn', '=', sn).executeTakeFirst(),

  insertDevice: async (db: Db, v: { project_id: number; room_id: number; gateway_id: number; sn: string; name: string; name_en: string }) =>
    (await db.insertInto('devices').values({ ...v, parent_id: null, kind: 'robot', props: JSON.stringify({}) }).returning('id').executeTakeFirstOrThrow()).id,

  updateDevice: (db: Db, id: number, v: { room_id: number; gateway_id: number; sn: string; name: string; name_en: string }) => db.updateTable('devices').set(v).where('id', '=', id).execute(),

  removeDevice: (db: Db, id: number) => db.deleteFrom('devices').where('id', '=', id).where('kind', '=', 'robot').execute(),

  /** Makes the device's points exactly these (kept points keep their id and history; dropped ones go). */
  async syncPoints(db: Db, deviceId: number, points: PointSpec[]): Promise<void> {
    const keys = points.map((p) => p.key);
    await db.deleteFrom('device_points').where('device_id', '=', deviceId).where('key', 'not in', keys).execute();
    await db
      .insertInto('device_points')
      .values(points.map((p, i) => ({ device_id: deviceId, ...p, sort: i })))
      .onConflict((oc) => oc.columns(['device_id', 'key']).doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), name_en: eb.ref('excluded.name_en'), unit: eb.ref('excluded.unit'), kind: eb.ref('excluded.kind'), precision: eb.ref('excluded.precision'), sort: eb.ref('excluded.sort') })))
      .execute();
  },

  /**
   * The device's own rules become exactly these (RobotSet is their one source of truth): the old rules of the
   * device go, the new ones are inserted, and the alarm engines reload (generation bump).
   */
  async replaceRules(db: Db, projectId: number, deviceId: number, rules: RuleSpecRow[]): Promise<void> {
    await db.deleteFrom('alarm_rules').where('device_id', '=', deviceId).execute();
    if (rules.length) {
      await db
        .insertInto('alarm_rules')
        .values(rules.map((r) => ({ project_id: projectId, device_kind: 'robot', device_id: deviceId, ...r, deadband: 0, on_delay_s: 0, off_delay_s: 0, level: 2, event_type: 2 })))
        .execute();
    }
    await db.updateTable('alarm_rule_generation').set((eb) => ({ gen: eb('gen', '+', 1) })).where('id', '=', 1).execute();
  },

  /** The latest value of every point of these devices. */
  latest: (db: Db, deviceIds: number[]) =>
    deviceIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('device_points as p')
          .innerJoin('point_latest as l', 'l.point_id', 'p.id')
          .select(['p.device_id', 'p.key', 'l.value', 'l.ts'])
          .where('p.device_id', 'in', deviceIds)
          .execute(),

  gatewayOnline: (db: Db, ids: number[]) => (ids.length === 0 ? Promise.resolve([]) : db.selectFrom('gateways').select(['id', 'online']).where('id', 'in', ids).execute()),
};
export type RobotsRepository = typeof robotsRepository;
