import { z } from 'zod';
import { BUILDING_SETPOINTS, isBuildingSwitched, type BuildingSwitchedKind } from '../devices.js';
import { dbId, dbIdParam, rowVersion, rowVersionParam } from '../ids.js';
import { minutesOf } from './energyAssets.js';

/**
 * Smart-building sets (/RunSetup/BuildGroupSet, BuildAirSet, BuildOutdoorSet, BuildWaterSet, BuildPowerSet;
 * docs/smart-building.md): a site's buildings with their floors, and the equipment of each building by system.
 * Every entry is list / create / update (version check) / delete, like the energy-efficiency sets.
 */
const name = z.string().trim().min(1).max(64);
const num = (min: number, max: number) => z.number().finite().min(min).max(max);
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'HH:mm');
const floorCode = z.string().trim().min(1).max(16);

export const buildingFloor = z.object({
  /** Short code shown on the floor grid and used by the equipment ("B1", "1F", "RF"). */
  code: floorCode,
  name,
  name_en: name,
  area_m2: num(0, 1_000_000),
  /** The floor's indoor comfort sensor (temperature, humidity, CO2), when it has one. */
  sensor_device_id: dbId.nullable(),
});
export type BuildingFloor = z.infer<typeof buildingFloor>;

export const buildingFields = z.object({
  name,
  name_en: name,
  area_m2: num(1, 10_000_000),
  /** The building's incoming meter (a feeder or meter of the site): its energy by system is what hangs below it. */
  meter_device_id: dbId.nullable(),
  /** Bottom to top: the order the floor grid shows them in. */
  floors: z.array(buildingFloor).min(1).max(200),
});

export const EQUIPMENT_SETS = ['air', 'outdoor', 'water', 'power'] as const;
export type EquipmentSet = (typeof EQUIPMENT_SETS)[number];

export const AIR_TYPES = ['chiller', 'ahu', 'fcu'] as const;
export const WATER_TYPES = ['pump', 'tank'] as const;
export const POWER_TYPES = ['lighting', 'elevator', 'power'] as const;
export const PUMP_ROLES = ['chilled', 'condenser', 'domestic'] as const;

/** An operating schedule in the site's time: on `days`, from start to end. */
export const equipmentSchedule = z.object({ days: z.enum(['weekdays', 'everyday']), start: hhmm, end: hhmm });
export type EquipmentSchedule = z.infer<typeof equipmentSchedule>;

/** A schedule as gateways take it (`building` command `schedule`, simulator props): minutes of the site's day. */
export interface ScheduleMinutes {
  on: number;
  off: number;
  everyday: boolean;
}
export function scheduleMinutes(s: EquipmentSchedule): ScheduleMinutes {
  return { on: minutesOf(s.start), off: minutesOf(s.end), everyday: s.days === 'everyday' };
}

const placed = {
  name,
  name_en: name,
  building_id: dbId,
  /** A floor code of the building (null: the whole building, e.g. a plant room not on the grid). */
  floor: floorCode.nullable(),
  /** The device that measures and operates it. */
  device_id: dbId.nullable(),
};

export const airFields = z.object({
  ...placed,
  type: z.enum(AIR_TYPES),
  /** Chiller: cooling capacity; AHU and FCU: rated electrical input. */
  rated_kw: num(0.1, 100_000),
  setpoint_min: num(0, 40),
  setpoint_max: num(0, 40),
  schedule: equipmentSchedule,
});
export const outdoorFields = z.object({
  ...placed,
  cooling_kw: num(0.1, 10_000),
  /** Floor codes of the indoor units it serves. */
  serves: z.array(floorCode).max(200),
});
export const waterFields = z.object({
  ...placed,
  type: z.enum(WATER_TYPES),
  /** Pumps: what they move. Tanks: null. */
  role: z.enum(PUMP_ROLES).nullable(),
  rated_kw: num(0, 10_000),
  capacity_m3: num(0, 100_000),
  level_low_pct: num(0, 100),
  level_high_pct: num(0, 100),
});
export const powerFields = z.object({
  ...placed,
  type: z.enum(POWER_TYPES),
  rated_kw: num(0.1, 100_000),
  schedule: equipmentSchedule.nullable(),
});

export const equipmentFields = { air: airFields, outdoor: outdoorFields, water: waterFields, power: powerFields } as const;
export type EquipmentFields<S extends EquipmentSet> = z.infer<(typeof equipmentFields)[S]>;

/** The device kinds each set (and type) binds. */
export const EQUIPMENT_DEVICE_KINDS: Record<EquipmentSet, readonly string[]> = {
  air: ['chiller', 'ahu', 'fcu'],
  outdoor: ['vrf_outdoor'],
  water: ['hvac_pump', 'water_tank'],
  power: ['lighting_circuit', 'elevator', 'meter', 'feeder'],
};
/** The device kind a typed entry must bind (null: any kind of its set). */
export function equipmentDeviceKind(set: EquipmentSet, type: string | undefined): readonly string[] {
  if (set === 'air' && type) return [type];
  if (set === 'water') return type === 'tank' ? ['water_tank'] : ['hvac_pump'];
  if (set === 'power') return type === 'lighting' ? ['lighting_circuit'] : type === 'elevator' ? ['elevator'] : ['meter', 'feeder'];
  return EQUIPMENT_DEVICE_KINDS[set];
}


/**
 * The checks across fields (both sides show the same message): set-point limits inside the kind's range and
 * min below max, a schedule that ends after it starts, tank levels low below high, a tank without a pump role.
 */
export function equipmentProblem(set: EquipmentSet, v: Record<string, unknown>): { field: string; zh: string; en: string } | null {
  const schedule = v.schedule as EquipmentSchedule | null | undefined;
  if (schedule && minutesOf(schedule.end) <= minutesOf(schedule.start)) {
    return { field: 'schedule.end', zh: '运行时段的结束时间须晚于开始时间', en: 'The schedule must end after it starts' };
  }
  if (set === 'air') {
    const a = v as EquipmentFields<'air'>;
    const def = BUILDING_SETPOINTS[a.type as BuildingSwitchedKind];
    if (def && (a.setpoint_min < def.min || a.setpoint_min > def.max)) {
      return { field: 'setpoint_min', zh: `设定值下限须在 ${def.min}–${def.max}°C 之间`, en: `The set-point minimum must be between ${def.min} and ${def.max} °C` };
    }
    if (def && (a.setpoint_max < def.min || a.setpoint_max > def.max)) {
      return { field: 'setpoint_max', zh: `设定值上限须在 ${def.min}–${def.max}°C 之间`, en: `The set-point maximum must be between ${def.min} and ${def.max} °C` };
    }
    if (a.setpoint_min >= a.setpoint_max) return { field: 'setpoint_max', zh: '设定值上限须大于下限', en: 'The set-point maximum must be above the minimum' };
  }
  if (set === 'water') {
    const w = v as EquipmentFields<'water'>;
    if (w.type === 'tank' && w.level_low_pct >= w.level_high_pct) return { field: 'level_high_pct', zh: '高液位须大于低液位', en: 'The high level must be above the low level' };
    if (w.type === 'pump' && w.role === null) return { field: 'role', zh: '请选择水泵用途', en: 'Choose what the pump moves' };
  }
  return null;
}

/** Floor codes unique within a building (case-insensitive). */
export function floorProblem(floors: readonly { code: string }[]): { field: string; zh: string; en: string } | null {
  const seen = new Set<string>();
  for (const [i, f] of floors.entries()) {
    const k = f.code.trim().toLowerCase();
    if (seen.has(k)) return { field: `floors.${i}.code`, zh: '楼层编号不能重复', en: 'Floor codes must be unique' };
    seen.add(k);
  }
  return null;
}

const stored = { id: z.number().int(), project_id: z.number().int(), version: z.number().int() };
export const building = buildingFields.extend(stored);
export type Building = z.infer<typeof building>;
export const airEquipment = airFields.extend(stored);
export const outdoorEquipment = outdoorFields.extend(stored);
export const waterEquipment = waterFields.extend(stored);
export const powerEquipment = powerFields.extend(stored);
export type AirEquipment = z.infer<typeof airEquipment>;
export type OutdoorEquipment = z.infer<typeof outdoorEquipment>;
export type WaterEquipment = z.infer<typeof waterEquipment>;
export type PowerEquipment = z.infer<typeof powerEquipment>;

export const buildingDevice = z.object({ id: z.number().int(), kind: z.string(), name: z.string(), name_en: z.string(), sn: z.string() });
export type BuildingDevice = z.infer<typeof buildingDevice>;
const buildingRef = z.object({ id: z.number().int(), name: z.string(), name_en: z.string(), floors: z.array(buildingFloor) });
export type BuildingRef = z.infer<typeof buildingRef>;

export const buildingListRequest = z.object({ project_id: dbIdParam });
export const buildingIdParams = z.object({ id: dbIdParam });
export const buildingDeleteRequest = z.object({ version: rowVersionParam });
const withProject = { project_id: dbId };
const withVersion = { version: rowVersion };

export const buildingCreate = buildingFields.extend(withProject);
export const buildingUpdate = buildingFields.extend(withVersion);
export const buildingList = z.object({ items: z.array(building), devices: z.array(buildingDevice) });

export const airCreate = airFields.extend(withProject);
export const airUpdate = airFields.extend(withVersion);
export const outdoorCreate = outdoorFields.extend(withProject);
export const outdoorUpdate = outdoorFields.extend(withVersion);
export const waterCreate = waterFields.extend(withProject);
export const waterUpdate = waterFields.extend(withVersion);
export const powerCreate = powerFields.extend(withProject);
export const powerUpdate = powerFields.extend(withVersion);
const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), devices: z.array(buildingDevice), buildings: z.array(buildingRef) });
export const airList = listOf(airEquipment);
export const outdoorList = listOf(outdoorEquipment);
export const waterList = listOf(waterEquipment);
export const powerList = listOf(powerEquipment);

/** /IntergralBuilding: one piece of equipment with its latest values. */
export const liveEquipment = z.object({
  id: z.number().int(),
  set: z.enum(EQUIPMENT_SETS),
  type: z.string(),
  building_id: z.number().int(),
  floor: z.string().nullable(),
  name: z.string(),
  name_en: z.string(),
  device_id: z.number().int().nullable(),
  device_kind: z.string().nullable(),
  values: z.record(z.string(), z.number().nullable()),
  ts: z.string().nullable(),
  /** Present when the unit has a set-point the operator may move: its key and the limits of this unit. */
  setpoint: z.object({ key: z.string(), min: z.number(), max: z.number(), step: z.number() }).nullable(),
  switchable: z.boolean(),
  schedule: equipmentSchedule.nullable(),
});
export type LiveEquipment = z.infer<typeof liveEquipment>;

export const floorComfort = z.object({ floor: z.string(), temp: z.number().nullable(), humidity: z.number().nullable(), co2: z.number().nullable(), ts: z.string().nullable() });
export type FloorComfort = z.infer<typeof floorComfort>;

export const systemEnergy = z.object({ key: z.string(), name: z.string(), name_en: z.string(), today: z.number(), month: z.number() });
export type SystemEnergy = z.infer<typeof systemEnergy>;

export const buildingLive = z.object({
  buildings: z.array(building),
  equipment: z.array(liveEquipment),
  comfort: z.array(floorComfort.extend({ building_id: z.number().int() })),
  /** Per building: the chiller plant (docs/smart-building.md, "Plant COP"). */
  plant: z.array(
    z.object({ building_id: z.number().int(), cooling_kw: z.number(), electric_kw: z.number(), cop: z.number().nullable(), outdoor_temp: z.number().nullable() }),
  ),
  /** Per building: energy by use category below its incoming meter, today and this month (kWh). */
  energy: z.array(z.object({ building_id: z.number().int(), total_today: z.number(), total_month: z.number(), systems: z.array(systemEnergy) })),
  can_control: z.boolean(),
});
export type BuildingLive = z.infer<typeof buildingLive>;

/** Comfort bands of an office (GB/T 50785 class II, summer; CO2 per GB/T 18883): what the floor grid colours by. */
export const COMFORT_BANDS = {
  temp: { good: [22, 27], fair: [20, 28] },
  humidity: { good: [40, 65], fair: [30, 70] },
  co2: { good: [0, 800], fair: [0, 1000] },
} as const;

/**
 * Bands of a floor whose air-conditioning is off (nights, weekends): nobody is to be kept comfortable, only the
 * building protected, so 19 °C on a Saturday is fine and only a setback range that threatens the building or
 * Monday morning's pull-down is flagged (heating setback ≥ 16 °C, cooling set-up ≤ 30 °C; issue 26 item 7).
 */
export const COMFORT_BANDS_UNOCCUPIED = {
  temp: { good: [16, 30], fair: [12, 32] },
  humidity: { good: [30, 70], fair: [20, 80] },
  co2: { good: [0, 1000], fair: [0, 1500] },
} as const;

/** Whether a floor is conditioned now: any of its air units (else the building's) runs; true without air units. */
export function floorConditioned(equipment: readonly { set: string; floor: string | null; values: Record<string, number | null> }[], floor: string): boolean {
  const air = equipment.filter((e) => e.set === 'air');
  const own = air.filter((e) => e.floor === floor);
  const units = own.length > 0 ? own : air;
  return units.length === 0 || units.some((e) => (e.values.run ?? 0) >= 0.5);
}

/**
 * The set-point an operator may move on a unit: the kind's absolute limits narrowed by the unit's own limits
 * from BuildAirSet (`setpoint_min`, `setpoint_max` of its entry). Null for equipment without one.
 */
export function buildingSetpointLimits(deviceKind: string | null, spec: Readonly<Record<string, unknown>>): { key: string; min: number; max: number; step: number } | null {
  if (!deviceKind || !isBuildingSwitched(deviceKind)) return null;
  const def = BUILDING_SETPOINTS[deviceKind];
  if (!def) return null;
  const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
  const min = Math.max(def.min, num(spec.setpoint_min, def.min));
  const max = Math.min(def.max, num(spec.setpoint_max, def.max));
  return { key: def.key, min, max: Math.max(min, max), step: def.step };
}
