import type { Db } from '../../db/database.js';

/** What the server reads to hand its built-in simulator a manifest (simulatorHost.ts). */
export const simulatorRepository = {
  /** Gateways of enabled projects, with the site data the simulator's weather and clock need. */
  gatewaysOfEnabledProjects(db: Db) {
    return db
      .selectFrom('gateways as g')
      .innerJoin('projects as p', 'p.id', 'g.project_id')
      .select([
        'g.id',
        'g.sn',
        'g.project_id',
        'p.name as project_name',
        'p.latitude',
        'p.longitude',
        'p.timezone',
      ])
      .where('p.enabled', '=', true)
      .orderBy('g.id')
      .execute();
  },

  devicesBehindGateways(db: Db) {
    return db
      .selectFrom('devices')
      .select(['id', 'gateway_id', 'parent_id', 'room_id', 'sn', 'kind', 'name', 'name_en', 'props'])
      .where('gateway_id', 'is not', null)
      .orderBy('id')
      .execute();
  },

  /** The latest reading of every counter point. */
  latestCounterReadings(db: Db) {
    return db
      .selectFrom('point_latest as pl')
      .innerJoin('device_points as dp', 'dp.id', 'pl.point_id')
      .select(['dp.device_id', 'dp.key', 'pl.value'])
      .where('dp.kind', '=', 'counter')
      .execute();
  },
};
