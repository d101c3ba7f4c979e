/**
 * The device catalogue: every kind of device a site can have and the points it reports. The seed, the
 * simulator, the ingest validation and the pages all read this one table, so a point key means the same
 * thing everywhere. `counter` points are monotonic totals (energy, volume); `digital` points are 0/1 states.
 */
export type PointKind = 'analog' | 'counter' | 'digital';

export interface PointDef {
  key: string;
  name: string;
  name_en: string;
  unit: string;
  kind: PointKind;
  precision: number;
}

export const DEVICE_KINDS = [
  'incomer',
  'transformer',
  'feeder',
  'meter',
  'pv_inverter',
  'pcs',
  'bms',
  'ev_charger',
  'water_meter',
  'gas_meter',
  'heat_meter',
  'fire_sensor',
  'env_sensor',
  'camera',
  'fan',
  'air_conditioner',
  'dehumidifier',
  'light',
  'water_pump',
  'arc_detector',
  'access_terminal',
  // Smart building (docs/smart-building.md): HVAC plant and terminals, water, lighting, lifts, comfort.
  'chiller',
  'hvac_pump',
  'ahu',
  'fcu',
  'vrf_outdoor',
  'water_tank',
  'lighting_circuit',
  'elevator',
  'comfort_sensor',
] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

const p = (key: string, name: string, name_en: string, unit: string, kind: PointKind = 'analog', precision = 2): PointDef => ({
  key,
  name,
  name_en,
  unit,
  kind,
  precision,
});

const runFault = [p('run', '运行状态', 'Running', '', 'digital', 0), p('fault', '故障', 'Fault', '', 'digital', 0)];
const powerEnergy = [p('P', '有功功率', 'Active power', 'kW'), p('EP', '正向有功电能', 'Active energy import', 'kWh', 'counter')];

/** The smart-building kinds (docs/smart-building.md, "Device kinds"): their loads are metered, so each has P and EP. */
const buildingCatalog = {
  chiller: {
    name: '冷水机组',
    name_en: 'Chiller',
    points: [
      ...runFault,
      p('chw_set', '冷冻水出水设定', 'Chilled-water set-point', '°C', 'analog', 1),
      p('t_chw_supply', '冷冻水出水温度', 'Chilled-water supply', '°C', 'analog', 1),
      p('t_chw_return', '冷冻水回水温度', 'Chilled-water return', '°C', 'analog', 1),
      p('t_cw_in', '冷却水进水温度', 'Condenser-water inlet', '°C', 'analog', 1),
      p('load_pct', '负载率', 'Load', '%', 'analog', 0),
      p('cooling_kw', '制冷量', 'Cooling output', 'kW', 'analog', 0),
      p('COP', '性能系数', 'COP', '', 'analog', 2),
      ...powerEnergy,
    ],
  },
  hvac_pump: {
    name: '水泵',
    name_en: 'Pump',
    points: [...runFault, p('freq', '运行频率', 'Frequency', 'Hz', 'analog', 1), p('flow', '流量', 'Flow rate', 'm³/h', 'analog', 0), ...powerEnergy],
  },
  ahu: {
    name: '组合式空调箱',
    name_en: 'Air-handling unit',
    points: [
      ...runFault,
      p('sa_set', '送风温度设定', 'Supply-air set-point', '°C', 'analog', 1),
      p('t_supply_air', '送风温度', 'Supply-air temperature', '°C', 'analog', 1),
      p('t_return_air', '回风温度', 'Return-air temperature', '°C', 'analog', 1),
      p('fan_freq', '风机频率', 'Fan frequency', 'Hz', 'analog', 1),
      ...powerEnergy,
    ],
  },
  fcu: {
    name: '风机盘管',
    name_en: 'Fan-coil units',
    points: [...runFault, p('room_set', '室内温度设定', 'Room set-point', '°C', 'analog', 1), ...powerEnergy],
  },
  vrf_outdoor: {
    name: '多联机室外机',
    name_en: 'VRF outdoor unit',
    points: [...runFault, p('t_outdoor', '室外温度', 'Outdoor temperature', '°C', 'analog', 1), p('load_pct', '负载率', 'Load', '%', 'analog', 0), ...powerEnergy],
  },
  water_tank: {
    name: '水箱',
    name_en: 'Water tank',
    points: [p('level_pct', '液位', 'Level', '%', 'analog', 1), p('level_m', '水位', 'Water depth', 'm', 'analog', 2)],
  },
  lighting_circuit: {
    name: '照明回路',
    name_en: 'Lighting circuit',
    points: [p('run', '运行状态', 'On', '', 'digital', 0), ...powerEnergy],
  },
  elevator: {
    name: '电梯',
    name_en: 'Lift',
    points: [...runFault, p('floor', '所在楼层', 'Floor', '', 'analog', 0), ...powerEnergy],
  },
  comfort_sensor: {
    name: '室内环境传感器',
    name_en: 'Indoor comfort sensor',
    points: [
      p('temp', '室内温度', 'Indoor temperature', '°C', 'analog', 1),
      p('humidity', '室内湿度', 'Indoor humidity', '%RH', 'analog', 0),
      p('co2', '二氧化碳浓度', 'CO2', 'ppm', 'analog', 0),
    ],
  },
} satisfies Record<string, { name: string; name_en: string; points: PointDef[] }>;

const threePhase: PointDef[] = [
  p('Ua', 'A相电压', 'Phase A voltage', 'V', 'analog', 1),
  p('Ub', 'B相电压', 'Phase B voltage', 'V', 'analog', 1),
  p('Uc', 'C相电压', 'Phase C voltage', 'V', 'analog', 1),
  p('Ia', 'A相电流', 'Phase A current', 'A', 'analog', 1),
  p('Ib', 'B相电流', 'Phase B current', 'A', 'analog', 1),
  p('Ic', 'C相电流', 'Phase C current', 'A', 'analog', 1),
  p('P', '有功功率', 'Active power', 'kW'),
  p('Q', '无功功率', 'Reactive power', 'kvar'),
  p('PF', '功率因数', 'Power factor', '', 'analog', 3),
  p('F', '频率', 'Frequency', 'Hz'),
  p('EP', '正向有功电能', 'Active energy import', 'kWh', 'counter'),
  // Reactive energy, both quadrants added (|Q| integrated): with EP it gives the month's power factor for
  // the power-factor adjustment (docs/energy-model.md, "Billing").
  p('EQ', '无功电能', 'Reactive energy', 'kvarh', 'counter'),
];

export const deviceCatalog: Record<DeviceKind, { name: string; name_en: string; points: PointDef[] }> = {
  incomer: {
    name: '进线柜',
    name_en: 'Incoming cabinet',
    points: [...threePhase, p('breaker', '断路器状态', 'Breaker closed', '', 'digital', 0)],
  },
  transformer: {
    name: '变压器',
    name_en: 'Transformer',
    points: [
      ...threePhase,
      p('load_rate', '负载率', 'Load rate', '%', 'analog', 1),
      p('temp_winding', '绕组温度', 'Winding temperature', '°C', 'analog', 1),
    ],
  },
  feeder: {
    name: '出线回路',
    name_en: 'Feeder',
    points: [...threePhase, p('breaker', '断路器状态', 'Breaker closed', '', 'digital', 0)],
  },
  meter: { name: '电能表', name_en: 'Energy meter', points: threePhase },
  pv_inverter: {
    name: '光伏逆变器',
    name_en: 'PV inverter',
    points: [
      p('P', '有功功率', 'Active power', 'kW'),
      p('EP', '累计发电量', 'Energy generated', 'kWh', 'counter'),
      p('Udc', '直流电压', 'DC voltage', 'V', 'analog', 1),
      p('status', '运行状态', 'Running', '', 'digital', 0),
    ],
  },
  pcs: {
    name: '储能变流器',
    name_en: 'Power conversion system',
    points: [
      p('P', '有功功率(放电为正)', 'Active power (discharge +)', 'kW'),
      p('EPchg', '累计充电量', 'Energy charged', 'kWh', 'counter'),
      p('EPdis', '累计放电量', 'Energy discharged', 'kWh', 'counter'),
      p('status', '运行状态', 'Running', '', 'digital', 0),
    ],
  },
  bms: {
    name: '电池管理系统',
    name_en: 'Battery management system',
    points: [
      p('SOC', '荷电状态', 'State of charge', '%', 'analog', 1),
      p('SOH', '健康状态', 'State of health', '%', 'analog', 1),
      p('cell_vmax', '单体最高电压', 'Max cell voltage', 'V', 'analog', 3),
      p('cell_vmin', '单体最低电压', 'Min cell voltage', 'V', 'analog', 3),
      p('cell_tmax', '单体最高温度', 'Max cell temperature', '°C', 'analog', 1),
      p('cell_tmin', '单体最低温度', 'Min cell temperature', '°C', 'analog', 1),
    ],
  },
  ev_charger: {
    name: '充电桩',
    name_en: 'EV charger',
    points: [
      p('P', '充电功率', 'Charging power', 'kW'),
      p('EP', '累计充电量', 'Energy delivered', 'kWh', 'counter'),
      p('charging', '充电中', 'Charging', '', 'digital', 0),
      p('fault', '故障', 'Fault', '', 'digital', 0),
    ],
  },
  water_meter: {
    name: '水表',
    name_en: 'Water meter',
    points: [p('flow', '瞬时流量', 'Flow rate', 'm³/h', 'analog', 3), p('EW', '累计用水量', 'Water volume', 'm³', 'counter', 3)],
  },
  gas_meter: {
    name: '燃气表',
    name_en: 'Gas meter',
    points: [p('flow', '瞬时流量', 'Flow rate', 'm³/h', 'analog', 3), p('EG', '累计用气量', 'Gas volume', 'm³', 'counter', 3)],
  },
  heat_meter: {
    name: '热量表',
    name_en: 'Heat meter',
    points: [
      p('power', '热功率', 'Thermal power', 'kW'),
      p('EH', '累计热量', 'Heat energy', 'GJ', 'counter', 3),
      p('t_supply', '供水温度', 'Supply temperature', '°C', 'analog', 1),
      p('t_return', '回水温度', 'Return temperature', '°C', 'analog', 1),
    ],
  },
  fire_sensor: {
    name: '电气火灾探测器',
    name_en: 'Electrical fire detector',
    points: [
      p('IR', '剩余电流', 'Residual current', 'mA', 'analog', 0),
      p('T1', 'A相线缆温度', 'Cable temperature A', '°C', 'analog', 1),
      p('T2', 'B相线缆温度', 'Cable temperature B', '°C', 'analog', 1),
      p('T3', 'C相线缆温度', 'Cable temperature C', '°C', 'analog', 1),
      p('arc', '故障电弧', 'Fault arc', '', 'digital', 0),
    ],
  },
  /**
   * Arc-fault detector (GB 14287.4) on a final circuit: the half-cycles of arcing it counted in the last second,
   * and its own alarm output (latched by the device at the standard's 14 half-cycles).
   */
  arc_detector: {
    name: '故障电弧探测器',
    name_en: 'Arc-fault detector',
    points: [p('arc_count', '故障电弧半周期数', 'Arc half-cycles per second', '', 'analog', 0), p('arc', '故障电弧报警', 'Arc-fault alarm', '', 'digital', 0)],
  },
  env_sensor: {
    name: '环境监测',
    name_en: 'Environment sensor',
    points: [
      p('temp', '温度', 'Temperature', '°C', 'analog', 1),
      p('humidity', '湿度', 'Humidity', '%RH', 'analog', 1),
      p('water', '水浸', 'Water immersion', '', 'digital', 0),
      p('smoke', '烟感', 'Smoke', '', 'digital', 0),
      p('door', '门磁', 'Door open', '', 'digital', 0),
    ],
  },
  camera: {
    name: '摄像机',
    name_en: 'Camera',
    points: [p('online', '在线', 'Online', '', 'digital', 0)],
  },
  fan: {
    name: '风机',
    name_en: 'Fan',
    points: [p('run', '运行状态', 'Running', '', 'digital', 0), p('speed', '风速档位', 'Speed level', '', 'analog', 0), p('P', '有功功率', 'Active power', 'kW')],
  },
  air_conditioner: {
    name: '空调',
    name_en: 'Air conditioner',
    points: [p('run', '运行状态', 'Running', '', 'digital', 0), p('temp_set', '温度设定值', 'Temperature set-point', '°C', 'analog', 1), p('P', '有功功率', 'Active power', 'kW')],
  },
  dehumidifier: {
    name: '除湿机',
    name_en: 'Dehumidifier',
    points: [p('run', '运行状态', 'Running', '', 'digital', 0), p('humidity_set', '湿度设定值', 'Humidity set-point', '%RH', 'analog', 0), p('P', '有功功率', 'Active power', 'kW')],
  },
  light: {
    name: '照明',
    name_en: 'Lights',
    points: [p('run', '运行状态', 'Running', '', 'digital', 0), p('P', '有功功率', 'Active power', 'kW')],
  },
  water_pump: {
    name: '排水泵',
    name_en: 'Water pump',
    points: [p('run', '运行状态', 'Running', '', 'digital', 0), p('P', '有功功率', 'Active power', 'kW')],
  },
  /**
   * A face-recognition door terminal: it controls the door of its room (docs/face-library.md). People are pushed
   * to it with the `face_sync` / `face_delete` gateway commands; it reports recognitions on `…/face_event`.
   */
  access_terminal: {
    name: '人脸门禁终端',
    name_en: 'Face access terminal',
    points: [p('online', '在线', 'Online', '', 'digital', 0), p('enrolled', '已下发人脸数', 'Faces enrolled', '', 'analog', 0)],
  },
  ...buildingCatalog,
};

/** Auxiliary devices of a room (fans, AC, dehumidifiers, lights, pumps): switched by the `aux` gateway command. */
export const AUX_KINDS = ['fan', 'air_conditioner', 'dehumidifier', 'light', 'water_pump'] as const satisfies readonly DeviceKind[];
export type AuxKind = (typeof AUX_KINDS)[number];
export const isAuxKind = (k: string): k is AuxKind => (AUX_KINDS as readonly string[]).includes(k);

export interface AuxSetpointDef {
  key: string;
  /** Default limits; a device may narrow them with props `<key>_min` / `<key>_max` (/RunSetup/AuxDeviceSet). */
  min: number;
  max: number;
  /** The value a device starts with. */
  initial: number;
  step: number;
}

/** The adjustable set-point (遥调) of each auxiliary kind; lights and pumps only switch. */
export const AUX_SETPOINTS: Partial<Record<AuxKind, AuxSetpointDef>> = {
  fan: { key: 'speed', min: 1, max: 3, initial: 2, step: 1 },
  air_conditioner: { key: 'temp_set', min: 16, max: 30, initial: 26, step: 0.5 },
  dehumidifier: { key: 'humidity_set', min: 40, max: 80, initial: 60, step: 1 },
};

/** A device's set-point limits: the kind's defaults narrowed by its props. */
export function auxSetpointLimits(kind: AuxKind, props: Readonly<Record<string, unknown>>): { key: string; min: number; max: number; step: number } | null {
  const def = AUX_SETPOINTS[kind];
  if (!def) return null;
  const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
  const min = Math.max(def.min, num(props[`${def.key}_min`], def.min));
  const max = Math.min(def.max, num(props[`${def.key}_max`], def.max));
  return { key: def.key, min, max: Math.max(min, max), step: def.step };
}

/** Building kinds whose loads are metered (P and EP): the site model and the metering tree treat them as loads. */
export const BUILDING_LOAD_KINDS = ['chiller', 'hvac_pump', 'ahu', 'fcu', 'vrf_outdoor', 'lighting_circuit', 'elevator'] as const satisfies readonly DeviceKind[];
export const BUILDING_KINDS = [...BUILDING_LOAD_KINDS, 'water_tank', 'comfort_sensor'] as const satisfies readonly DeviceKind[];
export type BuildingLoadKind = (typeof BUILDING_LOAD_KINDS)[number];
export const isBuildingLoadKind = (k: string): k is BuildingLoadKind => (BUILDING_LOAD_KINDS as readonly string[]).includes(k);

/** Building equipment the operator switches (on/off through the `building` gateway command). */
export const BUILDING_SWITCHED = ['chiller', 'ahu', 'fcu', 'vrf_outdoor', 'lighting_circuit'] as const satisfies readonly DeviceKind[];
export type BuildingSwitchedKind = (typeof BUILDING_SWITCHED)[number];
export const isBuildingSwitched = (k: string): k is BuildingSwitchedKind => (BUILDING_SWITCHED as readonly string[]).includes(k);

/**
 * The adjustable set-point (遥调) of each building kind and its absolute limits; /RunSetup/BuildAirSet narrows
 * them per unit (setpoint_min, setpoint_max). Chilled water 5–12 °C is what screw and centrifugal chillers accept.
 */
export const BUILDING_SETPOINTS: Partial<Record<BuildingSwitchedKind, AuxSetpointDef>> = {
  chiller: { key: 'chw_set', min: 5, max: 12, initial: 7, step: 0.5 },
  ahu: { key: 'sa_set', min: 12, max: 22, initial: 16, step: 0.5 },
  fcu: { key: 'room_set', min: 18, max: 30, initial: 25, step: 0.5 },
};
