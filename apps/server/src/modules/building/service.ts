import {
  buildingFields,
  equipmentDeviceKind,
  equipmentFields,
  equipmentProblem,
  EQUIPMENT_DEVICE_KINDS,
  ErrorCode,
  equipmentSchedule,
  floorProblem,
  gatewayTopics,
  scheduleMinutes,
  type EquipmentSet,
} from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pgErrors.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import { buildingLive } from './live.js';
import { buildingRepository, type BuildingRepository, type BuildingRow, type EquipmentRow } from './repository.js';
import { recheckOpenSelections } from '../control/recheck.js';

const invalid = (field: string, zh: string, en: string) => new AppError(ErrorCode.Validation, { zh, en }, field);
const stale = () => new AppError(ErrorCode.Conflict, { zh: '该配置已被他人修改，请刷新后重试', en: 'Someone else changed this entry. Refresh and try again.' });
const names = (rows: { name: string }[]) => rows.slice(0, 5).map((r) => r.name).join('、');

/** Devices a building may bind: its incoming meter and its floors' comfort sensors. */
const BUILDING_DEVICE_KINDS = ['feeder', 'meter', 'comfort_sensor'];

export const buildingItem = (r: BuildingRow) => ({ id: r.id, project_id: r.project_id, name: r.name, name_en: r.name_en, area_m2: r.area_m2, meter_device_id: r.meter_device_id, floors: r.floors, version: r.version });
export const equipmentItem = (r: EquipmentRow) => ({ ...r.spec, id: r.id, project_id: r.project_id, building_id: r.building_id, name: r.name, name_en: r.name_en, floor: r.floor, device_id: r.device_id, version: r.version });

/** Buildings and floors (BuildGroupSet) and their equipment by system (BuildAirSet, BuildOutdoorSet, BuildWaterSet, BuildPowerSet). */
type Publish = (topic: string, payload: string) => Promise<void>;
export interface ScheduleLog {
  warn(obj: object, msg: string): void;
}

export function createBuildingService(db: Db, access: AccessService, audit?: AuditService, repo: BuildingRepository = buildingRepository) {
  let publish: Publish | null = null;
  let log: ScheduleLog = { warn: () => undefined };

  /**
   * A saved schedule goes to the unit's gateway at once as a `building` command (docs/smart-building.md), so it
   * takes effect without a restart; the gateway keeps it. Not sent (logged) while the bus is down: the simulator
   * also reads the configured schedules from its manifest when it starts.
   */
  async function pushSchedule(row: EquipmentRow | undefined) {
    const parsed = equipmentSchedule.safeParse(row?.spec.schedule);
    if (!row || row.device_id === null || !parsed.success) return;
    const route = await repo.deviceRoute(db, row.device_id);
    if (!route) return;
    const message = JSON.stringify({ id: `building-schedule-${row.id}-${Date.now()}`, command: 'building', params: { device_sn: route.device_sn, schedule: scheduleMinutes(parsed.data) } });
    try {
      if (!publish) throw new Error('the bus is not connected');
      await publish(gatewayTopics(route.gateway_sn).command, message);
    } catch (e) {
      log.warn({ err: e, equipment: row.id, gateway: route.gateway_sn }, 'schedule not sent to the gateway');
    }
  }

  async function checkDevice(projectId: number, field: string, id: number | null, kinds: readonly string[]) {
    if (id === null) return;
    const ok = (await repo.devices(db, projectId, kinds)).some((d) => d.id === id);
    if (!ok) throw invalid(field, `设备 ${id} 不是本站点可绑定的设备`, `Device ${id} is not one of this site's devices that can be bound here`);
  }

  async function checkBuilding(projectId: number, v: ReturnType<typeof buildingFields.parse>, id: number | null) {
    const p = floorProblem(v.floors);
    if (p) throw invalid(p.field, p.zh, p.en);
    await checkDevice(projectId, 'meter_device_id', v.meter_device_id, ['feeder', 'meter']);
    const sensors = new Set((await repo.devices(db, projectId, ['comfort_sensor'])).map((d) => d.id));
    for (const [i, f] of v.floors.entries()) {
      if (f.sensor_device_id !== null && !sensors.has(f.sensor_device_id)) {
        throw invalid(`floors.${i}.sensor_device_id`, `设备 ${f.sensor_device_id} 不是本站点的室内环境传感器`, `Device ${f.sensor_device_id} is not one of this site's comfort sensors`);
      }
    }
    if (id === null) return;
    // A floor that equipment stands on cannot go away.
    const codes = new Set(v.floors.map((f) => f.code));
    const orphans = (await repo.equipmentOfBuilding(db, id)).filter((e) => e.floor !== null && !codes.has(e.floor));
    if (orphans.length > 0) {
      throw invalid('floors', `楼层 ${orphans[0]!.floor} 仍有设备：${names(orphans)}`, `Floor ${orphans[0]!.floor} still has equipment: ${names(orphans)}`);
    }
  }

  async function ownedBuilding(user: AuthUser, id: number) {
    const row = await repo.building(db, id);
    if (!row) throw forbidden();
    await access.assertCanConfigure(user, row.project_id);
    return row;
  }

  async function checkEquipment(set: EquipmentSet, projectId: number, v: Record<string, unknown> & { building_id: number; floor: string | null; device_id: number | null }) {
    const p = equipmentProblem(set, v);
    if (p) throw invalid(p.field, p.zh, p.en);
    const b = await repo.building(db, v.building_id);
    if (!b || b.project_id !== projectId) throw invalid('building_id', '请选择本站点的楼栋', "Choose one of this site's buildings");
    const codes = new Set(b.floors.map((f) => f.code));
    if (v.floor !== null && !codes.has(v.floor)) throw invalid('floor', `楼栋“${b.name}”没有楼层 ${v.floor}`, `Building "${b.name_en}" has no floor ${v.floor}`);
    const serves = (v.serves as string[] | undefined) ?? [];
    const bad = serves.findIndex((c) => !codes.has(c));
    if (bad >= 0) throw invalid(`serves.${bad}`, `楼栋“${b.name}”没有楼层 ${serves[bad]}`, `Building "${b.name_en}" has no floor ${serves[bad]}`);
    await checkDevice(projectId, 'device_id', v.device_id, equipmentDeviceKind(set, v.type as string | undefined));
  }

  const deviceTaken = () => invalid('device_id', '该设备已绑定到另一台楼宇设备', 'That device is already bound to another entry');

  async function ownedEquipment(user: AuthUser, set: EquipmentSet, id: number) {
    const row = await repo.oneEquipment(db, id);
    if (!row || row.system !== set) throw forbidden();
    await access.assertCanConfigure(user, row.project_id);
    return row;
  }

  const splitEquipment = (set: EquipmentSet, body: Record<string, unknown>) => {
    const parsed = equipmentFields[set].parse(body) as Record<string, unknown> & { name: string; name_en: string; building_id: number; floor: string | null; device_id: number | null };
    const { name, name_en, building_id, floor, device_id, ...spec } = parsed;
    return { all: parsed, row: { name, name_en, building_id, floor, device_id, spec } };
  };

  return {
    attach(p: { publish: Publish; log: ScheduleLog } | null) {
      publish = p?.publish ?? null;
      if (p) log = p.log;
    },

    /** /IntergralBuilding: anyone who sees the site sees it; operating needs the control permission (modules/control). */
    live: (user: AuthUser, projectId: number) => buildingLive(db, access, user, projectId),

    async listBuildings(user: AuthUser, projectId: number) {
      await access.assertProject(user, projectId);
      const [rows, devices] = await Promise.all([repo.buildings(db, projectId), repo.devices(db, projectId, BUILDING_DEVICE_KINDS)]);
      return { items: rows.map(buildingItem), devices };
    },

    async createBuilding(user: AuthUser, body: Record<string, unknown> & { project_id: number }) {
      await access.assertCanConfigure(user, body.project_id);
      const v = buildingFields.parse(body);
      await checkBuilding(body.project_id, v, null);
      let id: number;
      try {
        id = await repo.insertBuilding(db, body.project_id, v);
      } catch (e) {
        if (isUniqueViolation(e)) throw invalid('name', '同名楼栋已存在', 'A building with that name already exists');
        throw e;
      }
      const after = buildingItem((await repo.building(db, id))!);
      await audit?.recordChange(db, { action: 'building.create', target: { type: 'building', id }, before: null, after, projectId: body.project_id });
      return after;
    },

    async updateBuilding(user: AuthUser, id: number, body: Record<string, unknown> & { version: number }) {
      const before = await ownedBuilding(user, id);
      if (before.version !== body.version) throw stale();
      const v = buildingFields.parse(body);
      await checkBuilding(before.project_id, v, id);
      let changed: number;
      try {
        changed = await repo.updateBuilding(db, id, body.version, v);
      } catch (e) {
        if (isUniqueViolation(e)) throw invalid('name', '同名楼栋已存在', 'A building with that name already exists');
        throw e;
      }
      if (changed === 0) throw stale();
      const after = buildingItem((await repo.building(db, id))!);
      await audit?.recordChange(db, { action: 'building.update', target: { type: 'building', id }, before: buildingItem(before), after, projectId: before.project_id });
      return after;
    },

    async removeBuilding(user: AuthUser, id: number, version: number) {
      const before = await ownedBuilding(user, id);
      if (before.version !== version) throw stale();
      const used = await repo.equipmentOfBuilding(db, id);
      if (used.length > 0) throw invalid('id', `该楼栋仍有设备：${names(used)}`, `The building still has equipment: ${names(used)}`);
      if ((await repo.removeBuilding(db, id, version)) === 0) throw stale();
      await audit?.recordChange(db, { action: 'building.delete', target: { type: 'building', id }, before: buildingItem(before), after: null, projectId: before.project_id });
      return { id };
    },

    async listEquipment(user: AuthUser, set: EquipmentSet, projectId: number) {
      await access.assertProject(user, projectId);
      const [rows, devices, buildings] = await Promise.all([
        repo.equipment(db, projectId, set),
        repo.devices(db, projectId, EQUIPMENT_DEVICE_KINDS[set]),
        repo.buildings(db, projectId),
      ]);
      return { items: rows.map(equipmentItem), devices, buildings: buildings.map((b) => ({ id: b.id, name: b.name, name_en: b.name_en, floors: b.floors })) };
    },

    async createEquipment(user: AuthUser, set: EquipmentSet, body: Record<string, unknown> & { project_id: number }) {
      await access.assertCanConfigure(user, body.project_id);
      const v = splitEquipment(set, body);
      await checkEquipment(set, body.project_id, v.all);
      let id: number;
      try {
        id = await repo.insertEquipment(db, body.project_id, set, v.row);
      } catch (e) {
        if (isUniqueViolation(e)) throw deviceTaken();
        throw e;
      }
      const saved = await repo.oneEquipment(db, id);
      const after = equipmentItem(saved!);
      await pushSchedule(saved);
      await audit?.recordChange(db, { action: `building.${set}.create`, target: { type: `building_${set}`, id }, before: null, after, projectId: body.project_id });
      return after;
    },

    async updateEquipment(user: AuthUser, set: EquipmentSet, id: number, body: Record<string, unknown> & { version: number }) {
      const before = await ownedEquipment(user, set, id);
      if (before.version !== body.version) throw stale();
      const v = splitEquipment(set, body);
      await checkEquipment(set, before.project_id, v.all);
      let changed: number;
      try {
        changed = await repo.updateEquipment(db, id, body.version, v.row);
      } catch (e) {
        if (isUniqueViolation(e)) throw deviceTaken();
        throw e;
      }
      if (changed === 0) throw stale();
      const saved = await repo.oneEquipment(db, id);
      const after = equipmentItem(saved!);
      if (JSON.stringify(before.spec.schedule) !== JSON.stringify(saved?.spec.schedule) || before.device_id !== saved?.device_id) await pushSchedule(saved);
      // Narrowed set-point limits or another unit: open selections on the unit are checked again (rules.ts).
      const units = [...new Set([before.device_id, saved?.device_id])].filter((d): d is number => typeof d === 'number');
      if (units.length) await db.transaction().execute(async (trx) => {
        for (const deviceId of units) await recheckOpenSelections(trx, { deviceId });
      });
      await audit?.recordChange(db, { action: `building.${set}.update`, target: { type: `building_${set}`, id }, before: equipmentItem(before), after, projectId: before.project_id });
      return after;
    },

    async removeEquipment(user: AuthUser, set: EquipmentSet, id: number, version: number) {
      const before = await ownedEquipment(user, set, id);
      if (before.version !== version || (await repo.removeEquipment(db, id, version)) === 0) throw stale();
      await audit?.recordChange(db, { action: `building.${set}.delete`, target: { type: `building_${set}`, id }, before: equipmentItem(before), after: null, projectId: before.project_id });
      return { id };
    },
  };
}
export type BuildingService = ReturnType<typeof createBuildingService>;
