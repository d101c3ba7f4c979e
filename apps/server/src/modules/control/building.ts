import { buildingSetpointLimits, deviceCatalog, ErrorCode, isBuildingSwitched, minutesOf, scheduleMinutes, type ControlAction, type EquipmentSchedule } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { controlRepository as repo } from './repository.js';

/**
 * Smart-building equipment (chillers, AHUs, fan coils, VRF units, lighting circuits; docs/smart-building.md):
 * how a selection becomes a `building` gateway command. Set-points must lie within the unit's limits
 * (the kind's range narrowed by /RunSetup/BuildAirSet).
 */
const refuse = (zh: string, en: string, field: string) => new AppError(ErrorCode.Validation, { zh, en }, field);

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** How the control log names a schedule: "everyday 06:30–21:15". */
export const scheduleDetail = (s: EquipmentSchedule) => `schedule=${s.days} ${s.start}–${s.end}`;

/** The schedule a `building` command carried (minutes of the day) in the form the sets store. */
export function scheduleFromParams(params: unknown): EquipmentSchedule | null {
  const s = (params as { schedule?: { on?: unknown; off?: unknown; everyday?: unknown } } | null)?.schedule;
  if (!s || typeof s.on !== 'number' || typeof s.off !== 'number' || typeof s.everyday !== 'boolean') return null;
  return { days: s.everyday ? 'everyday' : 'weekdays', start: hhmm(s.on), end: hhmm(s.off) };
}

export async function buildingCommand(db: Db, d: { id: number; sn: string; kind: string }, action: ControlAction, value: number | undefined, schedule?: EquipmentSchedule) {
  if (!isBuildingSwitched(d.kind)) throw new Error('not building equipment');
  if (action === 'on' || action === 'off') return { params: { device_sn: d.sn, run: action === 'on' }, setpoint: null };
  if (action === 'schedule') {
    // Only a unit configured in the building sets has operating hours (BuildAirSet, BuildPowerSet, …).
    const spec = (await repo.buildingSpec(db, d.id)) as { schedule?: unknown } | undefined;
    if (!spec || spec.schedule === undefined) throw refuse('该设备没有运行时段', 'This unit has no operating schedule', 'action');
    if (!schedule) throw refuse('请填写运行时段', 'The schedule is required', 'schedule');
    if (minutesOf(schedule.end) <= minutesOf(schedule.start)) throw refuse('运行时段的结束时间须晚于开始时间', 'The schedule must end after it starts', 'schedule.end');
    return { params: { device_sn: d.sn, schedule: scheduleMinutes(schedule) }, setpoint: null };
  }
  if (action !== 'setpoint') throw refuse('楼宇设备只能启动、停止或调节设定值', 'Building equipment can only be switched on, off or adjusted', 'action');
  const limits = buildingSetpointLimits(d.kind, (await repo.buildingSpec(db, d.id)) ?? {});
  if (!limits) throw refuse('该设备没有可调节的设定值', 'This device has no adjustable set-point', 'action');
  const point = deviceCatalog[d.kind].points.find((p) => p.key === limits.key);
  const [zh, en] = [point?.name ?? limits.key, point?.name_en ?? limits.key];
  if (value === undefined) throw refuse(`请填写${zh}`, `${en} is required`, 'value');
  if (value < limits.min || value > limits.max) {
    throw refuse(`${zh}超出允许范围 ${limits.min}–${limits.max}${point?.unit ?? ''}`, `${en} must be between ${limits.min} and ${limits.max}${point?.unit ? ` ${point.unit}` : ''}`, 'value');
  }
  const setpoint = { key: limits.key, value };
  return { params: { device_sn: d.sn, setpoint }, setpoint };
}
