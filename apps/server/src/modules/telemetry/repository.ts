import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Sample } from './decode.js';

const EPOCH = `TIMESTAMPTZ '2000-01-01 00:00:00+00'`;
/** The quarter a timestamp column (or expression) falls in, as SQL text. */
export const quarterOf = (column: string) => `date_bin('15 minutes', ${column}, ${EPOCH})`;
/** A sample whose quarter ended this long before its transaction began marks the quarter dirty (quarterHours.ts). */
export const LATE_AFTER = `interval '2 minutes'`;
/** Quarters are compacted once they ended this long ago (quarterHours.ts). */
const COMPACT_LAG = `interval '10 minutes'`;
/** A server back from a long stop catches up a day per run, so one run stays short. */
const MAX_SPAN = sql.raw(`interval '1 day'`);

// Sums in numeric (migration 0009): no stored value can overflow them.
const aggregate = sql.raw(`min(t.value), max(t.value), sum(t.value::numeric), count(*)::int,
  (array_agg(t.value ORDER BY t.ts))[1], min(t.ts), (array_agg(t.value ORDER BY t.ts DESC))[1], max(t.ts)`);
const replace = sql.raw(`ON CONFLICT (point_id, bucket) DO UPDATE SET min = EXCLUDED.min, max = EXCLUDED.max, sum = EXCLUDED.sum,
  count = EXCLUDED.count, first = EXCLUDED.first, first_ts = EXCLUDED.first_ts, last = EXCLUDED.last, last_ts = EXCLUDED.last_ts`);

const rollupMerge = (table: 'rollup_hourly' | 'rollup_daily', source: string) => `
  INSERT INTO ${table} AS r (point_id, bucket, min, max, sum, count, first, first_ts, last, last_ts)
  SELECT * FROM ${source}
  ON CONFLICT (point_id, bucket) DO UPDATE SET
    min = LEAST(r.min, EXCLUDED.min),
    max = GREATEST(r.max, EXCLUDED.max),
    sum = r.sum + EXCLUDED.sum,
    count = r.count + EXCLUDED.count,
    first = CASE WHEN EXCLUDED.first_ts < r.first_ts THEN EXCLUDED.first ELSE r.first END,
    first_ts = LEAST(r.first_ts, EXCLUDED.first_ts),
    last = CASE WHEN EXCLUDED.last_ts >= r.last_ts THEN EXCLUDED.last ELSE r.last END,
    last_ts = GREATEST(r.last_ts, EXCLUDED.last_ts)`;

const bucketAgg = (bucketExpr: string, source = 'ins') => `
  SELECT point_id, ${bucketExpr} AS bucket, min(value), max(value), sum(value::numeric), count(*)::int,
         (array_agg(value ORDER BY ts))[1], min(ts), (array_agg(value ORDER BY ts DESC))[1], max(ts)
  FROM ${source} GROUP BY 1, 2`;

/**
 * One statement per batch: insert the samples (exact duplicates skipped by the primary key), merge the rows
 * actually inserted into the hourly and daily rollups, mark late samples' quarter-hours for recomputation
 * (the marker is updated, not skipped, so the compaction job waits for this transaction; see quarterHours.ts), and move the latest values forward. The caller
 * chooses what it gets back: the inserted samples, or only their count (ingest).
 *
 * Sums are numeric (migration 0009): no sample, however large, can overflow them and fail the batch.
 * "Latest" compares timestamps capped at their arrival time (`received_at`, the transaction's now()): a sample
 * stamped ahead of the server's clock (up to INGEST_MAX_FUTURE_SKEW_SECONDS) counts as measured when it
 * arrived, so the next real sample replaces it instead of waiting for the future timestamp to pass.
 */
const storeSql = (result: string) => `
WITH input AS (
  -- Times travel as epoch milliseconds (float8, exact for them): no ISO text to format here or parse there.
  SELECT t.point_id, TIMESTAMPTZ 'epoch' + t.ms * INTERVAL '1 millisecond' AS ts, t.value
  FROM unnest($1::int[], $2::float8[], $3::float8[]) AS t(point_id, ms, value)
),
ins AS (
  INSERT INTO telemetry (point_id, ts, value) SELECT point_id, ts, value FROM input
  ON CONFLICT DO NOTHING
  RETURNING point_id, ts, value
),
h AS (${bucketAgg(`date_trunc('hour', ts, 'UTC')`)}),
uh AS (${rollupMerge('rollup_hourly', 'h')}),
-- A daily bucket is the site's local day: midnight in the zone of the point's project (projects.timezone), looked
-- up once per point of the statement through the primary keys. A scalar subquery, which the planner never turns
-- into a join: joined to ins, it hashed the whole device_points and devices tables for every statement (51 000
-- and 4 700 rows at the bench's load), however few samples it held. PostgreSQL backend CPU per statement on the
-- bench's site (docs/performance.md): 1 250 samples 72 → 45 ms, 5 000 samples unchanged (221 → 219 ms).
zone AS (
  SELECT u.point_id, (SELECT p.timezone FROM device_points dp JOIN devices dv ON dv.id = dp.device_id
                      JOIN projects p ON p.id = dv.project_id WHERE dp.id = u.point_id) AS timezone
  FROM (SELECT DISTINCT ON (point_id) point_id FROM unnest($1::int[]) AS t(point_id)) u
),
insz AS (SELECT ins.point_id, ins.ts, ins.value, zone.timezone FROM ins JOIN zone USING (point_id)),
d AS (${bucketAgg(`date_trunc('day', ts, timezone)`, 'insz')}),
ud AS (${rollupMerge('rollup_daily', 'd')}),
late AS (
  INSERT INTO rollup_15m_dirty AS m (point_id, bucket)
  SELECT DISTINCT point_id, ${quarterOf('ts')} FROM ins WHERE ts < ${quarterOf(`now() - ${LATE_AFTER}`)}
  ON CONFLICT (point_id, bucket) DO UPDATE SET marked_at = EXCLUDED.marked_at
),
lt AS (
  INSERT INTO point_latest AS p (point_id, ts, value)
  SELECT DISTINCT ON (point_id) point_id, ts, value FROM ins ORDER BY point_id, ts DESC
  ON CONFLICT (point_id) DO UPDATE SET ts = EXCLUDED.ts, value = EXCLUDED.value, received_at = now()
  WHERE least(EXCLUDED.ts, now()) >= least(p.ts, p.received_at)
)
${result}`;
const STORE_SQL = storeSql(`SELECT point_id, (extract(epoch FROM ts) * 1000)::float8 AS ts, value FROM ins`);
const STORE_COUNTED_SQL = storeSql(`SELECT count(*)::int AS n FROM ins`);

/**
 * The statement's three parameters (point ids, epoch milliseconds, values) as PostgreSQL array literals, built
 * with one native join each: node-postgres's own array serialisation walks every element in JavaScript, which
 * for a batch of 100 000 samples held the event loop (and with it every alarm) for a noticeable time. Every
 * element is a finite number (decode refuses the rest), and a number's shortest text reads back exactly.
 */
function storeParams(samples: Sample[]): [string, string, string] {
  const ids = new Array<number>(samples.length);
  const ts = new Array<number>(samples.length);
  const values = new Array<number>(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i]!;
    ids[i] = s.pointId;
    ts[i] = s.ts;
    values[i] = s.value;
  }
  return [`{${ids.join(',')}}`, `{${ts.join(',')}}`, `{${values.join(',')}}`];
}

export const telemetryRepository = {
  /** Every point behind a gateway, with its device, gateway and project: the ingest's point catalogue. */
  /** The catalogue's generation (migration 0047): moves with every write to what pointCatalogue reads. */
  async catalogueGeneration(db: Db): Promise<number> {
    const r = await db.selectFrom('point_catalogue_generation').select('gen').where('id', '=', 1).executeTakeFirst();
    return r ? Number(r.gen) : 0;
  },

  pointCatalogue(db: Db) {
    return db
      .selectFrom('device_points as p')
      .innerJoin('devices as d', 'd.id', 'p.device_id')
      // Devices without a gateway (the inspection robot) are looked up by point id only, for alarm evaluation.
      .leftJoin('gateways as g', 'g.id', 'd.gateway_id')
      .innerJoin('projects as pr', 'pr.id', 'd.project_id')
      .select([
        'p.id as point_id',
        'p.key',
        'p.name',
        'p.name_en',
        'p.unit',
        'p.kind',
        'p.precision',
        'p.scale',
        'p.low',
        'p.high',
        'd.id as device_id',
        'd.sn as device_sn',
        'd.kind as device_kind',
        'd.name as device_name',
        'd.name_en as device_name_en',
        'd.project_id',
        'g.sn as gateway_sn',
        'pr.name as project_name',
        'pr.name_en as project_name_en',
      ])
      .execute();
  },

  /** Stores samples (see STORE_SQL); returns those actually inserted (exact duplicates are not). */
  async store(db: Db, samples: Sample[]): Promise<Sample[]> {
    if (samples.length === 0) return [];
    const res = await db.executeQuery(CompiledQuery.raw(STORE_SQL, storeParams(samples)));
    return (res.rows as { point_id: number; ts: number; value: number }[]).map((row) => ({ pointId: row.point_id, ts: Math.round(row.ts), value: row.value }));
  },

  /** The same statement for ingest, which needs only how many were inserted (no rows back to parse). */
  async storeCounted(db: Db, samples: Sample[]): Promise<number> {
    if (samples.length === 0) return 0;
    const res = await db.executeQuery(CompiledQuery.raw(STORE_COUNTED_SQL, storeParams(samples)));
    return (res.rows[0] as { n: number }).n;
  },

  async touchGateway(db: Db, gatewaySn: string, at: Date): Promise<{ id: number; projectId: number; wasOnline: boolean; commEventId: number | null } | undefined> {
    const r = await sql<{ id: number; project_id: number; was_online: boolean; comm_event_id: number | null }>`
      UPDATE gateways g SET last_seen_at = GREATEST(coalesce(g.last_seen_at, ${at}), ${at}), online = true
      FROM (SELECT id, online AS was_online FROM gateways WHERE sn = ${gatewaySn} FOR UPDATE) old
      WHERE g.id = old.id
      RETURNING g.id, g.project_id, old.was_online, g.comm_event_id`.execute(db);
    const row = r.rows[0];
    return row ? { id: row.id, projectId: row.project_id, wasOnline: row.was_online, commEventId: row.comm_event_id } : undefined;
  },

  async addRejects(db: Db, rows: { gatewaySn: string; cause: string; count: number; detail: string }[]): Promise<void> {
    for (const r of rows) {
      await db
        .insertInto('ingest_rejects')
        .values({ gateway_sn: r.gatewaySn, cause: r.cause, count: r.count, last_detail: r.detail })
        .onConflict((oc) =>
          oc.columns(['gateway_sn', 'cause']).doUpdateSet((eb) => ({
            count: sql`${eb.ref('ingest_rejects.count')} + ${r.count}`,
            last_detail: r.detail,
            last_at: sql`now()`,
          })),
        )
        .execute();
    }
  },
  /** Whether any of these device serials is now registered under the gateway (a cheap check before a reload). */
  async anyDeviceRegistered(db: Db, gatewaySn: string, deviceSns: string[]): Promise<boolean> {
    if (deviceSns.length === 0) return false;
    const row = await db
      .selectFrom('devices as d')
      .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
      .select('d.id')
      .where('g.sn', '=', gatewaySn)
      .where('d.sn', 'in', deviceSns.slice(0, 100))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  /**
   * Counts messages naming unregistered device serials, per gateway (unknown gateways are skipped: they
   * cannot connect). A device registered meanwhile is not listed again.
   */
  async addUnknownDevices(db: Db, rows: { gatewaySn: string; deviceSn: string; count: number; keys: string[]; lastAt: Date }[]): Promise<void> {
    for (const r of rows) {
      await sql`
        INSERT INTO unknown_devices (gateway_id, device_sn, point_keys, count, first_seen_at, last_seen_at)
        SELECT g.id, ${r.deviceSn}, ${r.keys}::text[], ${r.count}, ${r.lastAt}, ${r.lastAt} FROM gateways g
        WHERE g.sn = ${r.gatewaySn}
          AND NOT EXISTS (SELECT 1 FROM devices d WHERE d.gateway_id = g.id AND d.sn = ${r.deviceSn})
        ON CONFLICT (gateway_id, device_sn) DO UPDATE SET
          count = unknown_devices.count + EXCLUDED.count,
          point_keys = (SELECT coalesce((array_agg(DISTINCT k ORDER BY k))[1:200], '{}') FROM unnest(unknown_devices.point_keys || EXCLUDED.point_keys) k),
          last_seen_at = GREATEST(unknown_devices.last_seen_at, EXCLUDED.last_seen_at)`.execute(db);
    }
  },

  /** Writes the quarter-hour rollups of every sample in [from, to) (whole quarters); returns the rows written. */
  async compactRange(db: Db, from: Date, to: Date): Promise<number> {
    const r = await sql`
      INSERT INTO rollup_15m (point_id, bucket, min, max, sum, count, first, first_ts, last, last_ts)
      SELECT t.point_id, ${sql.raw(quarterOf('t.ts'))}, ${aggregate}
      FROM telemetry t WHERE t.ts >= ${from} AND t.ts < ${to} GROUP BY 1, 2
      ${replace}`.execute(db);
    return Number(r.numAffectedRows ?? 0);
  },

  /**
   * Locks the compaction state row (SKIP LOCKED: undefined when another instance holds it) and returns the
   * current cut with the next target (the last quarter closed COMPACT_LAG ago, at most MAX_SPAN ahead).
   */
  async claimCompactionState(db: Db): Promise<{ doneUntil: Date; target: Date } | undefined> {
    const state = await sql<{ done_until: Date; target: Date }>`
      SELECT done_until, least(${sql.raw(quarterOf(`now() - ${COMPACT_LAG}`))}, done_until + ${MAX_SPAN}) AS target
      FROM rollup_15m_state WHERE id = 1 FOR UPDATE SKIP LOCKED`.execute(db);
    const s = state.rows[0];
    return s ? { doneUntil: s.done_until, target: s.target } : undefined;
  },

  async setCompactedUntil(db: Db, doneUntil: Date): Promise<void> {
    await sql`UPDATE rollup_15m_state SET done_until = ${doneUntil} WHERE id = 1`.execute(db);
  },

  /** Removes and returns up to `limit` dirty-quarter markers, skipping those an ingest transaction still holds. */
  async takeDirtyQuarters(db: Db, limit: number): Promise<{ pointId: number; bucket: Date }[]> {
    const dirty = await sql<{ point_id: number; bucket: Date }>`
      DELETE FROM rollup_15m_dirty WHERE (point_id, bucket) IN (
        SELECT point_id, bucket FROM rollup_15m_dirty ORDER BY bucket LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING point_id, bucket`.execute(db);
    return dirty.rows.map((d) => ({ pointId: d.point_id, bucket: d.bucket }));
  },

  /** Recomputes the given quarters of the given points from telemetry. */
  async recomputeQuarters(db: Db, quarters: { pointId: number; bucket: Date }[]): Promise<void> {
    if (quarters.length === 0) return;
    // The span of the quarters as constants, so the planner reads only those days' partitions of telemetry:
    // without them, each chunk of a year-long backlog of late samples read every day table (8.5 min for a year).
    const times = quarters.map((d) => d.bucket.getTime());
    const from = new Date(Math.min(...times));
    const to = new Date(Math.max(...times) + 15 * 60_000);
    await sql`
      INSERT INTO rollup_15m (point_id, bucket, min, max, sum, count, first, first_ts, last, last_ts)
      SELECT d.point_id, d.bucket, ${aggregate}
      FROM unnest(${quarters.map((d) => d.pointId)}::int[], ${quarters.map((d) => d.bucket.toISOString())}::timestamptz[]) AS d(point_id, bucket)
      JOIN telemetry t ON t.point_id = d.point_id AND t.ts >= d.bucket AND t.ts < d.bucket + interval '15 minutes'
        AND t.ts >= ${from.toISOString()}::timestamptz AND t.ts < ${to.toISOString()}::timestamptz
      GROUP BY 1, 2
      ${replace}`.execute(db);
  },

  /**
   * Marks every gateway silent past its heartbeat window offline and returns them. The UPDATE … RETURNING
   * claims each one atomically, so with several server instances exactly one caller gets it.
   */
  async claimSilentGateways(db: Db) {
    const silent = await sql<{ id: number; project_id: number; name: string; sn: string; project_name: string; project_name_en: string }>`
      UPDATE gateways g SET online = false
      FROM projects p
      WHERE p.id = g.project_id AND g.online AND g.last_seen_at < now() - make_interval(secs => g.heartbeat_s)
      RETURNING g.id, g.project_id, g.name, g.sn, p.name AS project_name, p.name_en AS project_name_en`.execute(db);
    return silent.rows;
  },

  /** Links (or, with null, unlinks) a gateway's open communication-fault event. */
  async setCommEvent(db: Db, gatewayId: number, eventId: number | null): Promise<void> {
    await db.updateTable('gateways').set({ comm_event_id: eventId }).where('id', '=', gatewayId).execute();
  },
};
