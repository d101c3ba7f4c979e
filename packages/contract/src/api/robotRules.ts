import { ROBOT_POINT_KEYS, type RobotFields, type RobotReadingDef } from './robots.js';

export interface RobotProblem {
  field: string;
  zh: string;
  en: string;
}

/** Whether a reading's value is within its limits (a switch: in its expected position). */
export function readingOk(r: Pick<RobotReadingDef, 'kind' | 'low' | 'high' | 'expected'>, value: number): boolean {
  if (r.kind === 'switch') return r.expected === null || Math.round(value) === r.expected;
  return (r.low === null || value >= r.low) && (r.high === null || value <= r.high);
}

/**
 * The rules of a robot configuration the schema cannot state (docs/robot.md): everything inside the room's
 * plan, reading keys unique and not one of the robot's own points, the limits each kind of reading needs
 * (infrared: an upper limit; meter: the target's point and a limit; switch: the expected position), low below
 * high. Returns the first problem naming its field, or null. The server also checks the ids against the site.
 */
export function robotProblem(v: RobotFields): RobotProblem | null {
  const { plan } = v;
  const inside = (x: number, y: number) => x <= plan.width_m && y <= plan.depth_m;
  if (!inside(plan.dock.x, plan.dock.y)) return { field: 'plan.dock.x', zh: '充电桩位置须在房间平面内', en: 'The dock must lie inside the room plan' };
  for (const [i, c] of plan.cabinets.entries()) {
    if (!inside(c.x + c.w, c.y + c.d)) return { field: `plan.cabinets.${i}.x`, zh: '柜体须在房间平面内', en: 'A cabinet must lie inside the room plan' };
  }
  const keys = new Set<string>();
  for (const [i, s] of v.stops.entries()) {
    if (!inside(s.x, s.y)) return { field: `stops.${i}.x`, zh: '巡检点须在房间平面内', en: 'A stop must lie inside the room plan' };
    for (const [j, r] of s.readings.entries()) {
      const at = `stops.${i}.readings.${j}`;
      if (ROBOT_POINT_KEYS.includes(r.key)) return { field: `${at}.key`, zh: '测点标识与机器人自身测点重名', en: "The key is one of the robot's own points" };
      if (keys.has(r.key)) return { field: `${at}.key`, zh: '测点标识重复', en: 'The key is used twice' };
      keys.add(r.key);
      if (r.kind === 'ir_temp' && r.high === null) return { field: `${at}.high`, zh: '红外测温须设置上限', en: 'An infrared reading needs an upper limit' };
      if (r.kind === 'meter' && !r.target_key) return { field: `${at}.target_key`, zh: '表计读数须选择表计测点', en: "A meter reading needs the meter's point" };
      if (r.kind === 'meter' && r.low === null && r.high === null) return { field: `${at}.high`, zh: '表计读数须设置上限或下限', en: 'A meter reading needs a lower or upper limit' };
      if (r.kind === 'switch' && r.expected === null) return { field: `${at}.expected`, zh: '开关位置须设置正常位置', en: 'A switch reading needs its expected position' };
      if (r.low !== null && r.high !== null && r.low >= r.high) return { field: `${at}.low`, zh: '下限须小于上限', en: 'The lower limit must be below the upper limit' };
    }
  }
  return null;
}
