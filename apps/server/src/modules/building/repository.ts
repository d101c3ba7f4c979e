import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** SQL of the smart-building sets: `buildings`, `building_equipment` and the site devices they bind. Rules are in service.ts. */
export interface FloorRow {
  code: string;
  name: string;
  name_en: string;
  area_m2: number;
  sensor_device_id: number | null;
}
export interface BuildingRow {
  id: number;
  project_id: number;
  name: string;
  name_en: string;
  area_m2: number;
  meter_device_id: number | null;
  floors: FloorRow[];
  version: number;
}
export interface EquipmentRow {
  id: number;
  project_id: number;
  building_id: number;
  system: string;
  name: string;
  name_en: string;
  floor: string | null;
  device_id: number | null;
  spec: Record<string, unknown>;
  version: number;
}

const buildingColumns = ['id', 'project_id', 'name', 'name_en', 'area_m2', 'meter_device_id', 'floors', 'version'] as const;
const equipmentColumns = ['id', 'project_id', 'building_id', 'system', 'name', 'name_en', 'floor', 'device_id', 'spec', 'version'] as const;

export type BuildingValues = Omit<BuildingRow, 'id' | 'project_id' | 'version'>;
export type EquipmentValues = Omit<EquipmentRow, 'id' | 'project_id' | 'version' | 'system'>;

export const buildingRepository = {
  /** Where a unit's commands go: its device's serial and its gateway's. */
  deviceRoute: (db: Db, deviceId: number) =>
    db
      .selectFrom('devices as d')
      .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
      .select(['d.sn as device_sn', 'g.sn as gateway_sn'])
      .where('d.id', '=', deviceId)
      .executeTakeFirst(),
  buildings: (db: Db, projectId: number): Promise<BuildingRow[]> =>
    db.selectFrom('buildings').select(buildingColumns).where('project_id', '=', projectId).orderBy('id').execute(),

  building: (db: Db, id: number): Promise<BuildingRow | undefined> => db.selectFrom('buildings').select(buildingColumns).where('id', '=', id).executeTakeFirst(),

  insertBuilding: async (db: Db, projectId: number, v: BuildingValues) =>
    (
      await db
        .insertInto('buildings')
        .values({ ...v, project_id: projectId, floors: JSON.stringify(v.floors) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,

  /** Updates when the version still matches; the number of rows changed (0: someone saved first). */
  updateBuilding: async (db: Db, id: number, version: number, v: BuildingValues) =>
    Number(
      (
        await db
          .updateTable('buildings')
          .set({ ...v, floors: JSON.stringify(v.floors), version: sql`version + 1` })
          .where('id', '=', id)
          .where('version', '=', version)
          .executeTakeFirst()
      ).numUpdatedRows,
    ),

  removeBuilding: async (db: Db, id: number, version: number) =>
    Number((await db.deleteFrom('buildings').where('id', '=', id).where('version', '=', version).executeTakeFirst()).numDeletedRows),

  equipment: (db: Db, projectId: number, system?: string): Promise<EquipmentRow[]> => {
    let q = db.selectFrom('building_equipment').select(equipmentColumns).where('project_id', '=', projectId);
    if (system) q = q.where('system', '=', system);
    return q.orderBy('building_id').orderBy('id').execute();
  },

  equipmentOfBuilding: (db: Db, buildingId: number) =>
    db.selectFrom('building_equipment').select(['id', 'name', 'floor']).where('building_id', '=', buildingId).orderBy('id').execute(),

  oneEquipment: (db: Db, id: number): Promise<EquipmentRow | undefined> =>
    db.selectFrom('building_equipment').select(equipmentColumns).where('id', '=', id).executeTakeFirst(),

  equipmentOfDevice: (db: Db, deviceId: number): Promise<EquipmentRow | undefined> =>
    db.selectFrom('building_equipment').select(equipmentColumns).where('device_id', '=', deviceId).executeTakeFirst(),

  insertEquipment: async (db: Db, projectId: number, system: string, v: EquipmentValues) =>
    (
      await db
        .insertInto('building_equipment')
        .values({ ...v, project_id: projectId, system, spec: JSON.stringify(v.spec) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,

  updateEquipment: async (db: Db, id: number, version: number, v: EquipmentValues) =>
    Number(
      (
        await db
          .updateTable('building_equipment')
          .set({ ...v, spec: JSON.stringify(v.spec), version: sql`version + 1` })
          .where('id', '=', id)
          .where('version', '=', version)
          .executeTakeFirst()
      ).numUpdatedRows,
    ),

  removeEquipment: async (db: Db, id: number, version: number) =>
    Number((await db.deleteFrom('building_equipment').where('id', '=', id).where('version', '=', version).executeTakeFirst()).numDeletedRows),

  /** The site's devices of the given kinds (what an entry may bind). */
  devices: async (db: Db, projectId: number, kinds: readonly string[]) =>
    kinds.length === 0
      ? []
      : db
          .selectFrom('devices as d')
          .select(['d.id', 'd.kind', 'd.name', 'd.name_en', 'd.sn'])
          .where('d.project_id', '=', projectId)
          .where('d.kind', 'in', [...kinds])
          .orderBy('d.sort')
          .orderBy('d.id')
          .execute(),

  /** Latest value of every point of the given devices. */
  latest: async (db: Db, deviceIds: number[]) =>
    deviceIds.length === 0
      ? []
      : db
          .selectFrom('device_points as p')
          .leftJoin('point_latest as l', 'l.point_id', 'p.id')
          .select(['p.device_id', 'p.key', 'l.value', 'l.ts'])
          .where('p.device_id', 'in', deviceIds)
          .execute(),

  deviceKinds: async (db: Db, ids: number[]) => (ids.length === 0 ? [] : db.selectFrom('devices').select(['id', 'kind']).where('id', 'in', ids).execute()),

  project: (db: Db, projectId: number) => db.selectFrom('projects').select(['id', 'timezone']).where('id', '=', projectId).executeTakeFirst(),
};
export type BuildingRepository = typeof buildingRepository;
