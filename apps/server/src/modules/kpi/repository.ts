import type { Db } from '../../db/database.js';

/** SQL of the KPI strips: only the names of the sites (every figure comes from another module's service). */
export const kpiRepository = {
  projects: (db: Db, ids: number[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db.selectFrom('projects').select(['id', 'name', 'name_en']).where('id', 'in', ids).orderBy('id').execute(),
};
export type KpiRepository = typeof kpiRepository;
