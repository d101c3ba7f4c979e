import type { Db } from '../../db/database.js';
import type { PeriodRow, PriceRow, TariffRows } from './tariff.js';

/**
 * The one owner of the time-of-use tariff tables (`tariff_periods`, `tariff_prices`): the tariff page reads and
 * replaces it here, the expense report and the power overview price energy with what `read` returns, and the
 * demo seed writes through `insert`.
 */
export const tariffRepository = {
  /** A project's power tariff: periods by month and start, and the band prices. */
  read: async (db: Db, projectId: number): Promise<TariffRows> => {
    const [periods, prices] = await Promise.all([
      db
        .selectFrom('tariff_periods')
        .select(['month', 'band', 'start_min', 'end_min'])
        .where('project_id', '=', projectId)
        .orderBy('month')
        .orderBy('start_min')
        .execute(),
      db
        .selectFrom('tariff_prices')
        .select(['month', 'band', 'price'])
        .where('project_id', '=', projectId)
        .where('energy_type', '=', 'power')
        .execute(),
    ]);
    // The band column holds what validateTariff accepted (a TOU band).
    return { periods: periods as PeriodRow[], prices };
  },

  /** Writes a tariff for a project that has none (the seed, inside its own transaction). */
  insert: async (db: Db, projectId: number, { periods, prices }: TariffRows) => {
    if (periods.length)
      await db
        .insertInto('tariff_periods')
        .values(periods.map((p) => ({ project_id: projectId, ...p })))
        .execute();
    if (prices.length)
      await db
        .insertInto('tariff_prices')
        .values(prices.map((p: PriceRow) => ({ project_id: projectId, energy_type: 'power', ...p })))
        .execute();
  },

  /** Replaces a project's tariff (periods and power prices) in one transaction. */
  replace: (db: Db, projectId: number, rows: TariffRows) =>
    db.transaction().execute(async (trx) => {
      await trx.deleteFrom('tariff_periods').where('project_id', '=', projectId).execute();
      await trx
        .deleteFrom('tariff_prices')
        .where('project_id', '=', projectId)
        .where('energy_type', '=', 'power')
        .execute();
      await tariffRepository.insert(trx, projectId, rows);
    }),
};

export type TariffRepository = typeof tariffRepository;
