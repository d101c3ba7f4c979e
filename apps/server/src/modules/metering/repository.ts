import type { Db } from '../../db/database.js';

/**
 * SQL of the metering configuration: metering nodes (the trees), the device points they bind, loops and the
 * flow layout. The tariff has its own repository (tariffRepository.ts). Statistics and overviews read the
 * trees through `nodes`/`nodesOfProjects`; nothing else queries `meter_nodes` or `energy_loops`.
 */
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

export interface NodeValues {
  parent_id: number | null;
  node_type: string;
  name: string;
  name_en: string;
  point_id: number | null;
  power_point_id: number | null;
  sort: number;
}

export const meteringRepository = {
  /** A project's metering nodes (one tree, or all of them), with the device and point each one binds. */
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

  /** A device's points by key (for binding a node to its energy counter and power). */
  devicePointsByKey: (db: Db, deviceId: number, keys: string[]) =>
    db.selectFrom('device_points').select(['id', 'key']).where('device_id', '=', deviceId).where('key', 'in', keys).execute(),

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
};

export type MeteringRepository = typeof meteringRepository;
