import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** SQL of data entry: `manual_meters`, `manual_readings`, the device/point a meter owns and its rollups. */
export interface MeterRow {
  id: number;
  project_id: number;
  energy_type: string;
  name: string;
  name_en: string;
  unit: string;
  multiplier: number;
  room_id: number | null;
  device_id: number | null;
  point_id: number | null;
  version: number;
  node_id: number | null;
  last_read_at: Date | null;
  last_value: number | null;
  readings: number;
}

export interface ReadingRow {
  id: number;
  meter_id: number;
  read_at: Date;
  value: number;
  replacement: boolean;
  old_final_value: number | null;
  note: string;
  has_photo: boolean;
  version: number;
  entered_by: string | null;
}

export interface ReadingValues {
  read_at: Date;
  value: number;
  replacement: boolean;
  old_final_value: number | null;
  note: string;
}

const meterQuery = (db: Db) =>
  db
    .selectFrom('manual_meters as m')
    .select([
      'm.id',
      'm.project_id',
      'm.energy_type',
      'm.name',
      'm.name_en',
      'm.unit',
      'm.multiplier',
      'm.room_id',
      'm.device_id',
      'm.point_id',
      'm.version',
      sql<number | null>`(SELECT min(n.id) FROM meter_nodes n WHERE n.point_id = m.point_id AND m.point_id IS NOT NULL)`.as('node_id'),
      sql<Date | null>`(SELECT max(r.read_at) FROM manual_readings r WHERE r.meter_id = m.id)`.as('last_read_at'),
      sql<number | null>`(SELECT r.value FROM manual_readings r WHERE r.meter_id = m.id ORDER BY r.read_at DESC LIMIT 1)`.as('last_value'),
      sql<number>`(SELECT count(*)::int FROM manual_readings r WHERE r.meter_id = m.id)`.as('readings'),
    ]);

const readingColumns = ['r.id', 'r.meter_id', 'r.read_at', 'r.value', 'r.replacement', 'r.old_final_value', 'r.note', 'r.version'] as const;

/** Device kind and counter key of each energy type a manual meter feeds into the statistics. */
const COUNTER: Record<string, { kind: string; key: string; name: string; name_en: string }> = {
  water: { kind: 'water_meter', key: 'EW', name: '累计用水量', name_en: 'Water volume' },
  gas: { kind: 'gas_meter', key: 'EG', name: '累计用气量', name_en: 'Gas volume' },
  heat: { kind: 'heat_meter', key: 'EH', name: '累计热量', name_en: 'Heat energy' },
  power: { kind: 'meter', key: 'EP', name: '正向有功电能', name_en: 'Active energy import' },
};

export const dataEntryRepository = {
  meters: (db: Db, projectId: number): Promise<MeterRow[]> => meterQuery(db).where('m.project_id', '=', projectId).orderBy('m.id').execute(),
  meter: (db: Db, id: number): Promise<MeterRow | undefined> => meterQuery(db).where('m.id', '=', id).executeTakeFirst(),
  /** Locks the meter row: writes of one meter's readings run one after another (the order checks cannot race). */
  lockMeter: (db: Db, id: number) => sql`SELECT id FROM manual_meters WHERE id = ${id} FOR UPDATE`.execute(db),

  rooms: (db: Db, projectId: number) => db.selectFrom('rooms').select(['id', 'name', 'name_en']).where('project_id', '=', projectId).orderBy('sort').orderBy('id').execute(),
  treeNodes: (db: Db, projectId: number) =>
    db.selectFrom('meter_nodes').select(['id', 'name', 'name_en', 'energy_type']).where('project_id', '=', projectId).orderBy('energy_type').orderBy('sort').orderBy('id').execute(),
  treeNode: (db: Db, id: number) => db.selectFrom('meter_nodes').select(['id', 'project_id', 'energy_type']).where('id', '=', id).executeTakeFirst(),
  projectZone: async (db: Db, projectId: number) => (await db.selectFrom('projects').select('timezone').where('id', '=', projectId).executeTakeFirstOrThrow()).timezone,

  /**
   * A new meter: the row, and for an energy type with a tree its device (no gateway) and counter point, plus the
   * metering-tree node when asked for (parent 0 = top level, as the main meter of its tree).
   */
  insertMeter: async (db: Db, v: { project_id: number; energy_type: string; name: string; name_en: string; unit: string; multiplier: number; room_id: number | null }, treeParent: number | null) => {
    const { id } = await db.insertInto('manual_meters').values(v).returning('id').executeTakeFirstOrThrow();
    const c = COUNTER[v.energy_type];
    if (!c) return id;
    const device = await db
      .insertInto('devices')
      .values({ project_id: v.project_id, room_id: v.room_id, gateway_id: null, parent_id: null, sn: `MANUAL-${id}`, kind: c.kind, name: v.name, name_en: v.name_en, props: JSON.stringify({ manual: true }) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const point = await db
      .insertInto('device_points')
      .values({ device_id: device.id, key: c.key, name: c.name, name_en: c.name_en, unit: v.unit, kind: 'counter', precision: 3, sort: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('manual_meters').set({ device_id: device.id, point_id: point.id }).where('id', '=', id).execute();
    if (treeParent !== null) {
      await db
        .insertInto('meter_nodes')
        .values({
          project_id: v.project_id,
          energy_type: v.energy_type,
          parent_id: treeParent === 0 ? null : treeParent,
          node_type: treeParent === 0 ? 'grid' : 'load',
          name: v.name,
          name_en: v.name_en,
          point_id: point.id,
          power_point_id: null,
          sort: 900,
          layout_x: null,
          layout_y: null,
        })
        .execute();
    }
    return id;
  },

  updateMeter: async (db: Db, id: number, version: number, v: { name: string; name_en: string; multiplier: number; room_id: number | null }) => {
    const n = Number((await db.updateTable('manual_meters').set({ ...v, version: sql`version + 1` }).where('id', '=', id).where('version', '=', version).executeTakeFirst()).numUpdatedRows);
    if (n > 0) await sql`UPDATE devices SET name = ${v.name}, name_en = ${v.name_en}, room_id = ${v.room_id} WHERE id = (SELECT device_id FROM manual_meters WHERE id = ${id})`.execute(db);
    return n;
  },

  /** Whether the meter's tree node has children (then the meter cannot go: its node would be left without a counter). */
  nodeHasChildren: async (db: Db, pointId: number) =>
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM meter_nodes c JOIN meter_nodes n ON c.parent_id = n.id WHERE n.point_id = ${pointId}`.execute(db)).rows[0]!.n > 0,

  /** The meter, its device, point, tree node (out of the loops too), rollups and cached energy. */
  deleteMeter: async (db: Db, m: { id: number; device_id: number | null; point_id: number | null }, version: number) => {
    const n = Number((await db.deleteFrom('manual_meters').where('id', '=', m.id).where('version', '=', version).executeTakeFirst()).numDeletedRows);
    if (n === 0) return 0;
    if (m.point_id !== null) {
      await sql`UPDATE energy_loops SET node_ids = (SELECT coalesce(array_agg(x), '{}') FROM unnest(node_ids) x WHERE x NOT IN (SELECT id FROM meter_nodes WHERE point_id = ${m.point_id}))`.execute(db);
      await db.deleteFrom('meter_nodes').where('point_id', '=', m.point_id).execute();
      await dataEntryRepository.replaceRollups(db, m.point_id, [], '');
      await db.deleteFrom('point_latest').where('point_id', '=', m.point_id).execute();
    }
    if (m.device_id !== null) await db.deleteFrom('devices').where('id', '=', m.device_id).execute();
    return n;
  },

  readings: (db: Db, meterId: number): Promise<ReadingRow[]> =>
    db
      .selectFrom('manual_readings as r')
      .leftJoin('users as u', 'u.id', 'r.entered_by')
      .select([...readingColumns, sql<boolean>`r.photo IS NOT NULL`.as('has_photo'), 'u.username as entered_by'])
      .where('r.meter_id', '=', meterId)
      .orderBy('r.read_at')
      .execute(),
  reading: (db: Db, id: number) =>
    db
      .selectFrom('manual_readings as r')
      .innerJoin('manual_meters as m', 'm.id', 'r.meter_id')
      .select([...readingColumns, 'm.project_id', sql<boolean>`r.photo IS NOT NULL`.as('has_photo')])
      .where('r.id', '=', id)
      .executeTakeFirst(),
  photo: (db: Db, id: number) => db.selectFrom('manual_readings').select(['photo', 'photo_type']).where('id', '=', id).executeTakeFirst(),

  insertReading: async (db: Db, meterId: number, v: ReadingValues, photo: { bytes: Buffer; mime: string } | null, userId: number | null) =>
    (
      await db
        .insertInto('manual_readings')
        .values({ meter_id: meterId, ...v, photo: photo?.bytes ?? null, photo_type: photo?.mime ?? null, entered_by: userId })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,

  /** Photo: undefined keeps it, null removes it. */
  updateReading: async (db: Db, id: number, version: number, v: ReadingValues, photo: { bytes: Buffer; mime: string } | null | undefined) =>
    Number(
      (
        await db
          .updateTable('manual_readings')
          .set({ ...v, ...(photo === undefined ? {} : { photo: photo?.bytes ?? null, photo_type: photo?.mime ?? null }), version: sql`version + 1` })
          .where('id', '=', id)
          .where('version', '=', version)
          .executeTakeFirst()
      ).numUpdatedRows,
    ),
  deleteReading: async (db: Db, id: number, version: number) =>
    Number((await db.deleteFrom('manual_readings').where('id', '=', id).where('version', '=', version).executeTakeFirst()).numDeletedRows),

  /**
   * Replaces the point's hourly and daily rollups by those of the given samples (bucketed as the ingest does:
   * UTC hours, the site's local days) and drops its cached hourly energies, which the energy reader then derives
   * again (statistics/energyCacheRepository.ts); the latest value follows the last sample.
   */
  replaceRollups: async (db: Db, pointId: number, samples: { ts: number; value: number }[], zone: string) => {
    await db.deleteFrom('rollup_hourly').where('point_id', '=', pointId).execute();
    await db.deleteFrom('rollup_daily').where('point_id', '=', pointId).execute();
    await db.deleteFrom('energy_hourly_cache').where('point_id', '=', pointId).execute();
    if (samples.length === 0) return;
    const ts = samples.map((s) => s.ts / 1000);
    const values = samples.map((s) => s.value);
    const agg = (bucket: string) => sql.raw(`
      SELECT ${pointId}, ${bucket}, min(value), max(value), sum(value::numeric), count(*)::int,
             (array_agg(value ORDER BY ts))[1], min(ts), (array_agg(value ORDER BY ts DESC))[1], max(ts)
      FROM s GROUP BY 2`);
    const input = sql`SELECT to_timestamp(t) AS ts, v AS value FROM unnest(${ts}::float8[], ${values}::float8[]) AS u(t, v)`;
    await sql`WITH s AS (${input}) INSERT INTO rollup_hourly (point_id, bucket, min, max, sum, count, first, first_ts, last, last_ts) ${agg(`date_trunc('hour', ts, 'UTC')`)}`.execute(db);
    await sql`WITH s AS (${input}) INSERT INTO rollup_daily (point_id, bucket, min, max, sum, count, first, first_ts, last, last_ts) ${agg(`date_trunc('day', ts, ${`'${zone.replace(/'/g, "''")}'`})`)}`.execute(db);
    const last = samples[samples.length - 1]!;
    await sql`INSERT INTO point_latest (point_id, ts, value) VALUES (${pointId}, ${new Date(last.ts)}, ${last.value})
      ON CONFLICT (point_id) DO UPDATE SET ts = EXCLUDED.ts, value = EXCLUDED.value, received_at = now()`.execute(db);
  },
};
export type DataEntryRepository = typeof dataEntryRepository;
