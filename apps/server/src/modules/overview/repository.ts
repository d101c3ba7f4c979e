import type { Db } from '../../db/database.js';
import { ieRepository } from '../metering/ieRepository.js';
import { energyAssetsRepository } from '../energy-assets/repository.js';
import { meteringRepository } from '../metering/repository.js';
import { statisticsRepository } from '../statistics/repository.js';

/**
 * What the overviews, live views and carbon read: the latest power values, the BMS state of charge and the
 * project's figures (capacities, area, position) here; the energy series, first readings and tariff through
 * the statistics repository they build on; the trees of several sites from metering.
 */
export const overviewRepository = {
  ...statisticsRepository,
  nodesOfProjects: meteringRepository.nodesOfProjects,
  /** Use categories and meter assignments (integrated energy's breakdown). */
  ieCategories: ieRepository.categories,
  ieAssignments: ieRepository.assignments,
  /** The site's PV arrays (/RunSetup/PvSet), for the clear-sky expected yield. */
  pvArrays: (db: Db, projectId: number) => energyAssetsRepository.list(db, [projectId], 'pv'),

  latest: async (db: Db, ids: number[]) =>
    ids.length
      ? db
          .selectFrom('point_latest')
          .select(['point_id', 'ts', 'value'])
          .where('point_id', 'in', ids)
          .execute()
      : [],

  /** Latest breaker, voltage and running-status values of these devices (the power tree's energisation). */
  deviceSignals: async (db: Db, deviceIds: number[]) =>
    deviceIds.length
      ? db
          .selectFrom('device_points as dp')
          .innerJoin('point_latest as pl', 'pl.point_id', 'dp.id')
          .select(['dp.device_id', 'dp.key', 'pl.value', 'pl.ts'])
          .where('dp.device_id', 'in', deviceIds)
          .where('dp.key', 'in', ['breaker', 'Ua', 'U', 'status'])
          .execute()
      : [],

  /** SOC of the site's BMS (first one), for the storage and micro-grid views. */
  /** The site's storage systems as EssSet configured them (their strategy schedules). */
  essSpecs: async (db: Db, projectId: number) =>
    (await db.selectFrom('energy_assets').select('spec').where('project_id', '=', projectId).where('kind', '=', 'ess').orderBy('id').execute()).map((r) => r.spec as unknown),

  bmsSoc: (db: Db, projectId: number) =>
    db
      .selectFrom('devices as d')
      .innerJoin('device_points as dp', 'dp.device_id', 'd.id')
      .innerJoin('point_latest as pl', 'pl.point_id', 'dp.id')
      .select(['pl.value', 'pl.ts'])
      .where('d.project_id', '=', projectId)
      .where('d.kind', '=', 'bms')
      .where('dp.key', '=', 'SOC')
      .orderBy('d.id')
      .executeTakeFirst(),

  project: (db: Db, id: number) =>
    db
      .selectFrom('projects')
      .select([
        'id',
        'name',
        'name_en',
        'pv_capacity_kw',
        'storage_capacity_kwh',
        'area_m2',
        'latitude',
        'longitude',
        'timezone',
        'energy_types',
      ])
      .where('id', '=', id)
      .executeTakeFirst(),

  projects: (db: Db, ids: number[]) =>
    ids.length
      ? db
          .selectFrom('projects')
          .select(['id', 'name', 'name_en', 'org_id', 'area_m2', 'timezone'])
          .where('id', 'in', ids)
          .orderBy('id')
          .execute()
      : Promise.resolve([]),
};

export type OverviewRepository = typeof overviewRepository;
