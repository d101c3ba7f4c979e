import type { Db } from '../../db/database.js';

const projectColumns = [
  'id',
  'org_id',
  'name',
  'name_en',
  'address',
  'address_en',
  'city',
  'city_en',
  'latitude',
  'longitude',
  'timezone',
  'energy_types',
  'capacity_kva',
  'pv_capacity_kw',
  'storage_capacity_kwh',
  'area_m2',
] as const;

export const orgRepository = {
  /** The site's IANA time zone (projects.timezone): the zone of its days, months and years. */
  projectZone: async (db: Db, id: number): Promise<string | undefined> =>
    (await db.selectFrom('projects').select('timezone').where('id', '=', id).executeTakeFirst())?.timezone,

  orgsByIds: (db: Db, ids: number[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db.selectFrom('organizations').select(['id', 'parent_id', 'name', 'name_en', 'tier']).where('id', 'in', ids).orderBy('id').execute(),

  projectsByIds: (db: Db, ids: number[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db.selectFrom('projects').select(projectColumns).where('id', 'in', ids).orderBy('id').execute(),

  pageProjects: async (db: Db, ids: number[], opts: { keyword?: string | undefined; offset: number; limit: number }) => {
    if (ids.length === 0) return { total: 0, rows: [] };
    let q = db.selectFrom('projects').where('id', 'in', ids);
    if (opts.keyword) {
      const like = `%${opts.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
      q = q.where((eb) => eb.or([eb('name', 'ilike', like), eb('name_en', 'ilike', like), eb('city', 'ilike', like), eb('city_en', 'ilike', like)]));
    }
    const [{ n }, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q.select(projectColumns).orderBy('id').offset(opts.offset).limit(opts.limit).execute(),
    ]);
    return { total: Number(n), rows };
  },
};

export type ProjectRow = Awaited<ReturnType<typeof orgRepository.projectsByIds>>[number];
