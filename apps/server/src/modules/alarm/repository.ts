import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/database.js';
import type { AlarmRulesTable } from '../../db/schema.js';
import type { Selectable } from 'kysely';
import { eventTextColumns, type NewEvent } from '../event/repository.js';

export type RuleRow = Selectable<AlarmRulesTable>;

export interface StoredState {
  ruleId: number;
  pointId: number;
  phase: 'normal' | 'raising' | 'active' | 'clearing';
  since: number;
  lastValue: number | null;
  lastTs: number | null;
  eventId: number | null;
  /** The row's version (migration 0044): every write of phase/since/event adds one. 0 for a row never decided. */
  version: number;
}

/** A state as saveStates wrote it: the version it now has. */
export interface SavedVersion {
  ruleId: number;
  pointId: number;
  version: number;
}

/** What the live cache writes every few seconds: a pair's last value and time, valid only on `version`. */
export interface LastSeen {
  ruleId: number;
  pointId: number;
  phase: StoredState['phase'];
  since: number;
  lastValue: number | null;
  lastTs: number | null;
  /** The stored row's version the cache holds; -1: the cache saw no row (the write inserts one). */
  version: number;
}

const STATE_COLUMNS = `s.rule_id, s.point_id, s.phase, (extract(epoch FROM s.since) * 1000)::float8 AS since, s.last_value,
  (extract(epoch FROM s.last_ts) * 1000)::float8 AS last_ts, s.event_id, s.version`;

interface StateRow {
  rule_id: number;
  point_id: number;
  phase: StoredState['phase'];
  since: number;
  last_value: number | null;
  last_ts: number | null;
  event_id: number | null;
  version: number;
}

const toState = (r: StateRow): StoredState => ({
  ruleId: r.rule_id,
  pointId: r.point_id,
  phase: r.phase,
  since: Math.round(r.since),
  lastValue: r.last_value,
  lastTs: r.last_ts === null ? null : Math.round(r.last_ts),
  eventId: r.event_id,
  version: Number(r.version),
});

/**
 * Writes of alarm states and rule generations made by this process, counted before and after each statement.
 * With an embedded database this process is the only writer, and its one connection means that a read made
 * after the count moved runs after that write's transaction ended: the live cache then needs no read at all
 * while the count stands still (alarm/live.ts).
 */
let localWrites = 0;
export const localStateWrites = () => localWrites;

type StateColumns = Omit<StoredState, 'version' | 'eventId'>;

/** The unnest parameters of state rows, in column order: rule, point, phase, since, last value, last time, then `last`. */
const stateParams = <S extends StateColumns>(states: S[], last: (s: S) => number | null) => [
  states.map((s) => s.ruleId),
  states.map((s) => s.pointId),
  states.map((s) => s.phase),
  states.map((s) => new Date(s.since).toISOString()),
  states.map((s) => s.lastValue),
  states.map((s) => (s.lastTs === null ? null : new Date(s.lastTs).toISOString())),
  states.map(last),
];

/** A pair's decided state for `writeDecision`, with the event it raises or clears, if any. */
export interface DecisionWrite extends Omit<StoredState, 'version'> {
  /** The stored version the decision was taken from. */
  version: number;
  raise: NewEvent | null;
  clear: { eventId: number; at: Date } | null;
}

export const alarmRepository = {
  enabledRules: (db: Db) => db.selectFrom('alarm_rules').selectAll().where('enabled', '=', true).orderBy('id').execute(),

  /** The rule generation every rule write bumps (migration 0024): engines reload when it moved. */
  async generation(db: Db): Promise<number> {
    const r = await db.selectFrom('alarm_rule_generation').select('gen').where('id', '=', 1).executeTakeFirst();
    return r ? Number(r.gen) : 0;
  },

  async bumpGeneration(db: Db): Promise<void> {
    localWrites++;
    await db.updateTable('alarm_rule_generation').set((eb) => ({ gen: eb('gen', '+', 1) })).where('id', '=', 1).execute();
    localWrites++;
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
        `SELECT ${STATE_COLUMNS}
         FROM alarm_state s JOIN unnest($1::int[], $2::int[]) AS k(rule_id, point_id)
           ON s.rule_id = k.rule_id AND s.point_id = k.point_id
         ORDER BY s.rule_id, s.point_id
         FOR UPDATE OF s`,
        [pairs.map((p) => p.ruleId), pairs.map((p) => p.pointId)],
      ),
    );
    return (res.rows as StateRow[]).map(toState);
  },

  /**
   * The live cache's check, one round trip per evaluation: the rule generation, and the stored states of these
   * pairs whose version is not the one given (-1: the cache holds none), i.e. written since the cache read them.
   */
  async changedStates(db: Db, pairs: { ruleId: number; pointId: number; version: number }[]): Promise<{ generation: number; changed: StoredState[] }> {
    const res = await db.executeQuery(
      CompiledQuery.raw(
        `SELECT (SELECT gen FROM alarm_rule_generation WHERE id = 1) AS gen,
           (SELECT coalesce(json_agg(json_build_array(s.rule_id, s.point_id, s.phase, (extract(epoch FROM s.since) * 1000)::float8, s.last_value,
                     (extract(epoch FROM s.last_ts) * 1000)::float8, s.event_id, s.version)), '[]'::json)
            FROM alarm_state s JOIN unnest($1::int[], $2::int[], $3::bigint[]) AS k(rule_id, point_id, version)
              ON s.rule_id = k.rule_id AND s.point_id = k.point_id
            WHERE s.version <> k.version) AS changed`,
        [pairs.map((p) => p.ruleId), pairs.map((p) => p.pointId), pairs.map((p) => p.version)],
      ),
    );
    const row = res.rows[0] as { gen: number | null; changed: [number, number, StoredState['phase'], number, number | null, number | null, number | null, number][] };
    return {
      generation: row.gen === null ? 0 : Number(row.gen),
      changed: row.changed.map(([rule_id, point_id, phase, since, last_value, last_ts, event_id, version]) =>
        toState({ rule_id, point_id, phase, since, last_value, last_ts, event_id, version }),
      ),
    };
  },

  /**
   * Writes the last value and time of states whose decision part did not change: only where the stored version
   * is still the cache's (a row the cache saw none of is inserted unless one appeared), never backwards, and
   * skipping rows another transaction holds (a decision being written: it writes the whole state anyway).
   * Returns the pairs written (or already as new), and those whose stored version moved (decided elsewhere
   * since); the rest were locked and are for the next save. (The UPDATE runs though nothing reads it: PostgreSQL
   * executes every data-modifying WITH to completion.)
   */
  async saveLastSeen(db: Db, states: LastSeen[]): Promise<{ written: { ruleId: number; pointId: number }[]; overtaken: { ruleId: number; pointId: number }[] }> {
    if (states.length === 0) return { written: [], overtaken: [] };
    const res = await db.executeQuery(
      CompiledQuery.raw(
        `WITH k AS (
           SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::timestamptz[], $5::float8[], $6::timestamptz[], $7::bigint[])
             AS k(rule_id, point_id, phase, since, last_value, last_ts, version)
         ),
         lk AS (
           SELECT s.rule_id, s.point_id FROM alarm_state s JOIN k ON s.rule_id = k.rule_id AND s.point_id = k.point_id
           WHERE s.version = greatest(k.version, 0) ORDER BY s.rule_id, s.point_id FOR UPDATE OF s SKIP LOCKED
         ),
         upd AS (
           UPDATE alarm_state s SET last_value = k.last_value, last_ts = k.last_ts
           FROM k JOIN lk ON lk.rule_id = k.rule_id AND lk.point_id = k.point_id
           WHERE s.rule_id = k.rule_id AND s.point_id = k.point_id AND (s.last_ts IS NULL OR s.last_ts < k.last_ts)
           RETURNING s.rule_id
         ),
         ins AS (
           INSERT INTO alarm_state (rule_id, point_id, phase, since, last_value, last_ts, event_id, version)
           SELECT rule_id, point_id, phase, since, last_value, last_ts, NULL, 0 FROM k WHERE k.version = -1
           ON CONFLICT (rule_id, point_id) DO NOTHING
           RETURNING rule_id, point_id
         )
         SELECT rule_id, point_id, true AS written FROM lk
         UNION ALL SELECT rule_id, point_id, true FROM ins
         UNION ALL SELECT k.rule_id, k.point_id, false FROM k JOIN alarm_state s ON s.rule_id = k.rule_id AND s.point_id = k.point_id
           WHERE s.version <> greatest(k.version, 0)`,
        stateParams(states, (s) => s.version),
      ),
    );
    const rows = res.rows as { rule_id: number; point_id: number; written: boolean }[];
    const pair = (r: { rule_id: number; point_id: number }) => ({ ruleId: r.rule_id, pointId: r.point_id });
    return { written: rows.filter((r) => r.written).map(pair), overtaken: rows.filter((r) => !r.written).map(pair) };
  },

  /** Writes states (decision and last value); each written row's version moves on by one. */
  async saveStates(db: Db, states: Omit<StoredState, 'version'>[]): Promise<SavedVersion[]> {
    if (states.length === 0) return [];
    localWrites++;
    const res = await db.executeQuery(
      CompiledQuery.raw(
        `INSERT INTO alarm_state AS s (rule_id, point_id, phase, since, last_value, last_ts, event_id, version)
         SELECT *, 1 FROM unnest($1::int[], $2::int[], $3::text[], $4::timestamptz[], $5::float8[], $6::timestamptz[], $7::bigint[])
         ON CONFLICT (rule_id, point_id) DO UPDATE SET phase = EXCLUDED.phase, since = EXCLUDED.since,
           last_value = EXCLUDED.last_value, last_ts = EXCLUDED.last_ts, event_id = EXCLUDED.event_id, version = s.version + 1
         RETURNING s.rule_id, s.point_id, s.version`,
        stateParams(states, (s) => s.eventId),
      ),
    );
    localWrites++;
    return (res.rows as { rule_id: number; point_id: number; version: number }[]).map((r) => ({ ruleId: r.rule_id, pointId: r.point_id, version: Number(r.version) }));
  },

  /**
   * Writes a decision taken from copies in one statement, so one round trip (alarms are timed): locks the
   * pairs' rows where the version is still the one decided from, and only if all of them are, inserts the
   * raised events, clears the cleared ones, logs both, and writes the states with their version moved on.
   * Null when a row's version moved (decided elsewhere since): nothing is written, and the caller decides again
   * from the rows. Else each pair's new version and event id (the new event's, after a raise).
   */
  async writeDecision(db: Db, pairs: DecisionWrite[]): Promise<{ ruleId: number; pointId: number; version: number; eventId: number | null }[] | null> {
    if (pairs.length === 0) return [];
    const raises = pairs.flatMap((p) => (p.raise ? [p.raise] : []));
    const clears = pairs.flatMap((p) => (p.clear ? [p.clear] : []));
    const texts = raises.map((e) => eventTextColumns(e.text));
    localWrites++;
    const res = await db.executeQuery(
      CompiledQuery.raw(
        `WITH k AS (
           SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::timestamptz[], $5::float8[], $6::timestamptz[], $7::bigint[], $8::bigint[])
             AS k(rule_id, point_id, phase, since, last_value, last_ts, event_id, version)
         ),
         lk AS (
           SELECT s.rule_id FROM alarm_state s JOIN k ON s.rule_id = k.rule_id AND s.point_id = k.point_id
           WHERE s.version = k.version ORDER BY s.rule_id, s.point_id FOR UPDATE OF s
         ),
         ok AS (SELECT count(*) = $9 AS ok FROM lk),
         ev AS (
           INSERT INTO events (project_id, device_id, point_id, rule_id, event_type, level, title, message_key, message_params,
             message, message_en, value, limit_value, rule_kind, unit, state_from, raised_at)
           SELECT r.project_id, r.device_id, r.point_id, r.rule_id, r.event_type, r.level, r.title, r.message_key, r.message_params::jsonb,
             r.message, r.message_en, r.value, r.limit_value, r.rule_kind, r.unit, r.state_from, r.raised_at
           FROM unnest($10::int[], $11::int[], $12::int[], $13::int[], $14::int[], $15::int[], $16::text[], $17::text[], $18::text[],
             $19::text[], $20::text[], $21::float8[], $22::float8[], $23::text[], $24::text[], $25::float8[], $26::timestamptz[])
             AS r(project_id, device_id, point_id, rule_id, event_type, level, title, message_key, message_params,
               message, message_en, value, limit_value, rule_kind, unit, state_from, raised_at)
           WHERE (SELECT ok FROM ok)
           RETURNING id, rule_id, point_id
         ),
         cl AS (
           UPDATE events e SET active = false, cleared_at = c.at
           FROM unnest($27::bigint[], $28::timestamptz[]) AS c(id, at)
           WHERE e.id = c.id AND e.active AND (SELECT ok FROM ok)
           RETURNING e.id
         ),
         lg AS (
           INSERT INTO event_log (event_id, action) SELECT id, 'raised' FROM ev UNION ALL SELECT id, 'cleared' FROM cl
         ),
         upd AS (
           UPDATE alarm_state s SET phase = k.phase, since = k.since, last_value = k.last_value, last_ts = k.last_ts,
             event_id = coalesce(ev.id, k.event_id), version = s.version + 1
           FROM k LEFT JOIN ev ON ev.rule_id = k.rule_id AND ev.point_id = k.point_id
           WHERE s.rule_id = k.rule_id AND s.point_id = k.point_id AND (SELECT ok FROM ok)
           RETURNING s.rule_id, s.point_id, s.version, s.event_id
         )
         SELECT (SELECT ok FROM ok) AS ok,
           (SELECT coalesce(json_agg(json_build_array(rule_id, point_id, version, event_id)), '[]'::json) FROM upd) AS saved`,
        [
          ...stateParams(pairs, (p) => p.eventId),
          pairs.map((p) => p.version),
          pairs.length,
          raises.map((e) => e.projectId),
          raises.map((e) => e.deviceId),
          raises.map((e) => e.pointId),
          raises.map((e) => e.ruleId),
          raises.map((e) => e.type),
          raises.map((e) => e.level),
          raises.map((e) => e.title),
          texts.map((t) => t.message_key),
          texts.map((t) => JSON.stringify(t.message_params)),
          texts.map((t) => t.message),
          texts.map((t) => t.message_en),
          raises.map((e) => e.value),
          raises.map((e) => e.limit),
          raises.map((e) => e.ruleKind ?? null),
          raises.map((e) => e.unit ?? ''),
          raises.map((e) => e.stateFrom ?? null),
          raises.map((e) => e.raisedAt.toISOString()),
          clears.map((c) => c.eventId),
          clears.map((c) => c.at.toISOString()),
        ],
      ),
    );
    localWrites++;
    const row = res.rows[0] as { ok: boolean; saved: [number, number, number, number | null][] };
    if (!row.ok) return null;
    return row.saved.map(([ruleId, pointId, version, eventId]) => ({ ruleId, pointId, version: Number(version), eventId }));
  },
};
