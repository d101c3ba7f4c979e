import type { Db } from '../../db/database.js';

/** SQL of the wall screen: only where the stations are (every figure comes from another module's service). */
export const wallRepository = {
  stations: (db: Db, ids: number[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('projects')
          .select(['id', 'name', 'name_en', 'city', 'city_en', 'latitude', 'longitude', 'timezone', 'capacity_kva', 'pv_capacity_kw', 'storage_capacity_kwh'])
          .where('id', 'in', ids)
          .orderBy('id')
          .execute(),
};
export type WallRepository = typeof wallRepository;
