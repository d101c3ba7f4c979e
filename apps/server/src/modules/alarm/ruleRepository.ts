import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { AlarmRulesTable } from '../../db/schema.js';
import type { RuleRow } from './repository.js';

/** SQL of the rule configuration (ruleService.ts): rules in a project's reach, its devices, history, events. */
export const ruleRepository = {
  project: (db: Db, projectId: number) => db.selectFrom('projects').select(['id', 'name', 'name_en', 'timezone']).where('id', '=', projectId).executeTakeFirst(),

  /** Shipped defaults (no project), the project's defaults and the overrides of its devices. */
  rulesOfProject: (db: Db, projectId: number) =>
    db
      .selectFrom('alarm_rules as r')
      .leftJoin('devices as d', 'd.id', 'r.device_id')
      .selectAll('r')
      .select(['d.name as device_name', 'd.name_en as device_name_en', 'd.kind as device_kind_of'])
      .where((eb) => eb.or([eb('r.project_id', 'is', null), eb('r.project_id', '=', projectId), eb('d.project_id', '=', projectId)]))
      .orderBy('r.device_kind')
      .orderBy('r.device_id')
      .orderBy('r.point_key')
      .orderBy('r.id')
      .execute(),

  rule: (db: Db, id: number) => db.selectFrom('alarm_rules').selectAll().where('id', '=', id).executeTakeFirst(),

  devicesOfProject: (db: Db, projectId: number) =>
    db.selectFrom('devices').select(['id', 'name', 'name_en', 'kind']).where('project_id', '=', projectId).orderBy('sort').orderBy('id').execute(),

  pointsOfDevices: (db: Db, deviceIds: number[]) =>
    deviceIds.length === 0
      ? Promise.resolve([])
      : db.selectFrom('device_points').select(['id', 'device_id', 'key', 'name', 'name_en', 'unit', 'kind']).where('device_id', 'in', deviceIds).orderBy('sort').orderBy('id').execute(),

  /** Active (rule, point) states of these rules on points of the project. */
  activeCounts: async (db: Db, projectId: number): Promise<Map<number, number>> => {
    const rows = await db
      .selectFrom('alarm_state as s')
      .innerJoin('device_points as p', 'p.id', 's.point_id')
      .innerJoin('devices as d', 'd.id', 'p.device_id')
      .select(['s.rule_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('d.project_id', '=', projectId)
      .where('s.phase', 'in', ['active', 'clearing'])
      .groupBy('s.rule_id')
      .execute();
    return new Map(rows.map((r) => [r.rule_id, Number(r.n)]));
  },

  async insert(db: Db, row: Insertable<AlarmRulesTable>): Promise<RuleRow> {
    return db.insertInto('alarm_rules').values(row).returningAll().executeTakeFirstOrThrow();
  },

  /** Writes only when the stored version is `version`; undefined: lost the version check (or gone). */
  update: (db: Db, id: number, version: number, set: Updateable<AlarmRulesTable>) =>
    db
      .updateTable('alarm_rules')
      .set({ ...set, version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('version', '=', version)
      .returningAll()
      .executeTakeFirst(),

  remove: async (db: Db, id: number, version: number) => Number((await db.deleteFrom('alarm_rules').where('id', '=', id).where('version', '=', version).executeTakeFirst()).numDeletedRows),

  lockRule: (db: Db, id: number) => db.selectFrom('alarm_rules').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

  /**
   * An override takes over the alarms the rule it replaces holds on its points: their state rows (and open
   * events) move to the new rule, which re-evaluates them at once.
   */
  async moveStates(db: Db, fromRuleIds: number[], toRuleId: number, pointIds: number[]): Promise<void> {
    if (fromRuleIds.length === 0 || pointIds.length === 0) return;
    await db.updateTable('alarm_state').set({ rule_id: toRuleId }).where('rule_id', 'in', fromRuleIds).where('point_id', 'in', pointIds).execute();
  },

  /** Point ids of a project matching a rule's target (one device, or every device of a kind). */
  targetPoints: async (db: Db, projectId: number, t: { deviceId: number | null; deviceKind: string | null; pointKey: string }) => {
    let q = db.selectFrom('device_points as p').innerJoin('devices as d', 'd.id', 'p.device_id').select('p.id').where('d.project_id', '=', projectId).where('p.key', '=', t.pointKey);
    if (t.deviceId !== null) q = q.where('d.id', '=', t.deviceId);
    else if (t.deviceKind !== null) q = q.where('d.kind', '=', t.deviceKind);
    return (await q.execute()).map((r) => r.id);
  },

  point: (db: Db, deviceId: number, key: string) =>
    db
      .selectFrom('device_points as p')
      .innerJoin('devices as d', 'd.id', 'p.device_id')
      .select(['p.id', 'p.unit', 'p.kind', 'd.project_id', 'd.kind as device_kind'])
      .where('p.device_id', '=', deviceId)
      .where('p.key', '=', key)
      .executeTakeFirst(),

  rawHistory: async (db: Db, pointId: number, from: Date, to: Date) =>
    (
      await sql<{ ts: number; value: number }>`
        SELECT (extract(epoch FROM ts) * 1000)::float8 AS ts, value FROM telemetry
        WHERE point_id = ${pointId} AND ts >= ${from} AND ts <= ${to} ORDER BY ts`.execute(db)
    ).rows,

  /** 15-minute rollups before `before`: min, max and last per bucket (the preview picks the worst for the rule). */
  rollupHistory: async (db: Db, pointId: number, from: Date, before: Date) =>
    (
      await sql<{ ts: number; min: number; max: number; last: number }>`
        SELECT (extract(epoch FROM last_ts) * 1000)::float8 AS ts, min, max, last FROM rollup_15m
        WHERE point_id = ${pointId} AND bucket >= ${from} AND bucket < ${before} ORDER BY bucket`.execute(db)
    ).rows,

  /** Rule-raised events of the project since `from` (at most `limit`, oldest first), with rule and device names. */
  events: (db: Db, projectId: number, from: Date, limit: number) =>
    db
      .selectFrom('events as e')
      .innerJoin('alarm_rules as r', 'r.id', 'e.rule_id')
      .leftJoin('devices as d', 'd.id', 'e.device_id')
      .select(['e.id', 'e.rule_id', 'e.point_id', 'e.raised_at', 'e.active', 'r.name as rule_name', 'r.name_en as rule_name_en', 'd.name as device_name', 'd.name_en as device_name_en'])
      .where('e.project_id', '=', projectId)
      .where('e.raised_at', '>=', from)
      .orderBy('e.raised_at')
      .limit(limit)
      .execute(),

  /** Events still active that were raised before `before` (stale), with names. */
  staleEvents: (db: Db, projectId: number, before: Date) =>
    db
      .selectFrom('events as e')
      .innerJoin('alarm_rules as r', 'r.id', 'e.rule_id')
      .leftJoin('devices as d', 'd.id', 'e.device_id')
      .select(['e.id', 'e.rule_id', 'e.raised_at', 'r.name as rule_name', 'r.name_en as rule_name_en', 'd.name as device_name', 'd.name_en as device_name_en'])
      .where('e.project_id', '=', projectId)
      .where('e.active', '=', true)
      .where('e.raised_at', '<', before)
      .orderBy('e.raised_at')
      .limit(50)
      .execute(),
};
