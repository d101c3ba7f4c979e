import {
  ErrorCode,
  readingOk,
  ROBOT_POINTS,
  ROBOT_TASK_STATES,
  robotFields,
  robotPlan,
  robotProblem,
  robotStop,
  type Lang,
  type RobotConfig,
  type RobotFields,
  type RobotLive,
} from '@gridops/contract';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError, forbidden } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import { robotsRepository as repo, type PointSpec, type RobotRow, type RuleSpecRow } from './repository.js';
import { pickLang } from '../../lib/lang.js';

const invalid = (field: string, zh: string, en: string) => new AppError(ErrorCode.Validation, { zh, en }, field);
const stale = () => new AppError(ErrorCode.Conflict, { zh: '该机器人配置已被他人修改，请刷新后重试', en: 'Someone else changed this robot. Refresh and try again.' });

const stops = z.array(robotStop).catch([]);
const schedule = z.array(z.string()).catch([]);

export const toConfig = (r: RobotRow): RobotConfig => ({
  id: r.id,
  project_id: r.project_id,
  device_id: r.device_id,
  version: r.version,
  name: r.name,
  name_en: r.name_en,
  room_id: r.room_id ?? 0,
  serial: r.serial ?? '',
  gateway_id: r.gateway_id ?? 0,
  camera_id: r.camera_id,
  speed_mps: r.speed_mps,
  plan: robotPlan.parse(r.plan),
  stops: stops.parse(r.stops),
  schedule: schedule.parse(r.schedule),
});

/** The robot device's points: its own (position, battery, task…) and one per stop reading. */
export function robotPoints(v: RobotFields): PointSpec[] {
  const own = ROBOT_POINTS.map((p) => ({ key: p.key, name: p.name, name_en: p.name_en, unit: p.unit, kind: p.kind === 'digital' ? ('digital' as const) : ('analog' as const), precision: p.precision }));
  const readings = v.stops.flatMap((s) =>
    s.readings.map((r) => ({
      key: r.key,
      name: `${s.name}·${r.name}`,
      name_en: `${s.name_en} · ${r.name_en}`,
      unit: r.kind === 'ir_temp' ? '°C' : r.kind === 'switch' ? '' : r.unit,
      kind: r.kind === 'switch' ? ('digital' as const) : ('analog' as const),
      precision: r.kind === 'switch' ? 0 : r.kind === 'ir_temp' ? 1 : 2,
    })),
  );
  return [...own, ...readings];
}

/** Alarm-rule names hold 64 characters (contract); a long stop and reading name is cut with an ellipsis. */
const clip = (text: string) => (text.length <= 64 ? text : `${text.slice(0, 63)}…`);

/** The limits of every reading as the device's own alarm rules (docs/robot.md: one source of truth). */
export function robotRules(v: RobotFields): RuleSpecRow[] {
  return v.stops.flatMap((s) =>
    s.readings.flatMap((r): RuleSpecRow[] => {
      const rule = (kind: RuleSpecRow['kind'], threshold: number, zh: string, en: string): RuleSpecRow => ({
        point_key: r.key,
        kind,
        threshold,
        name: clip(`机器人巡检：${r.name}${zh}`),
        name_en: clip(`Robot: ${r.name_en} ${en}`),
      });
      if (r.kind === 'switch') return r.expected === null ? [] : [rule('digital', 1 - r.expected, '异常', 'not as expected')];
      const out: RuleSpecRow[] = [];
      if (r.high !== null) out.push(rule('high', r.high, '越上限', 'above limit'));
      if (r.low !== null) out.push(rule('low', r.low, '越下限', 'below limit'));
      return out;
    }),
  );
}

const TASK_STATE = (v: number | undefined) => (v === undefined ? null : (ROBOT_TASK_STATES[Math.round(v)] ?? null));

/** Inspection robots: configuration (/RunSetup/RobotSet) and live state (/ElectricalRoom/RobMonitor). */
export function createRobotsService(db: Db, access: AccessService, audit?: AuditService) {
  /** The ids a robot binds must be the site's own (checked, never trusted). */
  async function checkBindings(projectId: number, v: RobotFields, deviceId: number | null): Promise<void> {
    const p = robotProblem(v);
    if (p) throw invalid(p.field, p.zh, p.en);
    const [rooms, gateways, cameras, devices] = await Promise.all([repo.rooms(db, projectId), repo.gateways(db, projectId), repo.cameras(db, projectId), repo.devices(db, projectId)]);
    if (!rooms.some((r) => r.id === v.room_id)) throw invalid('room_id', '该房间不属于本站点', 'That room is not one of this site’s rooms');
    if (!gateways.some((g) => g.id === v.gateway_id)) throw invalid('gateway_id', '该网关不属于本站点', 'That gateway is not one of this site’s gateways');
    if (v.camera_id !== null && !cameras.some((c) => c.id === v.camera_id)) throw invalid('camera_id', '该摄像机不属于本站点', 'That camera is not one of this site’s cameras');
    const deviceIds = new Set(devices.map((d) => d.id));
    for (const [i, s] of v.stops.entries()) {
      for (const [j, r] of s.readings.entries()) {
        if (!deviceIds.has(r.target_device_id)) throw invalid(`stops.${i}.readings.${j}.target_device_id`, '该设备不属于本站点', 'That device is not one of this site’s devices');
      }
    }
    const clash = await repo.deviceBySerial(db, v.gateway_id, v.serial);
    if (clash && clash.id !== deviceId) throw invalid('serial', '该网关下已有相同序列号的设备', 'A device with this serial already reports through that gateway');
  }

  async function owned(user: AuthUser, id: number): Promise<RobotRow> {
    const row = await repo.get(db, id);
    if (!row || row.plan === null) throw forbidden();
    await access.assertCanConfigure(user, row.project_id);
    return row;
  }

  return {
    async configs(user: AuthUser, projectId: number) {
      await access.assertProject(user, projectId);
      const [rows, rooms, gateways, cameras, devices] = await Promise.all([repo.list(db, [projectId]), repo.rooms(db, projectId), repo.gateways(db, projectId), repo.cameras(db, projectId), repo.devices(db, projectId)]);
      return { items: rows.map(toConfig), rooms, gateways, cameras, devices };
    },

    /** Adds a robot with its device, points and rules in one transaction. */
    async create(user: AuthUser, body: RobotFields & { project_id: number }) {
      await access.assertCanConfigure(user, body.project_id);
      const v = robotFields.parse(body);
      await checkBindings(body.project_id, v, null);
      return db.transaction().execute(async (trx) => {
        const { id } = await insertRobot(trx, body.project_id, v);
        const after = toConfig((await repo.get(trx, id))!);
        await audit?.recordChange(trx, { action: 'robot.create', target: { type: 'robot', id }, before: null, after, projectId: body.project_id });
        return after;
      });
    },

    async update(user: AuthUser, id: number, body: RobotFields & { version: number }) {
      const before = await owned(user, id);
      if (before.version !== body.version) throw stale();
      const v = robotFields.parse(body);
      await checkBindings(before.project_id, v, before.device_id);
      return db.transaction().execute(async (trx) => {
        if ((await repo.update(trx, id, body.version, v)) === 0) throw stale();
        let deviceId = before.device_id;
        if (deviceId === null) {
          deviceId = await repo.insertDevice(trx, { project_id: before.project_id, room_id: v.room_id, gateway_id: v.gateway_id, sn: v.serial, name: v.name, name_en: v.name_en });
          await repo.setDevice(trx, id, deviceId);
        }
        await syncDevice(trx, before.project_id, deviceId, v);
        const after = toConfig((await repo.get(trx, id))!);
        await audit?.recordChange(trx, { action: 'robot.update', target: { type: 'robot', id }, before: toConfig(before), after, projectId: before.project_id });
        return after;
      });
    },

    async remove(user: AuthUser, id: number, version: number) {
      const before = await owned(user, id);
      if (before.version !== version) throw stale();
      return db.transaction().execute(async (trx) => {
        if ((await repo.remove(trx, id, version)) === 0) throw stale();
        if (before.device_id !== null) {
          await repo.replaceRules(trx, before.project_id, before.device_id, []);
          await repo.removeDevice(trx, before.device_id);
        }
        await audit?.recordChange(trx, { action: 'robot.delete', target: { type: 'robot', id }, before: toConfig(before), after: null, projectId: before.project_id });
        return { id };
      });
    },

    /** Each configured robot with its plan, route, live state and each reading's latest value against its limits. */
    async live(user: AuthUser, projectId: number, lang: Lang): Promise<RobotLive[]> {
      await access.assertProject(user, projectId);
      const rows = await repo.list(db, [projectId]);
      const deviceIds = rows.flatMap((r) => (r.device_id === null ? [] : [r.device_id]));
      const [latest, rooms, online] = await Promise.all([repo.latest(db, deviceIds), repo.rooms(db, projectId), repo.gatewayOnline(db, rows.flatMap((r) => (r.gateway_id === null ? [] : [r.gateway_id])))]);
      const values = new Map<string, { value: number; ts: Date }>(latest.map((l) => [`${l.device_id}:${l.key}`, { value: l.value, ts: l.ts }]));
      return rows.map((row) => {
        const c = toConfig(row);
        const at = (key: string) => (row.device_id === null ? undefined : values.get(`${row.device_id}:${key}`));
        const num = (key: string) => at(key)?.value ?? null;
        const room = rooms.find((r) => r.id === c.room_id);
        const pos = at('x');
        return {
          id: c.id,
          name: pickLang(lang, c.name, c.name_en),
          room_id: c.room_id,
          room_name: room ? pickLang(lang, room.name, room.name_en) : '',
          camera_id: c.camera_id,
          speed_mps: c.speed_mps,
          plan: c.plan,
          schedule: c.schedule,
          stops: c.stops.map((s) => ({
            ...s,
            readings: s.readings.map((r) => {
              const l = at(r.key);
              return { ...r, value: l?.value ?? null, at: l ? l.ts.toISOString() : null, ok: l ? readingOk(r, l.value) : null };
            }),
          })),
          state: {
            x: num('x'),
            y: num('y'),
            heading: num('heading'),
            battery: num('battery'),
            charging: num('charging') === null ? null : num('charging') === 1,
            task_state: TASK_STATE(num('task_state') ?? undefined),
            stop: num('stop') === null ? null : Math.round(num('stop')!),
            progress: num('progress'),
            at: pos ? pos.ts.toISOString() : null,
            online: !!online.find((g) => g.id === row.gateway_id)?.online && pos !== undefined,
          },
        };
      });
    },
  };
}

/** Device, points and rules follow the configuration, in the caller's transaction. */
async function syncDevice(trx: Db, projectId: number, deviceId: number, v: RobotFields) {
  await repo.updateDevice(trx, deviceId, { room_id: v.room_id, gateway_id: v.gateway_id, sn: v.serial, name: v.name, name_en: v.name_en });
  await repo.syncPoints(trx, deviceId, robotPoints(v));
  await repo.replaceRules(trx, projectId, deviceId, robotRules(v));
}

/** Inserts a checked robot with its device (kind robot, behind its gateway), points and rules (also the demo seed). */
export async function insertRobot(trx: Db, projectId: number, v: RobotFields): Promise<{ id: number; deviceId: number }> {
  const deviceId = await repo.insertDevice(trx, { project_id: projectId, room_id: v.room_id, gateway_id: v.gateway_id, sn: v.serial, name: v.name, name_en: v.name_en });
  const id = await repo.insert(trx, projectId, v, deviceId);
  await syncDevice(trx, projectId, deviceId, v);
  return { id, deviceId };
}

export type RobotsService = ReturnType<typeof createRobotsService>;
