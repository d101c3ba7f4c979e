import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

const columns = [
  'p.id',
  'p.org_id',
  'o.name as org_name',
  'o.name_en as org_name_en',
  'p.name',
  'p.name_en',
  'p.address',
  'p.address_en',
  'p.city',
  'p.city_en',
  'p.latitude',
  'p.longitude',
  'p.timezone',
  'p.energy_types',
  'p.capacity_kva',
  'p.pv_capacity_kw',
  'p.storage_capacity_kwh',
  'p.storage_power_kw',
  'p.charger_count',
  'p.charger_power_kw',
  'p.area_m2',
  'p.version',
] as const;

export interface ProjectValues {
  org_id: number;
  name: string;
  name_en: string;
  address: string;
  address_en: string;
  city: string;
  city_en: string;
  latitude: number;
  longitude: number;
  timezone: string;
  energy_types: string[];
  capacity_kva: number;
  pv_capacity_kw: number;
  storage_capacity_kwh: number;
  storage_power_kw: number;
  charger_count: number;
  charger_power_kw: number;
  area_m2: number;
}

/** Project (station) and room writes for the administration pages. */
export const projectAdminRepository = {
  projects: (db: Db, ids: number[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db.selectFrom('projects as p').innerJoin('organizations as o', 'o.id', 'p.org_id').select(columns).where('p.id', 'in', ids).orderBy('p.id').execute(),

  /** Projects in these organisations (any state), filtered and paged. */
  pageInOrgs: async (db: Db, orgIds: number[], onlyIds: number[] | null, opts: { keyword?: string | undefined; offset: number; limit: number }) => {
    if (orgIds.length === 0 || (onlyIds && onlyIds.length === 0)) return { total: 0, rows: [] };
    let q = db.selectFrom('projects as p').innerJoin('organizations as o', 'o.id', 'p.org_id').where('p.org_id', 'in', orgIds);
    if (onlyIds) q = q.where('p.id', 'in', onlyIds);
    if (opts.keyword) {
      const like = `%${opts.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
      q = q.where((eb) => eb.or([eb('p.name', 'ilike', like), eb('p.name_en', 'ilike', like), eb('p.city', 'ilike', like), eb('p.city_en', 'ilike', like)]));
    }
    const [{ n }, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      q.select(columns).orderBy('p.id').offset(opts.offset).limit(opts.limit).execute(),
    ]);
    return { total: Number(n), rows };
  },

  projectOrg: (db: Db, id: number) => db.selectFrom('projects').select(['id', 'org_id', 'version', 'latitude', 'longitude']).where('id', '=', id).executeTakeFirst(),

  rooms: (db: Db, projectIds: number[]) =>
    projectIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('rooms as r')
          .select(['r.id', 'r.project_id', 'r.name', 'r.name_en'])
          .select((eb) => eb.selectFrom('devices as d').whereRef('d.room_id', '=', 'r.id').select(eb.fn.countAll<string>().as('n')).as('device_count'))
          .where('r.project_id', 'in', projectIds)
          .orderBy('r.sort')
          .orderBy('r.id')
          .execute(),

  insertProject: (db: Db, v: ProjectValues) => db.insertInto('projects').values(v).returning('id').executeTakeFirstOrThrow(),

  /** Optimistic update: undefined when the row changed since `version` (or is gone). */
  updateProject: (db: Db, id: number, version: number, v: ProjectValues) =>
    db
      .updateTable('projects')
      .set({ ...v, version: sql`version + 1`, updated_at: sql`now()` })
      .where('id', '=', id)
      .where('version', '=', version)
      .returning('id')
      .executeTakeFirst(),

  /** The stored weather belongs to the old coordinates: drop it (a table, so every instance sees it at once). */
  forgetWeather: async (db: Db, projectId: number): Promise<void> => {
    await db.deleteFrom('weather_cache').where('project_id', '=', projectId).execute();
  },

  /** With `forUpdate`, a device cannot be added to the room until the transaction ends (the FK takes a share lock). */
  room: (db: Db, id: number, forUpdate = false) => {
    const q = db.selectFrom('rooms').select(['id', 'project_id', 'name', 'name_en']).where('id', '=', id);
    return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
  },

  insertRoom: async (db: Db, projectId: number, v: { name: string; name_en: string }) => {
    const { next } = await db
      .selectFrom('rooms')
      .select((eb) => sql<number>`coalesce(max(${eb.ref('sort')}), 0) + 1`.as('next'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    return db.insertInto('rooms').values({ project_id: projectId, name: v.name, name_en: v.name_en, sort: Number(next) }).returning('id').executeTakeFirstOrThrow();
  },

  renameRoom: (db: Db, id: number, v: { name: string; name_en: string }) => db.updateTable('rooms').set(v).where('id', '=', id).execute(),

  roomDevices: async (db: Db, roomId: number, limit: number) => {
    const rows = await db.selectFrom('devices').select(['name', 'name_en']).where('room_id', '=', roomId).orderBy('sort').orderBy('id').execute();
    return { total: rows.length, names: rows.slice(0, limit) };
  },

  deleteRoom: (db: Db, id: number) => db.deleteFrom('rooms').where('id', '=', id).execute(),
};

export type AdminProjectRow = Awaited<ReturnType<typeof projectAdminRepository.projects>>[number];
export type RoomRow = Awaited<ReturnType<typeof projectAdminRepository.rooms>>[number];
