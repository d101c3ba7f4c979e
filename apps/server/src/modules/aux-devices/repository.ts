import { AUX_KINDS } from '@gridops/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** SQL of the aux-device set and its automation rules (service.ts, ruleService.ts). No rules here. */
export const auxRepository = {
  project: (db: Db, projectId: number) => db.selectFrom('projects').select(['id', 'timezone']).where('id', '=', projectId).executeTakeFirst(),

  devices: (db: Db, projectId: number, id?: number) => {
    let q = db
      .selectFrom('devices as d')
      .leftJoin('rooms as r', 'r.id', 'd.room_id')
      .leftJoin('gateways as g', 'g.id', 'd.gateway_id')
      .select(['d.id', 'd.project_id', 'd.kind', 'd.name', 'd.name_en', 'd.room_id', 'd.gateway_id', 'd.sn', 'd.props', 'd.version', 'r.name as room_name', 'r.name_en as room_name_en', 'g.sn as gateway_sn'])
      .where('d.project_id', '=', projectId)
      .where('d.kind', 'in', [...AUX_KINDS]);
    if (id !== undefined) q = q.where('d.id', '=', id);
    return q.orderBy('r.sort').orderBy('d.room_id').orderBy('d.sort').orderBy('d.id').execute();
  },

  device: (db: Db, id: number) => db.selectFrom('devices').select(['id', 'project_id', 'kind', 'name', 'name_en', 'room_id', 'gateway_id', 'sn', 'props', 'version']).where('id', '=', id).executeTakeFirst(),

  points: (db: Db, deviceIds: number[]) =>
    deviceIds.length === 0 ? Promise.resolve([]) : db.selectFrom('device_points').select(['id', 'device_id', 'key', 'name', 'name_en', 'unit']).where('device_id', 'in', deviceIds).orderBy('sort').orderBy('id').execute(),

  rooms: (db: Db, projectId: number) => db.selectFrom('rooms').select(['id', 'name', 'name_en']).where('project_id', '=', projectId).orderBy('sort').orderBy('id').execute(),
  gateways: (db: Db, projectId: number) => db.selectFrom('gateways').select(['id', 'sn', 'name', 'name_en']).where('project_id', '=', projectId).orderBy('sn').execute(),

  /** Analog points of the site's devices that sit in a room (what a rule may watch), environment sensors first. */
  roomPoints: (db: Db, projectId: number) =>
    db
      .selectFrom('device_points as p')
      .innerJoin('devices as d', 'd.id', 'p.device_id')
      .select(['p.id as point_id', 'd.room_id', 'd.name as device_name', 'd.name_en as device_name_en', 'p.key', 'p.name', 'p.name_en', 'p.unit'])
      .where('d.project_id', '=', projectId)
      .where('d.room_id', 'is not', null)
      .where('p.kind', '=', 'analog')
      .where('d.kind', 'not in', [...AUX_KINDS])
      .orderBy(sql`d.kind = 'env_sensor'`, 'desc')
      .orderBy('d.room_id')
      .orderBy('d.sort')
      .orderBy('p.sort')
      .limit(3000)
      .execute(),

  snTaken: async (db: Db, gatewayId: number, sn: string, exceptId: number) =>
    (await db.selectFrom('devices').select('id').where('gateway_id', '=', gatewayId).where('sn', '=', sn).where('id', '<>', exceptId).executeTakeFirst()) !== undefined,

  insertDevice: (db: Db, v: { project_id: number; room_id: number; gateway_id: number; sn: string; kind: string; name: string; name_en: string; props: Record<string, unknown> }) =>
    db
      .insertInto('devices')
      .values({ ...v, parent_id: null, props: JSON.stringify(v.props), sort: 900 })
      .returning('id')
      .executeTakeFirstOrThrow(),

  insertPoints: (db: Db, rows: { device_id: number; key: string; name: string; name_en: string; unit: string; kind: string; precision: number; sort: number }[]) => db.insertInto('device_points').values(rows).execute(),

  /** Updates when the stored version matches; answers the rows changed (0: lost the check). */
  updateDevice: async (db: Db, id: number, version: number, v: { room_id: number; gateway_id: number; sn: string; name: string; name_en: string; props: Record<string, unknown> }) =>
    Number(
      (
        await db
          .updateTable('devices')
          .set({ ...v, props: JSON.stringify(v.props), version: sql<number>`version + 1` })
          .where('id', '=', id)
          .where('version', '=', version)
          .executeTakeFirst()
      ).numUpdatedRows,
    ),

  deleteDevice: async (db: Db, id: number, version: number) => Number((await db.deleteFrom('devices').where('id', '=', id).where('version', '=', version).executeTakeFirst()).numDeletedRows),

  rules: (db: Db, projectId: number, id?: number) => {
    let q = db
      .selectFrom('aux_automation_rules as r')
      .innerJoin('devices as d', 'd.id', 'r.device_id')
      .select(['r.id', 'r.project_id', 'r.device_id', 'r.point_id', 'r.name', 'r.name_en', 'r.above', 'r.on_threshold', 'r.off_threshold', 'r.min_on_s', 'r.min_off_s', 'r.window_start', 'r.window_end', 'r.enabled', 'r.version', 'r.last_action', 'r.last_action_at', 'd.room_id'])
      .where('r.project_id', '=', projectId);
    if (id !== undefined) q = q.where('r.id', '=', id);
    return q.orderBy('d.room_id').orderBy('r.id').execute();
  },
  rule: (db: Db, id: number) => db.selectFrom('aux_automation_rules').selectAll().where('id', '=', id).executeTakeFirst(),

  insertRule: (db: Db, v: RuleRow & { project_id: number }) => db.insertInto('aux_automation_rules').values(v).returning('id').executeTakeFirstOrThrow(),
  updateRule: async (db: Db, id: number, version: number, v: RuleRow) =>
    Number((await db.updateTable('aux_automation_rules').set({ ...v, version: sql<number>`version + 1` }).where('id', '=', id).where('version', '=', version).executeTakeFirst()).numUpdatedRows),
  deleteRule: async (db: Db, id: number, version: number) => Number((await db.deleteFrom('aux_automation_rules').where('id', '=', id).where('version', '=', version).executeTakeFirst()).numDeletedRows),
};

export interface RuleRow {
  name: string;
  name_en: string;
  device_id: number;
  point_id: number;
  above: boolean;
  on_threshold: number;
  off_threshold: number;
  min_on_s: number;
  min_off_s: number;
  window_start: string | null;
  window_end: string | null;
  enabled: boolean;
}
