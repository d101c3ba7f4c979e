import type { Db } from '../../db/database.js';
import type { PeriodRow } from './tariff.js';

/** Writes of the energy configuration pages: metering nodes, loops, tariffs. */
export interface NodeValues {
  parent_id: number | null;
  node_type: string;
  name: string;
  name_en: string;
  point_id: number | null;
  power_point_id: number | null;
  sort: number;
}

export const configRepository = {
  insertNode: async (db: Db, projectId: number, energyType: string, v: NodeValues) =>
    (
      await db
        .insertInto('meter_nodes')
        .values({ project_id: projectId, energy_type: energyType, ...v, layout_x: null, layout_y: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,

  updateNode: (db: Db, id: number, v: Partial<NodeValues>) =>
    db.updateTable('meter_nodes').set(v).where('id', '=', id).execute(),

  childCount: async (db: Db, id: number) =>
    Number(
      (
        await db
          .selectFrom('meter_nodes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('parent_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    ),

  deleteNode: async (db: Db, id: number) => {
    await db.transaction().execute(async (trx) => {
      const loops = await trx.selectFrom('energy_loops').select(['id', 'node_ids']).execute();
      for (const l of loops) {
        if (l.node_ids.includes(id))
          await trx
            .updateTable('energy_loops')
            .set({ node_ids: l.node_ids.filter((n) => n !== id) })
            .where('id', '=', l.id)
            .execute();
      }
      await trx.deleteFrom('meter_nodes').where('id', '=', id).execute();
    });
  },

  setLayout: (db: Db, projectId: number, positions: { node_id: number; x: number; y: number }[]) =>
    db.transaction().execute(async (trx) => {
      for (const p of positions) {
        await trx
          .updateTable('meter_nodes')
          .set({ layout_x: p.x, layout_y: p.y })
          .where('id', '=', p.node_id)
          .where('project_id', '=', projectId)
          .execute();
      }
    }),

  nodeIdsOfProject: async (db: Db, projectId: number, ids: number[]) =>
    ids.length
      ? (
          await db
            .selectFrom('meter_nodes')
            .select('id')
            .where('project_id', '=', projectId)
            .where('id', 'in', ids)
            .execute()
        ).map((r) => r.id)
      : [],

  loops: (db: Db, projectId: number) =>
    db
      .selectFrom('energy_loops')
      .select(['id', 'project_id', 'name', 'name_en', 'node_ids'])
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute(),
  loopById: (db: Db, id: number) =>
    db
      .selectFrom('energy_loops')
      .select(['id', 'project_id', 'name', 'name_en', 'node_ids'])
      .where('id', '=', id)
      .executeTakeFirst(),
  insertLoop: async (db: Db, v: { project_id: number; name: string; name_en: string; node_ids: number[] }) =>
    (await db.insertInto('energy_loops').values(v).returning('id').executeTakeFirstOrThrow()).id,
  updateLoop: (db: Db, id: number, v: { name?: string; name_en?: string; node_ids?: number[] }) =>
    db.updateTable('energy_loops').set(v).where('id', '=', id).execute(),
  deleteLoop: (db: Db, id: number) => db.deleteFrom('energy_loops').where('id', '=', id).execute(),

  /** Replaces a project's tariff (periods and power prices) in one transaction. */
  replaceTariff: (
    db: Db,
    projectId: number,
    periods: PeriodRow[],
    prices: { month: number; band: string; price: number }[],
  ) =>
    db.transaction().execute(async (trx) => {
      await trx.deleteFrom('tariff_periods').where('project_id', '=', projectId).execute();
      await trx
        .deleteFrom('tariff_prices')
        .where('project_id', '=', projectId)
        .where('energy_type', '=', 'power')
        .execute();
      if (periods.length)
        await trx
          .insertInto('tariff_periods')
          .values(periods.map((p) => ({ project_id: projectId, ...p })))
          .execute();
      if (prices.length)
        await trx
          .insertInto('tariff_prices')
          .values(prices.map((p) => ({ project_id: projectId, energy_type: 'power', ...p })))
          .execute();
    }),
};
