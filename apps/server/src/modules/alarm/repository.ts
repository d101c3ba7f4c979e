import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/database.js';
import type { AlarmRulesTable } from '../../db/schema.js';
import type { Selectable } from 'kysely';

export type RuleRow = Selectable<AlarmRulesTable>;

export interface StoredState {
  ruleId: number;
  pointId: number;
  phase: 'normal' | 'raising' | 'active' | 'clearing';
  since: number;
  lastValue: number | null;
  lastTs: number | null;
  eventId: number | null;
}

export const alarmRepository = {
  enabledRules: (db: Db) => db.selectFrom('alarm_rules').selectAll().where('enabled', '=', true).orderBy('id').execute(),

  /** The rule generation every rule write bumps (migration 0024): engines reload when it moved. */
  async generation(db: Db): Promise<number> {
    const r = await db.selectFrom('alarm_rule_generation').select('gen').where('id', '=', 1).executeTakeFirst();
    return r ? Number(r.gen) : 0;
  },

  async bumpGeneration(db: Db): Promise<void> {
    await db.updateTable('alarm_rule_generation').set((eb) => ({ gen: eb('gen', '+', 1) })).where('id', '=', 1).execute();
  },

  /** The (rule, point) pairs that have a state row, for these rules. */
  statePairs: async (db: Db, ruleIds: number[]) =>
    ruleIds.length === 0
      ? []
      : (await db.selectFrom('alarm_state').select(['rule_id', 'point_id']).where('rule_id', 'in', ruleIds).execute()).map((r) => ({ ruleId: r.rule_id, pointId: r.point_id })),

  /** Locks the state rows of these (rule, point) pairs for the ingest transaction: two instances evaluating
   * the same point serialise here instead of both raising. */
  async lockStates(db: Db, pairs: { ruleId: number; pointId: number }[]): Promise<StoredState[]> {
    if (pairs.length === 0) return [];
    const res = await db.executeQuery(
      CompiledQuery.raw(
        `SELECT s.rule_id, s.point_id, s.phase, (extract(epoch FROM s.since) * 1000)::float8 AS since, s.last_value,
                (extract(epoch FROM s.last_ts) * 1000)::float8 AS last_ts, s.event_id
         FROM alarm_state s JOIN unnest($1::int[], $2::int[]) AS k(rule_id, point_id)
           ON s.rule_id = k.rule_id AND s.point_id = k.point_id
         FOR UPDATE OF s`,
        [pairs.map((p) => p.ruleId), pairs.map((p) => p.pointId)],
      ),
    );
    return (res.rows as { rule_id: number; point_id: number; phase: StoredState['phase']; since: number; last_value: number | null; last_ts: number | null; event_id: number | null }[]).map((r) => ({
      ruleId: r.rule_id,
      pointId: r.point_id,
      phase: r.phase,
      since: Math.round(r.since),
      lastValue: r.last_value,
      lastTs: r.last_ts === null ? null : Math.round(r.last_ts),
      eventId: r.event_id,
    }));
  },

  async saveStates(db: Db, states: StoredState[]): Promise<void> {
    if (states.length === 0) return;
    await db.executeQuery(
      CompiledQuery.raw(
        `INSERT INTO alarm_state (rule_id, point_id, phase, since, last_value, last_ts, event_id)
         SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::timestamptz[], $5::float8[], $6::timestamptz[], $7::bigint[])
         ON CONFLICT (rule_id, point_id) DO UPDATE SET phase = EXCLUDED.phase, since = EXCLUDED.since,
           last_value = EXCLUDED.last_value, last_ts = EXCLUDED.last_ts, event_id = EXCLUDED.event_id`,
        [
          states.map((s) => s.ruleId),
          states.map((s) => s.pointId),
          states.map((s) => s.phase),
          states.map((s) => new Date(s.since).toISOString()),
          states.map((s) => s.lastValue),
          states.map((s) => (s.lastTs === null ? null : new Date(s.lastTs).toISOString())),
          states.map((s) => s.eventId),
        ],
      ),
    );
  },
};
