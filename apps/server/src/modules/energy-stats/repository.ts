import { sql } from 'kysely';
import type { Granularity } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { ENERGY_SQL, RESET_SQL } from './counterEnergy.js';

/** SQL of the energy module only: metering nodes, loops, tariffs, and energy derived from counter rollups. */
const KEY_FORMAT: Record<Granularity, string> = {
  hour: 'YYYY-MM-DD HH24:00',
  day: 'YYYY-MM-DD',
  month: 'YYYY-MM',
  year: 'YYYY',
};

export interface NodeRow {
  id: number;
  project_id: number;
  energy_type: string;
  parent_id: number | null;
  node_type: string;
  name: string;
  name_en: string;
  point_id: number | null;
  power_point_id: number | null;
  sort: number;
  layout_x: number | null;
  layout_y: number | null;
  device_id: number | null;
  device_name: string | null;
  device_name_en: string | null;
  point_key: string | null;
  unit: string | null;
}

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

export const energyRepository = {
  nodes: async (db: Db, projectId: number, energyType?: string): Promise<NodeRow[]> => {
    let q = db
      .selectFrom('meter_nodes as n')
      .leftJoin('device_points as dp', 'dp.id', 'n.point_id')
      .leftJoin('devices as d', 'd.id', 'dp.device_id')
      .select([
        'n.id',
        'n.project_id',
        'n.energy_type',
        'n.parent_id',
        'n.node_type',
        'n.name',
        'n.name_en',
        'n.point_id',
        'n.power_point_id',
        'n.sort',
        'n.layout_x',
        'n.layout_y',
        'd.id as device_id',
        'd.name as device_name',
        'd.name_en as device_name_en',
        'dp.key as point_key',
        'dp.unit as unit',
      ])
      .where('n.project_id', '=', projectId);
    if (energyType) q = q.where('n.energy_type', '=', energyType);
    return q.orderBy('n.sort').orderBy('n.id').execute();
  },

  nodeById: (db: Db, id: number) =>
    db.selectFrom('meter_nodes').selectAll().where('id', '=', id).executeTakeFirst(),

  /** A device point of the project (to bind), with its device kind. */
  projectPoint: (db: Db, projectId: number, pointId: number) =>
    db
      .selectFrom('device_points as dp')
      .innerJoin('devices as d', 'd.id', 'dp.device_id')
      .select(['dp.id', 'dp.key', 'dp.kind', 'dp.unit', 'd.kind as device_kind'])
      .where('dp.id', '=', pointId)
      .where('d.project_id', '=', projectId)
      .executeTakeFirst(),

  projectPoints: (db: Db, projectId: number) =>
    db
      .selectFrom('device_points as dp')
      .innerJoin('devices as d', 'd.id', 'dp.device_id')
      .select([
        'dp.id as point_id',
        'd.id as device_id',
        'd.name as device_name',
        'd.name_en as device_name_en',
        'd.kind as device_kind',
        'dp.key',
        'dp.name',
        'dp.name_en',
        'dp.unit',
        'dp.kind',
      ])
      .where('d.project_id', '=', projectId)
      .where('dp.kind', 'in', ['counter', 'analog'])
      .orderBy('d.sort')
      .orderBy('dp.sort')
      .execute(),

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
   * Hourly energy per point, grouped by period key and local (month, hour of day), so the caller can price
   * each hour's share of every TOU band without moving every hourly row to the application.
   */
  hourlyByClock: async (db: Db, ids: number[], from: Date, to: Date, granularity: Granularity, zone: string) => {
    if (!ids.length) return [];
    const r = await sql<{ point_id: number; key: string; month: number; hour: number; energy: number }>`
      WITH ${energyCte('rollup_hourly', ids, from, to)},
      l AS (SELECT point_id, bucket AT TIME ZONE ${zone} AS t, energy FROM e WHERE energy <> 0),
      g AS (SELECT point_id, date_trunc(${granularity}, t) AS k, extract(month FROM t) AS m, extract(hour FROM t) AS h, sum(energy) AS energy FROM l GROUP BY 1, 2, 3, 4)
      SELECT point_id, to_char(k, ${KEY_FORMAT[granularity]}) AS key, m::int AS month, h::int AS hour, energy::float8 AS energy FROM g`.execute(
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

  latest: async (db: Db, ids: number[]) =>
    ids.length
      ? db
          .selectFrom('point_latest')
          .select(['point_id', 'ts', 'value'])
          .where('point_id', 'in', ids)
          .execute()
      : [],

  /** SOC of the site's BMS (first one), for the storage and micro-grid views. */
  bmsSoc: (db: Db, projectId: number) =>
    db
      .selectFrom('devices as d')
      .innerJoin('device_points as dp', 'dp.device_id', 'd.id')
      .innerJoin('point_latest as pl', 'pl.point_id', 'dp.id')
      .select(['pl.value', 'pl.ts'])
      .where('d.project_id', '=', projectId)
      .where('d.kind', '=', 'bms')
      .where('dp.key', '=', 'SOC')
      .orderBy('d.id')
      .executeTakeFirst(),

  project: (db: Db, id: number) =>
    db
      .selectFrom('projects')
      .select([
        'id',
        'name',
        'name_en',
        'pv_capacity_kw',
        'storage_capacity_kwh',
        'area_m2',
        'latitude',
        'longitude',
        'timezone',
        'energy_types',
      ])
      .where('id', '=', id)
      .executeTakeFirst(),

  projects: (db: Db, ids: number[]) =>
    ids.length
      ? db
          .selectFrom('projects')
          .select(['id', 'name', 'name_en', 'org_id', 'area_m2', 'timezone'])
          .where('id', 'in', ids)
          .orderBy('id')
          .execute()
      : Promise.resolve([]),

  /** Nodes of several projects at once (centre carbon). */
  nodesOfProjects: (db: Db, ids: number[]) =>
    ids.length
      ? db
          .selectFrom('meter_nodes')
          .select([
            'id',
            'project_id',
            'energy_type',
            'parent_id',
            'node_type',
            'name',
            'name_en',
            'point_id',
          ])
          .where('project_id', 'in', ids)
          .execute()
      : Promise.resolve([]),

  tariffPeriods: (db: Db, projectId: number) =>
    db
      .selectFrom('tariff_periods')
      .select(['month', 'band', 'start_min', 'end_min'])
      .where('project_id', '=', projectId)
      .orderBy('month')
      .orderBy('start_min')
      .execute(),
  tariffPrices: (db: Db, projectId: number) =>
    db
      .selectFrom('tariff_prices')
      .select(['month', 'band', 'price'])
      .where('project_id', '=', projectId)
      .where('energy_type', '=', 'power')
      .execute(),
};
