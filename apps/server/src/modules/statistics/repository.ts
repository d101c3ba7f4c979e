import { sql } from 'kysely';
import { siteDayStart } from '@gridops/format';
import type { Granularity } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { meteringRepository } from '../metering/repository.js';
import { tariffRepository } from '../metering/tariffRepository.js';
import { orgRepository } from '../org/repository.js';
import { ENERGY_SQL, RESET_SQL } from './counterEnergy.js';
import { energyCacheRepository } from './energyCacheRepository.js';

/**
 * What the statistics read: energy derived from the counter rollups (the SQL below), and, from their owners,
 * the site's metering tree (metering), its time zone (org) and its tariff (metering's tariff repository).
 * One object, so a service can be handed another implementation (service.test.ts).
 */
const KEY_FORMAT: Record<Granularity, string> = {
  hour: 'YYYY-MM-DD HH24:00',
  day: 'YYYY-MM-DD',
  month: 'YYYY-MM',
  year: 'YYYY',
};

export interface PointEnergyRow {
  point_id: number;
  key: string;
  energy: number;
  resets: number;
}

/**
 * Per-bucket energy CTE over one rollup table: each bucket's growth over the previous bucket's last
 * reading (the one before the range comes from an index lookup), see counterEnergy.ts. `prev` is
 * MATERIALIZED so the lookup runs once per point, not once per row when statistics are stale.
 */
const energyCte = (table: 'rollup_hourly' | 'rollup_daily', ids: number[], from: Date, to: Date) => sql`
  pts AS (SELECT unnest(${ids}::int[]) AS point_id),
  prev AS MATERIALIZED (
    SELECT pts.point_id, r.last AS prev_last FROM pts
    LEFT JOIN LATERAL (
      SELECT x.last FROM ${sql.table(table)} x WHERE x.point_id = pts.point_id AND x.bucket < ${from}
      ORDER BY x.bucket DESC LIMIT 1
    ) r ON true
  ),
  b AS (
    SELECT x.point_id, x.bucket, x.first, x.last, x.min, x.max,
      coalesce(lag(x.last) OVER (PARTITION BY x.point_id ORDER BY x.bucket), prev.prev_last, x.first) AS p
    FROM ${sql.table(table)} x JOIN prev ON prev.point_id = x.point_id
    WHERE x.point_id = ANY(${ids}::int[]) AND x.bucket >= ${from} AND x.bucket < ${to}
  ),
  e AS (SELECT point_id, bucket, ${sql.raw(ENERGY_SQL)} AS energy, ${sql.raw(RESET_SQL)} AS reset FROM b)`;

export const statisticsRepository = {
  /** The site's metering nodes (one tree or all), owned by metering. */
  nodes: meteringRepository.nodes,
  /** The site's IANA time zone (undefined: no such project), owned by org. */
  siteZone: orgRepository.projectZone,
  /** The site's tariffs with their validity periods, owned by metering's tariff repository. */
  tariffs: tariffRepository.versions,
  /** The hourly energy cache (energyCacheRepository.ts): refresh, then read sums from it; or the same uncached. */
  refreshEnergyCache: energyCacheRepository.refresh,
  clockEnergy: energyCacheRepository.clockEnergy,
  clockEnergyUncached: energyCacheRepository.clockEnergyUncached,
  monthlyDemand: energyCacheRepository.monthlyDemand,
  monthlyDemandUncached: energyCacheRepository.monthlyDemandUncached,
  monthlyPowerFactor: energyCacheRepository.monthlyPowerFactor,

  /** Energy per point and bucket key; day/month/year from rollup_daily, hours from rollup_hourly. */
  pointEnergy: async (
    db: Db,
    ids: number[],
    from: Date,
    to: Date,
    granularity: Granularity,
    zone: string,
  ): Promise<PointEnergyRow[]> => {
    if (!ids.length) return [];
    const table = granularity === 'hour' ? 'rollup_hourly' : 'rollup_daily';
    // Group on the truncated local time first and format only the groups (to_char per row is not free).
    const r = await sql<PointEnergyRow>`
      WITH ${energyCte(table, ids, from, to)},
      g AS (SELECT point_id, date_trunc(${granularity}, bucket AT TIME ZONE ${zone}) AS k, sum(energy) AS energy, sum(reset) AS resets FROM e GROUP BY 1, 2)
      SELECT point_id, to_char(k, ${KEY_FORMAT[granularity]}) AS key, energy::float8 AS energy, resets::int AS resets FROM g`.execute(
      db,
    );
    return r.rows;
  },

  /**
   * Active and reactive energy per site month of the devices whose active counters are `counterIds` (their `EQ`
   * point, daily rollups, the counter rule). null when one of the devices has no EQ point. A month is left out
   * unless every EQ point has readings in it and had them from the month's start (or from when its EP began):
   * an EQ added mid-month would make kvarh too small and the power factor too good.
   */
  monthlyReactive: async (db: Db, counterIds: number[], from: Date, to: Date, zone: string): Promise<Map<string, { kwh: number; kvarh: number }> | null> => {
    if (!counterIds.length) return null;
    const pairs = await sql<{ ep: number; eq: number }>`
      SELECT c.id AS ep, q.id AS eq FROM device_points c JOIN device_points q ON q.device_id = c.device_id AND q.key = 'EQ'
      WHERE c.id = ANY(${counterIds}::int[])`.execute(db);
    if (pairs.rows.length < new Set(counterIds).size) return null;
    const eps = pairs.rows.map((p) => p.ep);
    const eqs = pairs.rows.map((p) => p.eq);
    const [rows, first] = await Promise.all([
      statisticsRepository.pointEnergy(db, [...eps, ...eqs], from, to, 'month', zone),
      statisticsRepository.firstReadings(db, [...eps, ...eqs]),
    ]);
    const DAY = 86_400_000;
    const out = new Map<string, { kwh: number; kvarh: number }>();
    const months = [...new Set(rows.map((r) => r.key))];
    for (const ym of months) {
      const start = Math.max(from.getTime(), siteDayStart(`${ym}-01`, zone).getTime());
      const covered = pairs.rows.every((p) => {
        const q = first.get(p.eq)?.getTime();
        const e = first.get(p.ep)?.getTime();
        return q !== undefined && rows.some((r) => r.point_id === p.eq && r.key === ym) && (q <= start + DAY || (e !== undefined && q <= e + DAY));
      });
      if (!covered) continue;
      const sum = (ids: number[]) => rows.filter((r) => r.key === ym && ids.includes(r.point_id)).reduce((a, r) => a + r.energy, 0);
      out.set(ym, { kwh: sum(eps), kvarh: sum(eqs) });
    }
    return out;
  },

  /**
   * The highest 15-minute mean kW per site month of the counters together, from their quarter-hour rollups
   * (each quarter's last reading minus the previous quarter's, × 4; a quarter whose predecessor is missing or
   * whose counter went back is skipped). Months without quarter-hour rollups are absent.
   */
  monthlyQuarterDemand: async (db: Db, ids: number[], from: Date, to: Date, zone: string): Promise<Map<string, number>> => {
    if (!ids.length) return new Map();
    const r = await sql<{ ym: string; kw: number }>`
      WITH q AS (
        SELECT point_id, bucket, last, lag(last) OVER w AS prev, lag(bucket) OVER w AS prev_bucket
        FROM rollup_15m WHERE point_id = ANY(${ids}::int[]) AND bucket >= ${new Date(from.getTime() - 900_000)} AND bucket < ${to}
        WINDOW w AS (PARTITION BY point_id ORDER BY bucket)),
      d AS (
        SELECT bucket, sum(last - prev) * 4 AS kw FROM q
        WHERE bucket >= ${from} AND prev_bucket = bucket - interval '15 minutes' AND last >= prev
        GROUP BY bucket)
      SELECT to_char(bucket AT TIME ZONE ${zone}, 'YYYY-MM') AS ym, max(kw)::float8 AS kw FROM d GROUP BY 1`.execute(db);
    return new Map(r.rows.map((x) => [x.ym, x.kw]));
  },

  /** Instant of each point's first stored reading (its earliest daily rollup): where its history begins. */
  firstReadings: async (db: Db, ids: number[]): Promise<Map<number, Date>> => {
    if (!ids.length) return new Map();
    const r = await sql<{ point_id: number; first_ts: Date }>`
      SELECT pts.id AS point_id, f.first_ts
      FROM unnest(${ids}::int[]) AS pts(id)
      JOIN LATERAL (SELECT first_ts FROM rollup_daily WHERE point_id = pts.id ORDER BY bucket LIMIT 1) f ON true`.execute(db);
    return new Map(r.rows.map((x) => [x.point_id, new Date(x.first_ts)]));
  },

  /** First reading at or before the range start (the previous day's last) and last reading inside it. */
  readings: async (db: Db, ids: number[], from: Date, to: Date) => {
    if (!ids.length) return [];
    const r = await sql<{
      point_id: number;
      start_reading: number | null;
      start_ts: Date | null;
      end_reading: number | null;
      end_ts: Date | null;
    }>`
      SELECT pts.id AS point_id,
        coalesce(b.last, f.first) AS start_reading, coalesce(b.last_ts, f.first_ts) AS start_ts,
        l.last AS end_reading, l.last_ts AS end_ts
      FROM unnest(${ids}::int[]) AS pts(id)
      LEFT JOIN LATERAL (SELECT last, last_ts FROM rollup_daily WHERE point_id = pts.id AND bucket < ${from} ORDER BY bucket DESC LIMIT 1) b ON true
      LEFT JOIN LATERAL (SELECT first, first_ts FROM rollup_daily WHERE point_id = pts.id AND bucket >= ${from} AND bucket < ${to} ORDER BY bucket LIMIT 1) f ON true
      LEFT JOIN LATERAL (SELECT last, last_ts FROM rollup_daily WHERE point_id = pts.id AND bucket >= ${from} AND bucket < ${to} ORDER BY bucket DESC LIMIT 1) l ON true`.execute(
      db,
    );
    return r.rows;
  },
};

export type StatisticsRepository = typeof statisticsRepository;
