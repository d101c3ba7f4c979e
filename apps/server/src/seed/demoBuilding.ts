import type { DeviceKind, EquipmentSet } from '@gridops/contract';
import type { Db } from '../db/database.js';

/**
 * The demo office building (docs/smart-building.md, "Demo"): the office tower of the Hangzhou Binjiang
 * complex, five office floors of 2,400 m² on feeder 5 ("5#办公塔楼回路"), with its own chiller plant in B1,
 * an AHU, a fan-coil group, a lighting circuit and a comfort sensor per floor, two lifts, a VRF unit on the
 * roof for the IT room, and a roof tank with its booster pump. Every load hangs off feeder 5, so the feeder
 * measures the building (children plus cable losses) and the integrated-energy page includes it.
 */
export const TOWER_FEEDER_SN = 'F05';
const FLOORS = [1, 2, 3, 4, 5];
const FLOOR_AREA = 2400;
const PLANT = 0;
const ROOF = 6;

interface TowerDevice {
  sn: string;
  kind: DeviceKind;
  name: string;
  name_en: string;
  props: Record<string, number>;
  parent?: string;
}

const load = (sn: string, kind: DeviceKind, name: string, name_en: string, props: Record<string, number>): TowerDevice => ({ sn, kind, name, name_en, props, parent: TOWER_FEEDER_SN });

/** The tower's devices (a room of the HZBJ station in demoData.ts). Names say what they supply: demoIeSets assigns use categories by them. */
export const officeTowerDevices: TowerDevice[] = [
  load('OT-CH1', 'chiller', '1#冷水机组', 'Chiller 1', { floor: PLANT, cooling_kw: 700, rated_kw: 140, stage: 1 }),
  load('OT-CH2', 'chiller', '2#冷水机组', 'Chiller 2', { floor: PLANT, cooling_kw: 700, rated_kw: 140, stage: 2 }),
  load('OT-CHWP1', 'hvac_pump', '1#冷水泵', 'Chilled-water pump 1', { floor: PLANT, role: 1, stage: 1, rated_kw: 22, rated_flow: 120 }),
  load('OT-CHWP2', 'hvac_pump', '2#冷水泵', 'Chilled-water pump 2', { floor: PLANT, role: 1, stage: 2, rated_kw: 22, rated_flow: 120 }),
  load('OT-CWP1', 'hvac_pump', '1#冷却水泵', 'Condenser-water pump 1', { floor: PLANT, role: 2, stage: 1, rated_kw: 30, rated_flow: 150 }),
  load('OT-CWP2', 'hvac_pump', '2#冷却水泵', 'Condenser-water pump 2', { floor: PLANT, role: 2, stage: 2, rated_kw: 30, rated_flow: 150 }),
  ...FLOORS.flatMap((f) => [
    load(`OT-AHU${f}`, 'ahu', `${f}F空调箱`, `AHU ${f}F`, { floor: f, area_m2: FLOOR_AREA, rated_kw: 11 }),
    load(`OT-FCU${f}`, 'fcu', `${f}F空调风机盘管`, `Fan coils ${f}F`, { floor: f, rated_kw: 4.5 }),
    load(`OT-LT${f}`, 'lighting_circuit', `${f}F照明回路`, `Lighting ${f}F`, { floor: f, rated_kw: 22 }),
  ]),
  load('OT-EL1', 'elevator', '1#客梯', 'Passenger lift 1', { rated_kw: 18, floors: 5 }),
  load('OT-EL2', 'elevator', '2#客梯', 'Passenger lift 2', { rated_kw: 18, floors: 5 }),
  load('OT-VRF1', 'vrf_outdoor', '屋面多联机空调室外机', 'Roof VRF outdoor unit', { floor: ROOF, cooling_kw: 56, rated_kw: 16 }),
  load('OT-DWP1', 'hvac_pump', '生活给水泵', 'Domestic booster pump', { floor: PLANT, role: 3, rated_kw: 7.5, rated_flow: 25 }),
  { sn: 'OT-TK1', kind: 'water_tank', name: '屋顶生活水箱', name_en: 'Roof water tank', props: { floor: ROOF, capacity_m3: 50, height_m: 3 } },
  ...FLOORS.map((f): TowerDevice => ({ sn: `OT-CS${f}`, kind: 'comfort_sensor', name: `${f}F室内环境传感器`, name_en: `Comfort sensor ${f}F`, props: { floor: f } })),
];

export const officeTowerRoom = { name: '办公塔楼', name_en: 'Office tower', kind: 'building' as const, devices: officeTowerDevices };

const code = (f: number) => (f === PLANT ? 'B1' : f === ROOF ? 'RF' : `${f}F`);
const schedule = { days: 'weekdays', start: '07:30', end: '19:00' };

/** What each demo device is in the sets: its set, type and the fields of that set. */
function entryOf(d: TowerDevice): { set: EquipmentSet; spec: Record<string, unknown> } | null {
  const rated = d.props.rated_kw ?? 0;
  switch (d.kind) {
    case 'chiller':
      return { set: 'air', spec: { type: 'chiller', rated_kw: d.props.cooling_kw, setpoint_min: 6, setpoint_max: 10, schedule } };
    case 'ahu':
      return { set: 'air', spec: { type: 'ahu', rated_kw: rated, setpoint_min: 13, setpoint_max: 20, schedule } };
    case 'fcu':
      return { set: 'air', spec: { type: 'fcu', rated_kw: rated, setpoint_min: 22, setpoint_max: 28, schedule } };
    case 'vrf_outdoor':
      return { set: 'outdoor', spec: { cooling_kw: d.props.cooling_kw, serves: ['5F'] } };
    case 'hvac_pump': {
      const role = d.props.role === 1 ? 'chilled' : d.props.role === 2 ? 'condenser' : 'domestic';
      return { set: 'water', spec: { type: 'pump', role, rated_kw: rated, capacity_m3: 0, level_low_pct: 0, level_high_pct: 100 } };
    }
    case 'water_tank':
      return { set: 'water', spec: { type: 'tank', role: null, rated_kw: 0, capacity_m3: d.props.capacity_m3, level_low_pct: 40, level_high_pct: 90 } };
    case 'lighting_circuit':
      return { set: 'power', spec: { type: 'lighting', rated_kw: rated, schedule } };
    case 'elevator':
      return { set: 'power', spec: { type: 'elevator', rated_kw: rated, schedule: null } };
    default:
      return null;
  }
}

/** The tower in the sets: the building with its floors, and each device as equipment of its system. */
export async function seedDemoBuilding(trx: Db, projectId: number): Promise<void> {
  const devices = await trx.selectFrom('devices').select(['id', 'sn']).where('project_id', '=', projectId).execute();
  const idOf = new Map(devices.map((d) => [d.sn, d.id]));
  if (!idOf.has('OT-CH1')) return;
  const floors = [PLANT, ...FLOORS, ROOF].map((f) => ({
    code: code(f),
    name: f === PLANT ? '地下一层（冷站）' : f === ROOF ? '屋面' : `${f}层`,
    name_en: f === PLANT ? 'Basement (chiller plant)' : f === ROOF ? 'Roof' : `Floor ${f}`,
    area_m2: f === PLANT ? 800 : f === ROOF ? 0 : FLOOR_AREA,
    sensor_device_id: idOf.get(`OT-CS${f}`) ?? null,
  }));
  const b = await trx
    .insertInto('buildings')
    .values({ project_id: projectId, name: '办公塔楼', name_en: 'Office tower', area_m2: FLOOR_AREA * FLOORS.length, meter_device_id: idOf.get(TOWER_FEEDER_SN) ?? null, floors: JSON.stringify(floors) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = officeTowerDevices.flatMap((d) => {
    const e = entryOf(d);
    if (!e) return [];
    const floor = d.props.floor === undefined ? null : code(d.props.floor);
    return [{ project_id: projectId, building_id: b.id, system: e.set, name: d.name, name_en: d.name_en, floor, device_id: idOf.get(d.sn) ?? null, spec: JSON.stringify(e.spec) }];
  });
  await trx.insertInto('building_equipment').values(rows).execute();
}
