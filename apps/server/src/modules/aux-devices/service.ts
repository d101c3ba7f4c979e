import { AUX_SETPOINTS, auxSetpointLimits, deviceCatalog, ErrorCode, isAuxKind, type AuxDevice, type AuxDeviceCreate, type AuxDeviceList, type AuxDeviceUpdate, type AuxKind } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pgErrors.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import { auxRepository as repo } from './repository.js';
import { recheckOpenSelections } from '../control/recheck.js';

export const invalid = (field: string, zh: string, en: string) => new AppError(ErrorCode.Validation, { zh, en }, field);
export const stale = () => new AppError(ErrorCode.Conflict, { zh: '该配置已被他人修改，请刷新后重试', en: 'Someone else changed this entry. Refresh and try again.' }, 'version');
const asProps = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? { ...(v as Record<string, unknown>) } : {});

type DeviceRow = Awaited<ReturnType<typeof repo.devices>>[number];
/** An edit that passed its checks: the stored device and how the form showed it before. */
export interface CheckedUpdate {
  device: NonNullable<Awaited<ReturnType<typeof repo.device>>> & { kind: AuxKind };
  before: AuxDevice;
}

/** The set-point limits of a kind as a form states them, checked against the kind's own range. */
export function limitsProblem(kind: AuxKind, min: number | null, max: number | null): { field: string; zh: string; en: string } | null {
  const def = AUX_SETPOINTS[kind];
  if (!def) return null;
  const range = `${def.min}–${def.max}`;
  if (min !== null && (min < def.min || min > def.max)) return { field: 'setpoint_min', zh: `设定值下限须在 ${range} 之间`, en: `The set-point minimum must lie within ${range}` };
  if (max !== null && (max < def.min || max > def.max)) return { field: 'setpoint_max', zh: `设定值上限须在 ${range} 之间`, en: `The set-point maximum must lie within ${range}` };
  if ((min ?? def.min) > (max ?? def.max)) return { field: 'setpoint_max', zh: '设定值上限不能小于下限', en: 'The set-point maximum cannot be below the minimum' };
  return null;
}

/** The device's props with the form's limits and remote-control switch (other props, e.g. rated_kw, kept). */
function withSettings(kind: AuxKind, props: unknown, v: { setpoint_min: number | null; setpoint_max: number | null; remote_control: boolean }) {
  const p = asProps(props);
  const def = AUX_SETPOINTS[kind];
  if (def) {
    for (const [suffix, value] of [['_min', v.setpoint_min], ['_max', v.setpoint_max]] as const) {
      if (value === null) delete p[`${def.key}${suffix}`];
      else p[`${def.key}${suffix}`] = value;
    }
  }
  p.remote_control = v.remote_control;
  return p;
}

/**
 * Auxiliary devices of a site (/RunSetup/AuxDeviceSet): the rows of `devices` of the aux kinds, edited in place
 * (names, room, gateway binding, set-point limits, remote control). The control flow (control/aux.ts) reads the
 * same props, so a limit saved here is the limit AuxControl enforces.
 */
export function createAuxDeviceService(db: Db, access: AccessService, audit: AuditService, devicesChanged: () => Promise<void>) {
  async function toItems(rows: DeviceRow[]): Promise<AuxDevice[]> {
    const points = await repo.points(db, rows.map((r) => r.id));
    return rows.filter((r) => isAuxKind(r.kind)).map((r) => {
      const kind = r.kind as AuxKind;
      const props = asProps(r.props);
      const def = AUX_SETPOINTS[kind];
      const limits = auxSetpointLimits(kind, props);
      const point = def ? deviceCatalog[kind].points.find((p) => p.key === def.key) : undefined;
      const num = (k: string) => (typeof props[k] === 'number' ? (props[k] as number) : null);
      return {
        id: r.id,
        project_id: r.project_id,
        kind,
        name: r.name,
        name_en: r.name_en,
        room_id: r.room_id ?? 0,
        room_name: r.room_name ?? '',
        room_name_en: r.room_name_en ?? '',
        gateway_id: r.gateway_id ?? 0,
        gateway_sn: r.gateway_sn ?? '',
        sn: r.sn,
        setpoint_min: def ? num(`${def.key}_min`) : null,
        setpoint_max: def ? num(`${def.key}_max`) : null,
        remote_control: props.remote_control !== false,
        points: points.filter((p) => p.device_id === r.id).map((p) => ({ id: p.id, key: p.key, name: p.name, name_en: p.name_en, unit: p.unit })),
        setpoint: def && limits ? { key: def.key, name: point?.name ?? def.key, name_en: point?.name_en ?? def.key, unit: point?.unit ?? '', min: limits.min, max: limits.max, kind_min: def.min, kind_max: def.max, step: def.step } : null,
        version: r.version,
      };
    });
  }

  async function one(projectId: number, id: number): Promise<AuxDevice> {
    const [item] = await toItems(await repo.devices(db, projectId, id));
    if (!item) throw notFound();
    return item;
  }

  /** Room and gateway must be the site's; the serial free under the gateway; the limits within the kind's range. */
  async function check(projectId: number, kind: AuxKind, v: { room_id: number; gateway_id: number; sn: string; setpoint_min: number | null; setpoint_max: number | null }, exceptId = 0) {
    const [rooms, gateways] = await Promise.all([repo.rooms(db, projectId), repo.gateways(db, projectId)]);
    if (!rooms.some((r) => r.id === v.room_id)) throw invalid('room_id', '配电室不属于本站点', 'The room is not in this site');
    if (!gateways.some((g) => g.id === v.gateway_id)) throw invalid('gateway_id', '网关不属于本站点', 'The gateway is not in this site');
    const p = limitsProblem(kind, v.setpoint_min, v.setpoint_max);
    if (p) throw invalid(p.field, p.zh, p.en);
    if (await repo.snTaken(db, v.gateway_id, v.sn, exceptId)) throw snTaken(v.sn);
  }
  const snTaken = (sn: string) => new AppError(ErrorCode.Conflict, { zh: `设备序列号 sn “${sn}” 在该网关下已存在`, en: `Device serial number (sn) "${sn}" already exists under this gateway` }, 'sn');

  async function owned(user: AuthUser, id: number) {
    const d = await repo.device(db, id);
    if (!d || !isAuxKind(d.kind)) throw notFound();
    await access.assertCanConfigure(user, d.project_id);
    return { ...d, kind: d.kind as AuxKind };
  }

  const service = {
    async list(user: AuthUser, projectId: number): Promise<AuxDeviceList> {
      await access.assertCanConfigure(user, projectId);
      const p = await repo.project(db, projectId);
      if (!p) throw notFound();
      const [rows, rooms, gateways, points] = await Promise.all([repo.devices(db, projectId), repo.rooms(db, projectId), repo.gateways(db, projectId), repo.roomPoints(db, projectId)]);
      return { devices: await toItems(rows), rooms, gateways, points: points.map((x) => ({ ...x, room_id: x.room_id! })), timezone: p.timezone };
    },

    /** Checks a new device (scope, room, gateway, serial, limits); the import checks every row before writing any. */
    async validateCreate(user: AuthUser, body: AuxDeviceCreate): Promise<void> {
      await access.assertCanConfigure(user, body.project_id);
      await check(body.project_id, body.kind, body);
    },

    /** Writes a checked new device with the catalogue points of its kind, audited, in the caller's transaction. */
    async writeCreate(t: Db, body: AuxDeviceCreate): Promise<number> {
      const { id } = await repo.insertDevice(t, { project_id: body.project_id, room_id: body.room_id, gateway_id: body.gateway_id, sn: body.sn, kind: body.kind, name: body.name, name_en: body.name_en, props: withSettings(body.kind, {}, body) });
      await repo.insertPoints(t, deviceCatalog[body.kind].points.map((p, k) => ({ device_id: id, key: p.key, name: p.name, name_en: p.name_en, unit: p.unit, kind: p.kind, precision: p.precision, sort: k })));
      await audit.recordChange(t, { action: 'auxDevice.create', target: { type: 'device', id }, before: null, after: { ...body }, projectId: body.project_id });
      return id;
    },

    async validateUpdate(user: AuthUser, id: number, body: AuxDeviceUpdate): Promise<CheckedUpdate> {
      const d = await owned(user, id);
      if (d.version !== body.version) throw stale();
      await check(d.project_id, d.kind, body, id);
      return { device: d, before: await one(d.project_id, id) };
    },

    async writeUpdate(t: Db, id: number, body: AuxDeviceUpdate, v: CheckedUpdate): Promise<void> {
      const n = await repo.updateDevice(t, id, body.version, { room_id: body.room_id, gateway_id: body.gateway_id, sn: body.sn, name: body.name, name_en: body.name_en, props: withSettings(v.device.kind, v.device.props, body) });
      if (n === 0) throw stale();
      await audit.recordChange(t, { action: 'auxDevice.update', target: { type: 'device', id }, before: { ...v.before, points: undefined }, after: { ...body }, projectId: v.device.project_id });
      // Closed to remote control, moved to another gateway, limits narrowed: open selections are checked again.
      await recheckOpenSelections(t, { deviceId: id });
    },

    /** Adds the device; telemetry is stored from its next message (the ingest registry is reloaded). */
    async create(user: AuthUser, body: AuxDeviceCreate): Promise<AuxDevice> {
      await service.validateCreate(user, body);
      let id: number;
      try {
        id = await db.transaction().execute((t) => service.writeCreate(t, body));
      } catch (e) {
        if (isUniqueViolation(e)) throw snTaken(body.sn);
        throw e;
      }
      await devicesChanged();
      return one(body.project_id, id);
    },

    async update(user: AuthUser, id: number, body: AuxDeviceUpdate): Promise<AuxDevice> {
      const v = await service.validateUpdate(user, id, body);
      try {
        await db.transaction().execute((t) => service.writeUpdate(t, id, body, v));
      } catch (e) {
        if (isUniqueViolation(e)) throw snTaken(body.sn);
        throw e;
      }
      await devicesChanged();
      return one(v.device.project_id, id);
    },

    async remove(user: AuthUser, id: number, version: number) {
      const d = await owned(user, id);
      const before = await one(d.project_id, id);
      await db.transaction().execute(async (trx) => {
        if ((await repo.deleteDevice(trx, id, version)) === 0) throw stale();
        await audit.recordChange(trx, { action: 'auxDevice.delete', target: { type: 'device', id }, before: { ...before, points: undefined }, after: null, projectId: d.project_id });
      });
      await devicesChanged();
      return { id };
    },
  };
  return service;
}

export type AuxDeviceService = ReturnType<typeof createAuxDeviceService>;
