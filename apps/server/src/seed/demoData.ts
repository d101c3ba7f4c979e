import type { DeviceKind, EnergyType } from '@gridops/contract';
import { officeTowerRoom } from './demoBuilding.js';

/**
 * The demo organisation: one regional key account, two group customers, five stations in real Chinese cities
 * (coordinates of the real districts), each with its distribution room(s) and, where it fits the site, PV,
 * storage, EV charging, building meters, electrical-fire and environment sensors and cameras.
 */
export interface DemoDevice {
  sn: string;
  kind: DeviceKind;
  name: string;
  name_en: string;
  props?: Record<string, number>;
  parent?: string;
}

export interface DemoRoom {
  name: string;
  name_en: string;
  kind: 'distribution' | 'storage' | 'pv' | 'charging' | 'building' | 'security';
  devices: DemoDevice[];
}

export interface DemoStation {
  code: string;
  group: 'A' | 'B';
  name: string;
  name_en: string;
  city: string;
  city_en: string;
  address: string;
  address_en: string;
  latitude: number;
  longitude: number;
  /** IANA zone of the site (projects.timezone): its days, months and years, and the zone its times show in. */
  timezone: string;
  energy_types: EnergyType[];
  capacity_kva: number;
  pv_capacity_kw: number;
  storage_capacity_kwh: number;
  area_m2: number;
  rooms: DemoRoom[];
}

const d = (sn: string, kind: DeviceKind, name: string, name_en: string, props: Record<string, number> = {}, parent?: string): DemoDevice =>
  parent === undefined ? { sn, kind, name, name_en, props } : { sn, kind, name, name_en, props, parent };

/** A 10 kV / 0.4 kV room: incomer, two transformers and their LV feeders, fire and arc-fault detectors, environment, camera. */
function distributionRoom(prefix: string, name: string, name_en: string, kva: number, feeders: [string, string, number, ('T1' | 'T2')?][]): DemoRoom {
  const devices: DemoDevice[] = [
    d(`${prefix}AH1`, 'incomer', '10kV进线柜 AH1', '10 kV incoming cabinet AH1', { voltage_v: 5774, rated_kw: kva * 1.6 }),
    d(`${prefix}T1`, 'transformer', '1#变压器', 'Transformer T1', { rated_kva: kva, rated_kw: kva * 0.8 }, `${prefix}AH1`),
    d(`${prefix}T2`, 'transformer', '2#变压器', 'Transformer T2', { rated_kva: kva, rated_kw: kva * 0.8 }, `${prefix}AH1`),
  ];
  feeders.forEach(([fname, fname_en, kw, transformer], i) => {
    const parent = `${prefix}${transformer ?? (i % 2 === 0 ? 'T1' : 'T2')}`;
    devices.push(d(`${prefix}F${String(i + 1).padStart(2, '0')}`, 'feeder', fname, fname_en, { rated_kw: kw, voltage_kv: 0.4 }, parent));
  });
  devices.push(
    d(`${prefix}EF1`, 'fire_sensor', '1#低压柜电气火灾探测器', 'Fire detector LV cabinet 1', { rated_a: 630 }, `${prefix}T1`),
    d(`${prefix}EF2`, 'fire_sensor', '2#低压柜电气火灾探测器', 'Fire detector LV cabinet 2', { rated_a: 630 }, `${prefix}T2`),
    // GB 14287.4 covers final circuits of 10 kW and less: the room's lighting and socket panel.
    d(`${prefix}AF1`, 'arc_detector', '照明配电箱故障电弧探测器', 'Arc-fault detector lighting panel', { rated_a: 32 }, `${prefix}T1`),
    d(`${prefix}ENV`, 'env_sensor', '配电室环境监测', 'Room environment', {}),
    d(`${prefix}CAM1`, 'camera', '配电室摄像机1', 'Room camera 1', {}),
    // The room's door (its contact is the env sensor's `door` point) opens by face (docs/face-library.md).
    d(`${prefix}ACT`, 'access_terminal', '配电室人脸门禁', 'Room door face terminal', {}),
  );
  return { name, name_en, kind: 'distribution', devices };
}

export const demoRegional = { name: '华东能源大客户', name_en: 'East China Energy Key Account', code: 'ECK' };
export const demoGroups = {
  A: { name: '长江智造集团', name_en: 'Changjiang Manufacturing Group', code: 'CJM' },
  B: { name: '西湖商业地产集团', name_en: 'Xihu Commercial Property Group', code: 'XHP' },
} as const;

export const demoStations: DemoStation[] = [
  {
    code: 'SHZJ',
    group: 'A',
    name: '上海张江园区配电站',
    name_en: 'Shanghai Zhangjiang Park Substation',
    city: '上海',
    city_en: 'Shanghai',
    address: '上海市浦东新区张江高科技园区郭守敬路498号',
    address_en: 'No. 498 Guoshoujing Road, Zhangjiang Hi-Tech Park, Pudong New Area, Shanghai',
    latitude: 31.204,
    longitude: 121.59,
    timezone: 'Asia/Shanghai',
    energy_types: ['power', 'water'],
    capacity_kva: 2500,
    pv_capacity_kw: 0,
    storage_capacity_kwh: 0,
    area_m2: 42000,
    rooms: [
      distributionRoom('', '1#配电室', 'Distribution room 1', 1250, [
        ['1#照明回路', 'Lighting feeder 1', 180],
        ['2#动力回路', 'Power feeder 2', 320],
        ['3#空调回路', 'HVAC feeder 3', 400],
        ['4#电梯回路', 'Elevator feeder 4', 120],
        ['5#消防回路', 'Fire services feeder 5', 90],
        ['6#研发楼回路', 'R&D building feeder 6', 260],
      ]),
      { name: '综合泵房', name_en: 'Pump room', kind: 'building', devices: [d('WM1', 'water_meter', '园区总水表', 'Campus water meter', { rated_flow: 25 })] },
    ],
  },
  {
    code: 'SZIP',
    group: 'A',
    name: '苏州工业园光储充站',
    name_en: 'Suzhou SIP PV-Storage-Charging Station',
    city: '苏州',
    city_en: 'Suzhou',
    address: '江苏省苏州市工业园区星湖街328号',
    address_en: 'No. 328 Xinghu Street, Suzhou Industrial Park, Suzhou, Jiangsu',
    latitude: 31.2989,
    longitude: 120.727,
    timezone: 'Asia/Shanghai',
    energy_types: ['power'],
    capacity_kva: 1600,
    pv_capacity_kw: 800,
    storage_capacity_kwh: 1000,
    area_m2: 18000,
    rooms: [
      distributionRoom('', '1#配电室', 'Distribution room 1', 800, [
        ['1#办公楼回路', 'Office building feeder 1', 160],
        ['2#车间动力回路', 'Workshop power feeder 2', 300],
        ['3#充电站回路', 'Charging station feeder 3', 400],
        // On T1 with the chargers and the battery, which take the midday PV (anti-backflow curtails the rest).
        ['4#光伏并网回路', 'PV grid-connection feeder 4', 800, 'T1'],
      ]),
      {
        name: '屋顶光伏',
        name_en: 'Rooftop PV',
        kind: 'pv',
        devices: [
          d('INV1', 'pv_inverter', '1#光伏逆变器', 'PV inverter 1', { rated_kw: 400 }, 'F04'),
          d('INV2', 'pv_inverter', '2#光伏逆变器', 'PV inverter 2', { rated_kw: 400 }, 'F04'),
        ],
      },
      {
        name: '储能舱',
        name_en: 'Battery container',
        kind: 'storage',
        devices: [
          d('PCS1', 'pcs', '储能变流器PCS', 'PCS', { rated_kw: 500, capacity_kwh: 1000 }, 'T1'),
          d('BMS1', 'bms', '电池管理系统BMS', 'BMS', { capacity_kwh: 1000 }, 'PCS1'),
          d('ENV2', 'env_sensor', '储能舱环境监测', 'Container environment', {}),
          d('ACT2', 'access_terminal', '储能舱人脸门禁', 'Container door face terminal', {}),
        ],
      },
      {
        name: '充电站',
        name_en: 'Charging station',
        kind: 'charging',
        devices: [1, 2, 3, 4, 5, 6].map((i) =>
          d(`EV${i}`, 'ev_charger', `${i}#充电桩`, `EV charger ${i}`, { rated_kw: i <= 2 ? 120 : 60 }, 'F03'),
        ),
      },
    ],
  },
  {
    code: 'NJJN',
    group: 'A',
    name: '南京江宁智造工厂',
    name_en: 'Nanjing Jiangning Smart Factory',
    city: '南京',
    city_en: 'Nanjing',
    address: '江苏省南京市江宁区秣陵街道天元东路',
    address_en: 'Tianyuan East Road, Moling Subdistrict, Jiangning District, Nanjing, Jiangsu',
    latitude: 31.953,
    longitude: 118.84,
    timezone: 'Asia/Shanghai',
    energy_types: ['power', 'water', 'gas'],
    capacity_kva: 4000,
    pv_capacity_kw: 500,
    storage_capacity_kwh: 0,
    area_m2: 65000,
    rooms: [
      distributionRoom('', '1#配电室', 'Distribution room 1', 2000, [
        ['1#冲压车间回路', 'Stamping shop feeder 1', 800],
        ['2#焊装车间回路', 'Welding shop feeder 2', 700],
        ['3#空压站回路', 'Compressor feeder 3', 450],
        ['4#涂装车间回路', 'Paint shop feeder 4', 600],
      ]),
      {
        name: '能源站',
        name_en: 'Energy centre',
        kind: 'building',
        devices: [
          d('INV1', 'pv_inverter', '车棚光伏逆变器', 'Carport PV inverter', { rated_kw: 500 }, 'T1'),
          d('WM1', 'water_meter', '工厂总水表', 'Factory water meter', { rated_flow: 60 }),
          d('GM1', 'gas_meter', '涂装线燃气表', 'Paint line gas meter', { rated_flow: 180 }),
        ],
      },
    ],
  },
  {
    code: 'HZBJ',
    group: 'B',
    name: '杭州滨江商业综合体',
    name_en: 'Hangzhou Binjiang Commercial Complex',
    city: '杭州',
    city_en: 'Hangzhou',
    address: '浙江省杭州市滨江区江南大道588号',
    address_en: 'No. 588 Jiangnan Avenue, Binjiang District, Hangzhou, Zhejiang',
    latitude: 30.2084,
    longitude: 120.2106,
    timezone: 'Asia/Shanghai',
    energy_types: ['power', 'water', 'gas', 'heat'],
    capacity_kva: 5000,
    pv_capacity_kw: 0,
    storage_capacity_kwh: 0,
    area_m2: 120000,
    rooms: [
      distributionRoom('', 'B1配电室', 'B1 distribution room', 2500, [
        ['1#商场照明回路', 'Mall lighting feeder 1', 600],
        ['2#冷水机组回路', 'Chiller feeder 2', 1200],
        ['3#电梯扶梯回路', 'Lifts and escalators feeder 3', 350],
        ['4#餐饮回路', 'Restaurants feeder 4', 500],
        ['5#办公塔楼回路', 'Office tower feeder 5', 800],
      ]),
      {
        name: '能源计量间',
        name_en: 'Metering room',
        kind: 'building',
        devices: [
          d('WM1', 'water_meter', '综合体总水表', 'Complex water meter', { rated_flow: 90 }),
          d('GM1', 'gas_meter', '餐饮燃气总表', 'Restaurants gas meter', { rated_flow: 120 }),
          d('HM1', 'heat_meter', '冬季供热总表', 'Heating meter', { rated_kw: 2000 }),
          d('CAM2', 'camera', '计量间摄像机', 'Metering room camera', {}),
        ],
      },
      officeTowerRoom,
    ],
  },
  {
    code: 'HFDC',
    group: 'B',
    name: '合肥高新区数据中心',
    name_en: 'Hefei Hi-tech Zone Data Centre',
    city: '合肥',
    city_en: 'Hefei',
    address: '安徽省合肥市高新区望江西路800号',
    address_en: 'No. 800 Wangjiang West Road, Hefei High-tech Zone, Hefei, Anhui',
    latitude: 31.84,
    longitude: 117.13,
    timezone: 'Asia/Shanghai',
    energy_types: ['power', 'water'],
    capacity_kva: 8000,
    pv_capacity_kw: 0,
    storage_capacity_kwh: 2000,
    area_m2: 26000,
    rooms: [
      distributionRoom('', '1#配电室', 'Distribution room 1', 2500, [
        ['1#IT机房A列', 'IT hall row A', 900],
        ['2#IT机房B列', 'IT hall row B', 900],
        ['3#冷却系统回路', 'Cooling feeder 3', 1100],
        ['4#UPS回路', 'UPS feeder 4', 600],
      ]),
      {
        name: '储能电站',
        name_en: 'Battery station',
        kind: 'storage',
        devices: [
          d('PCS1', 'pcs', '储能变流器PCS', 'PCS', { rated_kw: 1000, capacity_kwh: 2000 }, 'T1'),
          d('BMS1', 'bms', '电池管理系统BMS', 'BMS', { capacity_kwh: 2000 }, 'PCS1'),
          d('WM1', 'water_meter', '冷却补水表', 'Cooling make-up water meter', { rated_flow: 15 }),
        ],
      },
    ],
  },
];

/** Demo accounts (README): all with password demo1234; people's English names are their pinyin. */
export const DEMO_PASSWORD = 'demo1234';
const ALL = ['view', 'configure', 'control', 'manageUsers'];
export const demoUsers = [
  { username: 'centre', name: '张伟', name_en: 'Zhang Wei', user_type: 0, org: 'regional', projects: [] as string[], can_control: true, permissions: ALL },
  { username: 'site', name: '李娜', name_en: 'Li Na', user_type: 1, org: 'A', projects: ['SZIP'], can_control: true, permissions: ALL },
  { username: 'worker', name: '王强', name_en: 'Wang Qiang', user_type: 2, org: 'A', projects: ['SHZJ', 'SZIP', 'NJJN'], can_control: false, permissions: ['view'] },
  // A site user of the other group: shows (and tests) that one organisation never sees another's events.
  { username: 'xihu', name: '陈静', name_en: 'Chen Jing', user_type: 1, org: 'B', projects: ['HZBJ'], can_control: true, permissions: ALL },
] as const;
