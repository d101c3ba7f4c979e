import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** SQL of the remote-control configuration (configService.ts) and of the two-person approvals. */
export const controlConfigRepository = {
  project: (db: Db, projectId: number) => db.selectFrom('projects').select(['id', 'org_id', 'timezone']).where('id', '=', projectId).executeTakeFirst(),

  breakers: (db: Db, projectId: number, kinds: string[]) =>
    db
      .selectFrom('devices as d')
      .leftJoin('control_settings as s', 's.device_id', 'd.id')
      .select(['d.id', 'd.name', 'd.name_en', 'd.kind', 'd.props', 's.controllable', 's.user_ids', 's.role_types', 's.two_person', 's.version'])
      .where('d.project_id', '=', projectId)
      .where('d.kind', 'in', kinds)
      .orderBy('d.sort')
      .orderBy('d.id')
      .execute(),

  device: (db: Db, deviceId: number) => db.selectFrom('devices').select(['id', 'project_id', 'kind', 'name', 'name_en']).where('id', '=', deviceId).executeTakeFirst(),

  setting: (db: Db, deviceId: number) => db.selectFrom('control_settings').selectAll().where('device_id', '=', deviceId).executeTakeFirst(),

  /** Inserts (version 0 = none yet) or updates when the stored version matches; undefined: lost the check. */
  async saveSetting(db: Db, v: { deviceId: number; projectId: number; controllable: boolean; userIds: number[]; roleTypes: number[]; twoPerson: boolean; version: number }) {
    if (v.version === 0) {
      return db
        .insertInto('control_settings')
        .values({ device_id: v.deviceId, project_id: v.projectId, controllable: v.controllable, user_ids: v.userIds, role_types: v.roleTypes, two_person: v.twoPerson })
        .onConflict((oc) => oc.column('device_id').doNothing())
        .returningAll()
        .executeTakeFirst();
    }
    return db
      .updateTable('control_settings')
      .set({ controllable: v.controllable, user_ids: v.userIds, role_types: v.roleTypes, two_person: v.twoPerson, version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
      .where('device_id', '=', v.deviceId)
      .where('version', '=', v.version)
      .returningAll()
      .executeTakeFirst();
  },

  /** A default setting for a device that has none (a breaker added from the console); an existing row is kept. */
  async insertDefaultSetting(db: Db, v: { deviceId: number; projectId: number; controllable: boolean; twoPerson: boolean }) {
    await db
      .insertInto('control_settings')
      .values({ device_id: v.deviceId, project_id: v.projectId, controllable: v.controllable, user_ids: [], role_types: [], two_person: v.twoPerson })
      .onConflict((oc) => oc.column('device_id').doNothing())
      .execute();
  },

  /** The latest measured phase voltage (point `Ua`, V) of each device that reports one. */
  phaseVoltages: (db: Db, deviceIds: number[]) =>
    deviceIds.length === 0
      ? Promise.resolve([] as Array<{ device_id: number; value: number }>)
      : db
          .selectFrom('device_points as p')
          .innerJoin('point_latest as l', 'l.point_id', 'p.id')
          .select(['p.device_id', 'l.value'])
          .where('p.device_id', 'in', deviceIds)
          .where('p.key', '=', 'Ua')
          .execute(),

  /** Users who may hold the control permission on the project: assigned site users and centre users above it. */
  async controlUsers(db: Db, projectId: number, orgPath: number[]) {
    return db
      .selectFrom('users as u')
      .select(['u.id', 'u.name', 'u.name_en', 'u.username', 'u.user_type', 'u.org_id'])
      .where('u.enabled', '=', true)
      .where(sql<boolean>`'control' = ANY(u.permissions)`)
      .where((eb) =>
        eb.or([
          eb.exists(eb.selectFrom('user_projects as up').select('up.user_id').whereRef('up.user_id', '=', 'u.id').where('up.project_id', '=', projectId)),
          eb.and([eb('u.user_type', '=', 0), eb('u.org_id', 'in', orgPath.length ? orgPath : [0])]),
        ]),
      )
      .orderBy('u.id')
      .execute();
  },

  site: (db: Db, projectId: number) => db.selectFrom('control_site_settings').selectAll().where('project_id', '=', projectId).executeTakeFirst(),

  /** Inserts (version 0 = none yet) or updates when the stored version matches; undefined: lost the check. */
  async saveSite(db: Db, projectId: number, aboveKv: number | null, version: number) {
    if (version === 0) {
      return db.insertInto('control_site_settings').values({ project_id: projectId, two_person_above_kv: aboveKv }).onConflict((oc) => oc.column('project_id').doNothing()).returningAll().executeTakeFirst();
    }
    return db
      .updateTable('control_site_settings')
      .set({ two_person_above_kv: aboveKv, version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
      .where('project_id', '=', projectId)
      .where('version', '=', version)
      .returningAll()
      .executeTakeFirst();
  },

  orgParent: async (db: Db, orgId: number) => (await db.selectFrom('organizations').select('parent_id').where('id', '=', orgId).executeTakeFirst())?.parent_id ?? null,

  blocks: (db: Db, projectId: number) => db.selectFrom('control_blocked_periods').selectAll().where('project_id', '=', projectId).orderBy('start_hhmm').orderBy('id').execute(),
  insertBlock: (db: Db, v: { project_id: number; name: string; name_en: string; start_hhmm: string; end_hhmm: string }) =>
    db.insertInto('control_blocked_periods').values(v).returningAll().executeTakeFirstOrThrow(),
  block: (db: Db, id: number) => db.selectFrom('control_blocked_periods').selectAll().where('id', '=', id).executeTakeFirst(),
  deleteBlock: (db: Db, id: number) => db.deleteFrom('control_blocked_periods').where('id', '=', id).execute(),

  interlocks: (db: Db, projectId: number) => db.selectFrom('control_interlocks').selectAll().where('project_id', '=', projectId).orderBy('id').execute(),
  interlocksOf: (db: Db, deviceId: number, action: 'open' | 'close') =>
    db
      .selectFrom('control_interlocks as i')
      .innerJoin('devices as o', 'o.id', 'i.other_device_id')
      .leftJoin('device_points as p', (j) => j.onRef('p.device_id', '=', 'o.id').on('p.key', '=', 'breaker'))
      .leftJoin('point_latest as l', 'l.point_id', 'p.id')
      .select(['i.id', 'i.name', 'i.name_en', 'i.other_closed', 'o.name as other_name', 'o.name_en as other_name_en', 'l.value'])
      .where('i.device_id', '=', deviceId)
      .where('i.action', '=', action)
      .execute(),
  insertInterlock: (db: Db, v: { project_id: number; device_id: number; action: 'open' | 'close'; other_device_id: number; other_closed: boolean; name: string; name_en: string }) =>
    db.insertInto('control_interlocks').values(v).returningAll().executeTakeFirstOrThrow(),
  interlock: (db: Db, id: number) => db.selectFrom('control_interlocks').selectAll().where('id', '=', id).executeTakeFirst(),
  deleteInterlock: (db: Db, id: number) => db.deleteFrom('control_interlocks').where('id', '=', id).execute(),

  markNeedsApproval: (db: Db, commandId: number) => db.updateTable('control_commands').set({ needs_approval: true }).where('id', '=', commandId).execute(),

  approvalOf: (db: Db, selectionId: string) =>
    db.selectFrom('control_commands').select(['id', 'needs_approval', 'approved_by', 'user_id', 'project_id', 'device_id', 'action', 'status', 'expires_at']).where('selection_id', '=', selectionId).executeTakeFirst(),

  /** Records the second person once, on an open selection not their own. */
  approve: async (db: Db, id: number, userId: number) =>
    Number(
      (
        await db
          .updateTable('control_commands')
          .set({ approved_by: userId, approved_at: sql<Date>`now()` })
          .where('id', '=', id)
          .where('status', '=', 'selected')
          .where('needs_approval', '=', true)
          .where('approved_by', 'is', null)
          .where('user_id', '<>', userId)
          .where('expires_at', '>', sql<Date>`now()`)
          .executeTakeFirst()
      ).numUpdatedRows,
    ),

  pendingApprovals: (db: Db, projectId: number) =>
    db
      .selectFrom('control_commands as c')
      .innerJoin('devices as d', 'd.id', 'c.device_id')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['c.selection_id', 'c.device_id', 'c.action', 'c.user_id', 'c.expires_at', 'd.name as device_name', 'd.name_en as device_name_en', 'u.name as user_name', 'u.name_en as user_name_en'])
      .where('c.project_id', '=', projectId)
      .where('c.status', '=', 'selected')
      .where('c.needs_approval', '=', true)
      .where('c.approved_by', 'is', null)
      .where('c.expires_at', '>', sql<Date>`now()`)
      .orderBy('c.id')
      .execute(),
};
