import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Sample } from './decode.js';
import { LATE_AFTER, quarterOf } from './quarterHours.js';


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
 * (the marker is updated, not skipped, so the compaction job waits for this transaction; see quarterHours.ts), and move the latest values forward. Returns the
 * inserted samples, which are what the alarm engine evaluates.
 *
 * Sums are numeric (migration 0009): no sample, however large, can overflow them and fail the batch.
 * "Latest" compares timestamps capped at their arrival time (`received_at`, the transaction's now()): a sample
 * stamped ahead of the server's clock (up to INGEST_MAX_FUTURE_SKEW_SECONDS) counts as measured when it
 * arrived, so the next real sample replaces it instead of waiting for the future timestamp to pass.
 */
const STORE_SQL = `
WITH input AS (
  SELECT * FROM unnest($1::int[], $2::timestamptz[], $3::float8[]) AS t(point_id, ts, value)
),
ins AS (
  INSERT INTO telemetry (point_id, ts, value) SELECT point_id, ts, value FROM input
  ON CONFLICT DO NOTHING
  RETURNING point_id, ts, value
),
h AS (${bucketAgg(`date_trunc('hour', ts, 'UTC')`)}),
uh AS (${rollupMerge('rollup_hourly', 'h')}),
-- A daily bucket is the site's local day: midnight in the zone of the point's project (projects.timezone).
insz AS (
  SELECT ins.point_id, ins.ts, ins.value, p.timezone FROM ins
  JOIN device_points dp ON dp.id = ins.point_id JOIN devices dv ON dv.id = dp.device_id JOIN projects p ON p.id = dv.project_id
),
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
SELECT point_id, (extract(epoch FROM ts) * 1000)::float8 AS ts, value FROM ins`;

export const telemetryRepository = {
  async store(db: Db, samples: Sample[]): Promise<Sample[]> {
    if (samples.length === 0) return [];
    const ids: number[] = [];
    const ts: string[] = [];
    const values: number[] = [];
    for (const s of samples) {
      ids.push(s.pointId);
      ts.push(new Date(s.ts).toISOString());
      values.push(s.value);
    }
    const res = await db.executeQuery(CompiledQuery.raw(STORE_SQL, [ids, ts, values]));
    return (res.rows as { point_id: number; ts: number; value: number }[]).map((row) => ({ pointId: row.point_id, ts: Math.round(row.ts), value: row.value }));
  },

  async touchGateway(db: Db, gatewaySn: string, at: Date): Promise<{ id: number; wasOnline: boolean; commEventId: number | null } | undefined> {
    const r = await sql<{ id: number; was_online: boolean; comm_event_id: number | null }>`
      UPDATE gateways g SET last_seen_at = GREATEST(coalesce(g.last_seen_at, ${at}), ${at}), online = true
      FROM (SELECT id, online AS was_online FROM gateways WHERE sn = ${gatewaySn} FOR UPDATE) old
      WHERE g.id = old.id
      RETURNING g.id, old.was_online, g.comm_event_id`.execute(db);
    const row = r.rows[0];
    return row ? { id: row.id, wasOnline: row.was_online, commEventId: row.comm_event_id } : undefined;
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
};
