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
      // Robots are driven by their own model (manifest `robots`), not the device catalogue's.
      .where('kind', '!=', 'robot')
      .orderBy('id')
      .execute();
  },

  /** Configured inspection robots behind a gateway (docs/robot.md). */
  /** The configured schedules of building equipment, by device. */
  buildingSchedules(db: Db) {
    return db.selectFrom('building_equipment').select(['device_id', 'spec']).where('device_id', 'is not', null).execute();
  },

  robotsBehindGateways(db: Db) {
    return db
      .selectFrom('robots')
      .select(['gateway_id', 'serial', 'speed_mps', 'plan', 'stops', 'schedule'])
      .where('gateway_id', 'is not', null)
      .where('serial', 'is not', null)
      .where('plan', 'is not', null)
      .orderBy('id')
      .execute();
  },

  /** Configured storage systems (EssSet): each PCS's strategy starts the simulator's controller. */
  storageStrategies(db: Db) {
    return db.selectFrom('energy_assets').select(['project_id', 'spec']).where('kind', '=', 'ess').execute();
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
