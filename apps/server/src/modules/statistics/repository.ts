import { sql } from 'kysely';
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
