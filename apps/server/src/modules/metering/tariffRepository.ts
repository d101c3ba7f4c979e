import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { PeriodRow, TariffRows } from './tariff.js';

/** A stored tariff (billing_tariffs): validity in site dates (inclusive, null = open), TOU rows and charges. */
export interface TariffVersionRow {
  id: number;
  project_id: number;
  name: string;
  name_en: string;
  valid_from: string;
  valid_to: string | null;
  rows: TariffRows;
  demand_mode: string;
  basic_price: number;
  capacity_kva: number | null;
  pf_standard: number | null;
  feed_in_price: number | null;
  declared_demand_kw: number | null;
  version: number;
}
export type TariffVersionValues = Omit<TariffVersionRow, 'id' | 'project_id' | 'version'>;

const columns = [
  'id',
  'project_id',
  'name',
  'name_en',
  sql<string>`to_char(valid_from, 'YYYY-MM-DD')`.as('valid_from'),
  sql<string | null>`to_char(valid_to, 'YYYY-MM-DD')`.as('valid_to'),
  'rows',
  'demand_mode',
  'basic_price',
  'capacity_kva',
  'pf_standard',
  'feed_in_price',
  'declared_demand_kw',
  'version',
] as const;

const asRow = (r: Omit<TariffVersionRow, 'rows'> & { rows: unknown }): TariffVersionRow => {
  const rows = (typeof r.rows === 'string' ? JSON.parse(r.rows) : r.rows) as { periods: PeriodRow[] | null; prices: TariffRows['prices'] | null };
  return { ...r, rows: { periods: rows.periods ?? [], prices: rows.prices ?? [] } };
};

const toDb = (v: TariffVersionValues) => ({ ...v, rows: JSON.stringify(v.rows) });

/**
 * The one owner of the tariff table (`billing_tariffs`, migration 0023): the billing page lists and edits it
 * here, the expense report and the power overview price energy with what `versions` returns, and the demo seed
 * writes through `insert`.
 */
export const tariffRepository = {
  /** A project's tariffs, oldest validity first. */
  versions: async (db: Db, projectId: number): Promise<TariffVersionRow[]> =>
    (
      await db
        .selectFrom('billing_tariffs')
        .select(columns)
        .where('project_id', '=', projectId)
        .orderBy('valid_from')
        .execute()
    ).map(asRow),

  byId: async (db: Db, id: number): Promise<TariffVersionRow | undefined> => {
    const r = await db.selectFrom('billing_tariffs').select(columns).where('id', '=', id).executeTakeFirst();
    return r && asRow(r);
  },

  /**
   * Runs `fn` with the project's tariffs locked (the project row FOR UPDATE), so two writers cannot both pass
   * the overlap check against the same rows.
   */
  locked: <T>(db: Db, projectId: number, fn: (trx: Db, current: TariffVersionRow[]) => Promise<T>) =>
    db.transaction().execute(async (trx) => {
      await trx.selectFrom('projects').select('id').where('id', '=', projectId).forUpdate().execute();
      return fn(trx, await tariffRepository.versions(trx, projectId));
    }),

  /** Adds a tariff; returns its id. */
  insert: async (db: Db, projectId: number, v: TariffVersionValues): Promise<number> => {
    const r = await db
      .insertInto('billing_tariffs')
      .values({ project_id: projectId, ...toDb(v) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  },

  /** Updates a tariff when its version is still `version`; false when someone else changed it first. */
  update: async (db: Db, id: number, version: number, v: TariffVersionValues): Promise<boolean> => {
    const r = await db
      .updateTable('billing_tariffs')
      .set({ ...toDb(v), version: sql`version + 1`, updated_at: sql`now()` })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  remove: async (db: Db, id: number) => {
    await db.deleteFrom('billing_tariffs').where('id', '=', id).execute();
  },
};

export type TariffRepository = typeof tariffRepository;
