import { addDays, siteDate, zonedInstant } from '@gridops/format';
import type { Db } from '../db/database.js';
import { AlarmEngine } from '../modules/alarm/engine.js';
import { generateDiagram } from '../modules/distribution/diagram.js';
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

const ROUTE = [
  { name: '10kV进线柜', name_en: '10 kV incoming cabinet', x: 60, y: 40 },
  { name: '1#变压器', name_en: 'Transformer T1', x: 160, y: 40 },
  { name: '2#变压器', name_en: 'Transformer T2', x: 260, y: 40 },
  { name: '低压柜列', name_en: 'LV switchboard row', x: 260, y: 140 },
  { name: '电缆夹层入口', name_en: 'Cable vault entrance', x: 60, y: 140 },
  { name: '充电桩', name_en: 'Charging dock', x: 20, y: 90 },
];

/** What the robot reads at each stop: infrared temperatures, a meter reading, noise and the room climate. */
const ITEMS: { key: string; item: string; item_en: string; unit: string; base: number; spread: number; limit: number | null }[] = [
  { key: 'ir_incomer', item: '进线柜触头红外温度', item_en: 'Incomer contact IR temperature', unit: '°C', base: 38, spread: 10, limit: 70 },
  { key: 'ir_t1', item: '1#变压器本体红外温度', item_en: 'T1 body IR temperature', unit: '°C', base: 55, spread: 14, limit: 85 },
  { key: 'ir_t2', item: '2#变压器本体红外温度', item_en: 'T2 body IR temperature', unit: '°C', base: 53, spread: 14, limit: 85 },
  { key: 'ir_busbar', item: '低压母排接头红外温度', item_en: 'LV busbar joint IR temperature', unit: '°C', base: 42, spread: 12, limit: 70 },
  { key: 'noise', item: '变压器运行噪声', item_en: 'Transformer noise', unit: 'dB', base: 58, spread: 8, limit: 65 },
  { key: 'temp', item: '室内温度', item_en: 'Room temperature', unit: '°C', base: 26, spread: 6, limit: 35 },
  { key: 'humidity', item: '室内湿度', item_en: 'Room humidity', unit: '%RH', base: 55, spread: 20, limit: 80 },
];

/** The robot's items as alarm rules (template rules of device kind "robot"): a reading above its limit alarms. */
export const robotRules = ITEMS.filter((it) => it.limit !== null).map((it) => ({
  project_id: null,
  device_kind: 'robot',
  device_id: null,
  point_key: it.key,
  kind: 'high' as const,
  threshold: it.limit!,
  deadband: 0,
  on_delay_s: 0,
  off_delay_s: 0,
  level: 2,
  event_type: 2,
  name: `巡检${it.item}越限`,
  name_en: `Inspection: ${it.item_en} above limit`,
}));

/**
 * Distribution additions to the demo: a single-line diagram for every distribution room (generated from its
 * devices), and an inspection robot with two weeks of rounds in the first distribution room of two sites. No
 * gateway or simulator reports a robot: these records are demo data (docs/pages/distribution.md).
 */
export async function seedDemoDistribution(trx: Db, now = new Date()): Promise<void> {
  const rooms = await trx.selectFrom('rooms').select(['id', 'project_id']).where('kind', '=', 'distribution').orderBy('id').execute();
  for (const room of rooms) {
    const devices = await trx.selectFrom('devices').select(['id', 'parent_id', 'kind', 'name', 'name_en']).where('room_id', '=', room.id).orderBy('sort').execute();
    await trx.insertInto('sld_diagrams').values({ room_id: room.id, project_id: room.project_id, doc: JSON.stringify(generateDiagram(devices)), updated_by: null }).execute();
  }

  const robotRooms = await trx
    .selectFrom('rooms as r')
    .innerJoin('projects as p', 'p.id', 'r.project_id')
    .select(['r.id', 'r.project_id', 'p.timezone'])
    .where('r.kind', '=', 'distribution')
    .where('p.name_en', 'in', ['Shanghai Zhangjiang Park Substation', 'Suzhou SIP PV-Storage-Charging Station'])
    .orderBy('r.id')
    .execute();
  if (robotRooms.length) await trx.insertInto('alarm_rules').values(robotRules).execute();
  const rounds: { pointIds: Map<string, number>; startedAt: Date; readings: RobotRoundReading[] }[] = [];
  for (const room of robotRooms) {
    const random = rng(room.id * 7919);
    const robot = await trx
      .insertInto('robots')
      .values({ project_id: room.project_id, room_id: room.id, name: '轮式巡检机器人 R1', name_en: 'Wheeled inspection robot R1', status: 'charging', battery: 86, route: JSON.stringify(ROUTE), position: 5, task_progress: 100 })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The robot is also a device (no gateway) with a point per item, so its readings meet the alarm rules.
    const device = await trx
      .insertInto('devices')
      .values({ project_id: room.project_id, room_id: room.id, gateway_id: null, parent_id: null, sn: `ROBOT-${robot.id}`, kind: 'robot', name: '轮式巡检机器人 R1', name_en: 'Wheeled inspection robot R1', props: JSON.stringify({}) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const points = await trx
      .insertInto('device_points')
      .values(ITEMS.map((it, i) => ({ device_id: device.id, key: it.key, name: it.item, name_en: it.item_en, unit: it.unit, kind: 'analog', precision: 1, sort: i })))
      .returning(['id', 'key'])
      .execute();
    const pointIds = new Map(points.map((p) => [p.key, p.id]));
    const rows = [];
    // Three rounds a day (08:00, 14:00, 20:00 on the site's clock) for 14 days.
    const today = siteDate(room.timezone, now);
    for (let day = 13; day >= 0; day--) {
      const [y, m, d] = addDays(today, -day).split('-').map(Number) as [number, number, number];
      for (const hour of [8, 14, 20]) {
        const started = new Date(zonedInstant(room.timezone, y, m, d, hour));
        if (started > now) continue;
        const readings = ITEMS.map((it) => {
          // Now and then a reading lands above its limit: the anomalies the page lists.
          const hot = random() < 0.03;
          const value = Math.round((it.base + (random() - 0.5) * it.spread + (hot && it.limit !== null ? it.limit - it.base + 3 : 0)) * 10) / 10;
          return { item: it.item, item_en: it.item_en, value, unit: it.unit, limit: it.limit, ok: it.limit === null || value <= it.limit };
        });
        rows.push({
          robot_id: robot.id,
          project_id: room.project_id,
          started_at: started,
          finished_at: new Date(started.getTime() + (22 + Math.round(random() * 8)) * 60_000),
          status: 'completed',
          readings: JSON.stringify(readings),
          anomalies: readings.filter((r) => !r.ok).length,
          photo: null,
        });
        rounds.push({ pointIds, startedAt: started, readings: readings.map((r, i) => ({ key: ITEMS[i]!.key, value: r.value })) });
      }
    }
    if (rows.length) await trx.insertInto('robot_inspections').values(rows).execute();
  }
  if (rounds.length === 0) return;
  // The rounds' readings go through the alarm engine, oldest first, as the robot would have reported them.
  const registry = new PointRegistry(trx);
  await registry.load();
  const engine = new AlarmEngine(trx, registry);
  await engine.loadRules();
  rounds.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
  for (const round of rounds) await evaluateRobotRound(trx, engine, round, now.getTime());
}
