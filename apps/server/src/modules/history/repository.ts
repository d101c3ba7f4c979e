import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export interface PointInfo {
  id: number;
  key: string;
  name: string;
  name_en: string;
  unit: string;
  kind: string;
  precision: number;
  device_id: number;
  device_name: string;
  device_name_en: string;
  device_kind: string;
  device_props: Record<string, unknown>;
  project_id: number;
  /** The site's zone (projects.timezone): its daily rollups and local days. */
  timezone: string;
}

export interface Bucket {
  point_id: number;
  t: number;
  min: number;
  max: number;
  avg: number;
}

const ms = (n: number) => `${Math.round(n)} milliseconds`;

/** A point with its device, as every history query describes the series it returns. */
const pointsWithDevice = (db: Db) =>
  db
    .selectFrom('device_points as p')
    .innerJoin('devices as d', 'd.id', 'p.device_id')
    .innerJoin('projects as pr', 'pr.id', 'd.project_id')
    .select([
      'p.id',
      'p.key',
      'p.name',
      'p.name_en',
      'p.unit',
      'p.kind',
      'p.precision',
      'd.id as device_id',
      'd.name as device_name',
      'd.name_en as device_name_en',
      'd.kind as device_kind',
      'd.props as device_props',
      'd.project_id',
      'pr.timezone',
    ]);

export const historyRepository = {
  points: (db: Db, ids: number[]): Promise<PointInfo[]> =>
    ids.length === 0
      ? Promise.resolve([])
      : pointsWithDevice(db).where('p.id', 'in', ids).orderBy('p.id').execute(),

  /** Points of a project's devices, optionally of some device kinds, some keys, one device. */
  projectPoints: (
    db: Db,
    projectId: number,
    kinds: string[],
    keys: string[],
    deviceId?: number,
  ): Promise<PointInfo[]> => {
    let q = pointsWithDevice(db)
      .where('d.project_id', '=', projectId)
      .where('d.kind', 'in', kinds)
      .where('p.key', 'in', keys);
    if (deviceId !== undefined) q = q.where('d.id', '=', deviceId);
    return q.orderBy('d.sort').orderBy('d.id').orderBy('p.sort').execute();
  },

  /** From when raw samples are kept (null: retention has not dropped any); see migration 0042. */
  async rawSince(db: Db): Promise<Date | null> {
    const r = await sql<{ t: Date | null }>`
      SELECT CASE WHEN raw_since = '-infinity' THEN NULL ELSE raw_since END AS t FROM telemetry_partition_state WHERE id = 1`.execute(db);
    return r.rows[0]?.t ? new Date(r.rows[0].t) : null;
  },

  /** Samples per point in a range, capped: tells whether the raw rows fit the chart width. */
  async maxCount(db: Db, ids: number[], from: Date, to: Date, cap: number): Promise<number> {
    const r = await sql<{ n: number }>`
      SELECT max(n)::int AS n FROM (
        SELECT (SELECT count(*) FROM (SELECT 1 FROM telemetry t WHERE t.point_id = p.id AND t.ts >= ${from} AND t.ts < ${to} LIMIT ${cap + 1}) x) AS n
        FROM unnest(${ids}::int[]) AS p(id)) c`.execute(db);
    return r.rows[0]?.n ?? 0;
  },

  async raw(db: Db, ids: number[], from: Date, to: Date): Promise<Bucket[]> {
    const r = await sql<{ point_id: number; t: number; v: number }>`
      SELECT point_id, date_part('epoch', ts) * 1000 AS t, value AS v
      FROM telemetry WHERE point_id = ANY(${ids}::int[]) AND ts >= ${from} AND ts < ${to}
      ORDER BY point_id, ts`.execute(db);
    return r.rows.map((x) => ({ point_id: x.point_id, t: x.t, min: x.v, max: x.v, avg: x.v }));
  },

  /**
   * min/max/avg of the raw samples per pixel bucket (date_bin from `origin`). Grouped on the timestamp and
   * converted to ms afterwards: extract() yields numeric, whose per-row cost tripled the query time.
   */
  async bucketed(
    db: Db,
    ids: number[],
    from: Date,
    to: Date,
    bucketMs: number,
    origin: Date,
  ): Promise<Bucket[]> {
    const r = await sql<Bucket>`
      SELECT point_id, date_part('epoch', b) * 1000 AS t, min, max, avg FROM (
        SELECT point_id, date_bin(${ms(bucketMs)}::interval, ts, ${origin}) AS b, min(value) AS min, max(value) AS max, avg(value) AS avg
        FROM telemetry WHERE point_id = ANY(${ids}::int[]) AND ts >= ${from} AND ts < ${to}
        GROUP BY 1, 2) x
      ORDER BY 1, 2`.execute(db);
    return r.rows;
  },

  /** The same from a rollup table: min of mins, max of maxes, sum/count weighted average. */
  async fromRollup(
    db: Db,
    table: 'rollup_hourly' | 'rollup_daily',
    ids: number[],
    from: Date,
    to: Date,
    bucketMs: number,
    origin: Date,
  ): Promise<Bucket[]> {
    const r = await sql<Bucket>`
      SELECT point_id, date_part('epoch', b) * 1000 AS t, min, max, avg FROM (
        SELECT point_id, date_bin(${ms(bucketMs)}::interval, bucket, ${origin}) AS b, min(min) AS min, max(max) AS max, sum(sum) / sum(count) AS avg
        FROM ${sql.table(table)} WHERE point_id = ANY(${ids}::int[]) AND bucket >= ${from} AND bucket < ${to}
        GROUP BY 1, 2) x
      ORDER BY 1, 2`.execute(db);
    return r.rows;
  },

  /**
   * The same from the quarter-hour rollups before the compaction's cut and from raw telemetry after it (the last
   * 10–25 minutes), merged per bucket; one statement, so the cut and the rollups are read from one snapshot.
   */
  async fromQuarterHours(
    db: Db,
    ids: number[],
    from: Date,
    to: Date,
    bucketMs: number,
    origin: Date,
  ): Promise<Bucket[]> {
    const cut = sql`(SELECT done_until FROM rollup_15m_state WHERE id = 1)`;
    const r = await sql<Bucket>`
      SELECT point_id, date_part('epoch', b) * 1000 AS t, min(min) AS min, max(max) AS max, sum(sum) / sum(count) AS avg FROM (
        SELECT point_id, date_bin(${ms(bucketMs)}::interval, bucket, ${origin}) AS b, min, max, sum, count
        FROM rollup_15m WHERE point_id = ANY(${ids}::int[]) AND bucket >= ${from} AND bucket < ${to} AND bucket < ${cut}
        UNION ALL
        SELECT point_id, date_bin(${ms(bucketMs)}::interval, ts, ${origin}), value, value, value, 1
        FROM telemetry WHERE point_id = ANY(${ids}::int[]) AND ts >= greatest(${from}::timestamptz, ${cut}) AND ts < ${to}) x
      GROUP BY point_id, b
      ORDER BY 1, 2`.execute(db);
    return r.rows;
  },

  // No points (e.g. a device of another kind) is no rows: SQL has no empty `in ()`.
  dailyRows: async (db: Db, ids: number[], from: Date, to: Date) =>
    ids.length === 0
      ? []
      : db
          .selectFrom('rollup_daily')
          .select(['point_id', 'bucket', 'min', 'max', 'sum', 'count', 'first', 'last'])
          .where('point_id', 'in', ids)
          .where('bucket', '>=', from)
          .where('bucket', '<', to)
          .orderBy('point_id')
          .orderBy('bucket')
          .execute(),

  // No points (e.g. a device of another kind) is no rows: SQL has no empty `in ()`.
  hourlyRows: async (db: Db, ids: number[], from: Date, to: Date) =>
    ids.length === 0
      ? []
      : db
          .selectFrom('rollup_hourly')
          .select(['point_id', 'bucket', 'min', 'max', 'sum', 'count'])
          .where('point_id', 'in', ids)
          .where('bucket', '>=', from)
          .where('bucket', '<', to)
          .orderBy('point_id')
          .orderBy('bucket')
          .execute(),

  /** The last daily reading before `before`, per point (the baseline of counter deltas). */
  async lastBefore(db: Db, ids: number[], before: Date): Promise<Map<number, number>> {
    const r = await sql<{ point_id: number; last: number }>`
      SELECT p.id AS point_id, (SELECT last FROM rollup_daily d WHERE d.point_id = p.id AND d.bucket < ${before} ORDER BY bucket DESC LIMIT 1) AS last
      FROM unnest(${ids}::int[]) AS p(id)`.execute(db);
    return new Map(r.rows.filter((x) => x.last !== null).map((x) => [x.point_id, x.last]));
  },

  /** Count, avg, min, max and the number of samples within ±limit of each point's nominal value. */
  async voltageStats(
    db: Db,
    points: { id: number; nominal: number }[],
    limitFrac: number,
    from: Date,
    to: Date,
  ) {
    const r = await sql<{
      point_id: number;
      n: number;
      avg: number | null;
      max: number | null;
      min: number | null;
      ok: number;
    }>`
      WITH p AS (SELECT * FROM unnest(${points.map((p) => p.id)}::int[], ${points.map((p) => p.nominal)}::float8[]) AS p(point_id, nominal))
      SELECT p.point_id, count(t.value)::int AS n, avg(t.value) AS avg, max(t.value) AS max, min(t.value) AS min,
             count(*) FILTER (WHERE abs(t.value - p.nominal) <= p.nominal * ${limitFrac})::int AS ok
      FROM p LEFT JOIN telemetry t ON t.point_id = p.point_id AND t.ts >= ${from} AND t.ts < ${to}
      GROUP BY p.point_id`.execute(db);
    return r.rows;
  },

  /** Imbalance (max − avg)/avg × 100 over the samples where all three phases share a timestamp. */
  async imbalance(
    db: Db,
    ia: number,
    ib: number,
    ic: number,
    from: Date,
    to: Date,
    minAvg: number,
    limitPct: number,
  ) {
    const r = await sql<{
      n: number;
      avg: number | null;
      max: number | null;
      max_at: Date | null;
      over: number;
    }>`
      WITH s AS (
        SELECT a.ts, greatest(a.value, b.value, c.value) AS mx, (a.value + b.value + c.value) / 3 AS av
        FROM telemetry a
        JOIN telemetry b ON b.point_id = ${ib} AND b.ts = a.ts
        JOIN telemetry c ON c.point_id = ${ic} AND c.ts = a.ts
        WHERE a.point_id = ${ia} AND a.ts >= ${from} AND a.ts < ${to}),
      u AS (SELECT ts, (mx - av) / av * 100 AS pct FROM s WHERE av >= ${minAvg})
      SELECT count(*)::int AS n, avg(pct) AS avg, max(pct) AS max, (array_agg(ts ORDER BY pct DESC))[1] AS max_at,
             count(*) FILTER (WHERE pct > ${limitPct})::int AS over
      FROM u`.execute(db);
    return r.rows[0]!;
  },

  async pfStats(db: Db, ids: number[], limit: number, from: Date, to: Date) {
    const r = await sql<{ point_id: number; n: number; avg: number | null; min: number | null; ok: number }>`
      SELECT p.id AS point_id, count(t.value)::int AS n, avg(abs(t.value)) AS avg, min(abs(t.value)) AS min,
             count(*) FILTER (WHERE abs(t.value) >= ${limit})::int AS ok
      FROM unnest(${ids}::int[]) AS p(id) LEFT JOIN telemetry t ON t.point_id = p.id AND t.ts >= ${from} AND t.ts < ${to}
      GROUP BY p.id`.execute(db);
    return r.rows;
  },

  /**
   * Average of each point per demand window. Windows are aligned to the epoch: a quarter-hour window starts on
   * a local quarter hour in every zone whose offset is a whole number of quarters (all but a few).
   */
  async demandWindows(db: Db, ids: number[], windowMin: number, from: Date, to: Date) {
    const r = await sql<{ point_id: number; w: Date; kw: number }>`
      SELECT point_id, date_bin(${`${windowMin} minutes`}::interval, ts, TIMESTAMPTZ 'epoch') AS w, avg(value) AS kw
      FROM telemetry WHERE point_id = ANY(${ids}::int[]) AND ts >= ${from} AND ts < ${to}
      GROUP BY 1, 2`.execute(db);
    return r.rows;
  },

  event: (db: Db, id: number) =>
    db
      .selectFrom('events')
      .select(['id', 'project_id', 'device_id', 'point_id', 'raised_at', 'limit_value'])
      .where('id', '=', id)
      .executeTakeFirst(),

  devicePoints: (db: Db, deviceId: number) =>
    db
      .selectFrom('device_points')
      .select(['id', 'key', 'kind'])
      .where('device_id', '=', deviceId)
      .orderBy('sort')
      .execute(),
};
