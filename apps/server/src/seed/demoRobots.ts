import { addDays, siteDate, zonedInstant } from '@gridops/format';
import { readingOk, type RobotCabinet, type RobotFields, type RobotReadingDef, type RobotStop } from '@gridops/contract';
import type { Db } from '../db/database.js';
import { AlarmEngine } from '../modules/alarm/engine.js';
import { insertRobot } from '../modules/robots/service.js';
import { evaluateRobotRound, type RobotRoundReading } from '../modules/security/robotAlarms.js';
import { PointRegistry } from '../modules/telemetry/registry.js';

/** Deterministic pseudo-random numbers, so every fresh demo database has the same robot history. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface RoomDevice {
  id: number;
  sn: string;
  kind: string;
  name: string;
  name_en: string;
  gateway_id: number | null;
}

export const ROBOT_SCHEDULE = ['08:00', '14:00', '20:00'];
/** Upper limits of the infrared readings: a dry-type transformer's body, a cabinet's contacts. */
export const IR_LIMIT_TRANSFORMER = 75;
export const IR_LIMIT_CABINET = 60;

const ir = (key: string, d: RoomDevice, high: number): RobotReadingDef => ({
  key,
  kind: 'ir_temp',
  name: `${d.name}红外测温`,
  name_en: `${d.name_en} IR temperature`,
  target_device_id: d.id,
  target_key: '',
  unit: '°C',
  low: null,
  high,
  expected: null,
});
const sw = (key: string, d: RoomDevice): RobotReadingDef => ({ key, kind: 'switch', name: `${d.name}分合位`, name_en: `${d.name_en} switch position`, target_device_id: d.id, target_key: '', unit: '', low: null, high: null, expected: 1 });

/**
 * The room's plan and route from its devices (docs/robot.md): the 10 kV incomer and the LV feeders as a row of
 * cabinets along the back wall, the two transformers in front, the dock by the door. The robot reads the
 * incomer (IR, phase voltage, switch), each group of three feeders (IR of the first, the switches), then the
 * transformers (IR of the body).
 */
export function demoRobotLayout(devices: RoomDevice[]): Pick<RobotFields, 'plan' | 'stops'> {
  const incomer = devices.find((d) => d.kind === 'incomer')!;
  const feeders = devices.filter((d) => d.kind === 'feeder');
  const transformers = devices.filter((d) => d.kind === 'transformer');
  const width = Math.max(12, 3 + (feeders.length + 1) * 1.2);
  const cab = (d: RoomDevice, x: number, y: number, w: number, depth: number): RobotCabinet => ({ name: d.name, name_en: d.name_en, x, y, w, d: depth });
  const cabinets: RobotCabinet[] = [cab(incomer, 1.5, 0.6, 1, 0.8), ...feeders.map((f, i) => cab(f, 3 + i * 1.2, 0.6, 1, 0.8)), ...transformers.map((t, i) => cab(t, 3 + i * 4, 5, 2.2, 1.6))];
  const stops: RobotStop[] = [
    { name: '进线柜 AH1 前', name_en: 'At incomer AH1', x: 2, y: 2.4, dwell_s: 20, readings: [ir('ir_ah1', incomer, IR_LIMIT_CABINET), { key: 'ua_ah1', kind: 'meter', name: 'A相电压表', name_en: 'Phase A voltmeter', target_device_id: incomer.id, target_key: 'Ua', unit: 'V', low: 5400, high: 6100, expected: null }, sw('sw_ah1', incomer)] },
  ];
  for (let g = 0; g * 3 < feeders.length; g++) {
    const group = feeders.slice(g * 3, g * 3 + 3);
    const first = group[0]!;
    const n = (i: number) => String(g * 3 + i + 1).padStart(2, '0');
    stops.push({
      name: `低压柜列 ${n(0)}–${n(group.length - 1)}`,
      name_en: `LV row ${n(0)}–${n(group.length - 1)}`,
      x: 3 + g * 3.6 + 1.7,
      y: 2.4,
      dwell_s: 20,
      readings: [ir(`ir_f${n(0)}`, first, IR_LIMIT_CABINET), ...group.map((f, i) => sw(`sw_f${n(i)}`, f))],
    });
  }
  [...transformers].reverse().forEach((t) => {
    const i = transformers.indexOf(t);
    stops.push({ name: `${t.name}巡视位`, name_en: `${t.name_en} post`, x: 4.1 + i * 4, y: 4.2, dwell_s: 25, readings: [ir(`ir_t${i + 1}`, t, IR_LIMIT_TRANSFORMER)] });
  });
  return { plan: { width_m: Math.round(width * 10) / 10, depth_m: 8, dock: { x: 0.8, y: 6.5 }, cabinets }, stops };
}

/** A plausible past reading: IR from the load the device carries, the voltmeter near nominal, switches closed. */
function pastValue(r: RobotReadingDef, random: () => number): number {
  if (r.kind === 'switch') return 1;
  if (r.kind === 'meter') return Math.round((5774 + (random() - 0.5) * 120) * 10) / 10;
  const base = r.high === IR_LIMIT_TRANSFORMER ? 48 : 33;
  const hot = random() < 0.03 ? 40 : 0;
  return Math.round((base + (random() - 0.5) * 10 + hot) * 10) / 10;
}

/**
 * A wheeled inspection robot in the first distribution room of two demo sites: its device behind the room's
 * gateway (the simulator drives it live), its onboard camera, plan, route and limits (as the device's alarm
 * rules), and two weeks of rounds at the schedule's times whose out-of-limit readings raised events through
 * those rules.
 */
export async function seedDemoRobots(trx: Db, now = new Date()): Promise<void> {
  const rooms = await trx
    .selectFrom('rooms as r')
    .innerJoin('projects as p', 'p.id', 'r.project_id')
    .select(['r.id', 'r.project_id', 'r.name', 'r.name_en', 'p.timezone'])
    .where('r.kind', '=', 'distribution')
    .where('p.name_en', 'in', ['Shanghai Zhangjiang Park Substation', 'Suzhou SIP PV-Storage-Charging Station'])
    .orderBy('r.id')
    .execute();
  const seen = new Set<number>();
  const rounds: { pointIds: Map<string, number>; startedAt: Date; readings: RobotRoundReading[] }[] = [];
  for (const room of rooms) {
    if (seen.has(room.project_id)) continue;
    seen.add(room.project_id);
    const devices = await trx.selectFrom('devices').select(['id', 'sn', 'kind', 'name', 'name_en', 'gateway_id']).where('room_id', '=', room.id).orderBy('sort').orderBy('id').execute();
    const gatewayId = devices.find((d) => d.kind === 'incomer')?.gateway_id;
    if (!gatewayId) continue;
    const camera = await trx
      .insertInto('video_cameras')
      .values({ project_id: room.project_id, room_id: room.id, name: `${room.name}·巡检机器人R1机载相机`, name_en: `${room.name_en} · robot R1 camera`, stream_url: 'sim://testsrc2', snapshot_url: '', code: null, ptz: false, sort: 900 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const v: RobotFields = { name: '轮式巡检机器人 R1', name_en: 'Wheeled inspection robot R1', room_id: room.id, serial: 'ROBOT-R1', gateway_id: gatewayId, camera_id: camera.id, speed_mps: 0.4, schedule: ROBOT_SCHEDULE, ...demoRobotLayout(devices) };
    const { id, deviceId } = await insertRobot(trx, room.project_id, v);
    const points = await trx.selectFrom('device_points').select(['id', 'key']).where('device_id', '=', deviceId).execute();
    const pointIds = new Map(points.map((p) => [p.key, p.id]));
    const defs = v.stops.flatMap((s) => s.readings);
    const random = rng(room.id * 7919);
    const rows = [];
    const today = siteDate(room.timezone, now);
    for (let day = 13; day >= 0; day--) {
      const [y, m, d] = addDays(today, -day).split('-').map(Number) as [number, number, number];
      for (const hm of ROBOT_SCHEDULE) {
        const started = new Date(zonedInstant(room.timezone, y, m, d, Number(hm.slice(0, 2))));
        if (started > now) continue;
        const readings = defs.map((r) => {
          const value = pastValue(r, random);
          return { key: r.key, item: r.name, item_en: r.name_en, value, unit: r.unit, limit: r.kind === 'switch' ? null : (r.high ?? r.low), ok: readingOk(r, value) };
        });
        rows.push({
          robot_id: id,
          project_id: room.project_id,
          started_at: started,
          finished_at: new Date(started.getTime() + (9 + Math.round(random() * 4)) * 60_000),
          status: 'completed',
          readings: JSON.stringify(readings.map(({ key: _key, ...r }) => r)),
          anomalies: readings.filter((r) => !r.ok).length,
          photo: null,
        });
        rounds.push({ pointIds, startedAt: started, readings: readings.map((r) => ({ key: r.key, value: r.value })) });
      }
    }
    if (rows.length) await trx.insertInto('robot_inspections').values(rows).execute();
  }
  if (rounds.length === 0) return;
  // The rounds' readings go through the alarm engine, oldest first, as the robot reported them.
  const registry = new PointRegistry(trx);
  await registry.load();
  const engine = new AlarmEngine(trx, registry);
  await engine.loadRules();
  rounds.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
  for (const round of rounds) await evaluateRobotRound(trx, engine, round, now.getTime());
}
