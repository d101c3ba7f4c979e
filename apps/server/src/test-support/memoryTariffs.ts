import type { TariffRows } from '../modules/metering/tariff.js';
import type { TariffRepository, TariffVersionRow } from '../modules/metering/tariffRepository.js';

/** An in-memory tariff repository: the project's tariffs as stored rows. */
export function memoryTariffs() {
  const rows: TariffVersionRow[] = [];
  const writes: number[] = [];
  let next = 1;
  const repo: TariffRepository = {
    versions: (_db, projectId) =>
      Promise.resolve(rows.filter((r) => r.project_id === projectId).sort((a, b) => (a.valid_from < b.valid_from ? -1 : 1))),
    byId: (_db, id) => Promise.resolve(rows.find((r) => r.id === id)),
    locked: async (db, projectId, fn) => fn(db, await repo.versions(db, projectId)),
    insert: (_db, projectId, v) => {
      writes.push(projectId);
      rows.push({ ...v, id: next, project_id: projectId, version: 1 });
      return Promise.resolve(next++);
    },
    update: (_db, id, version, v) => {
      const i = rows.findIndex((r) => r.id === id && r.version === version);
      if (i < 0) return Promise.resolve(false);
      writes.push(rows[i]!.project_id);
      rows[i] = { ...rows[i]!, ...v, version: version + 1 };
      return Promise.resolve(true);
    },
    remove: (_db, id) => {
      const i = rows.findIndex((r) => r.id === id);
      if (i >= 0) rows.splice(i, 1);
      return Promise.resolve();
    },
  };
  const stored = { get: (projectId: number): TariffRows | undefined => rows.filter((r) => r.project_id === projectId).at(-1)?.rows };
  return { repo, stored, writes, rows };
}


/** A stored tariff valid from 2000-01-01 without charges other than energy (override what a test needs). */
export const versionRow = (rows: TariffRows, o: Partial<TariffVersionRow> = {}): TariffVersionRow => ({
  id: 1,
  project_id: 5,
  name: 't',
  name_en: 't',
  valid_from: '2000-01-01',
  valid_to: null,
  rows,
  demand_mode: 'none',
  basic_price: 0,
  capacity_kva: null,
  pf_standard: null,
  feed_in_price: null,
  declared_demand_kw: null,
  version: 1,
  ...o,
});
