import { describe, expect, it } from 'vitest';
import type { SimulatorRobot } from '@gridops/contract';
import { CHARGE_RATE, DRAIN_MOVING, HOT_SPOT_RISE, initialRobotState, queueRound, robotValues, scheduleReached, stepRobot, takeReadings, type RobotState } from './robot.js';

const robot: SimulatorRobot = {
  sn: 'R1',
  speed_mps: 0.4,
  dock: { x: 1, y: 1 },
  stops: [
    { x: 5, y: 1, dwell_s: 20, readings: [{ key: 'ir_t1', kind: 'ir_temp', target_sn: 'T1', target_key: '' }] },
    { x: 5, y: 4, dwell_s: 10, readings: [{ key: 'sw_q1', kind: 'switch', target_sn: 'Q1', target_key: '' }, { key: 'ua', kind: 'meter', target_sn: 'M1', target_key: 'Ua' }] },
  ],
};

/** Steps the robot a second at a time until `until` holds (or a day passes), collecting the stops read. */
function runUntil(s0: RobotState, until: (s: RobotState) => boolean) {
  let s = s0;
  const read: number[] = [];
  const track: RobotState[] = [];
  for (let i = 0; i < 86_400 && !until(s); i++) {
    const r = stepRobot(robot, s, 1);
    s = r.state;
    read.push(...r.readStops);
    track.push(s);
  }
  return { s, read, track };
}

describe('the robot schedule (site clock)', () => {
  // Minutes of the day as the clock: 1 ms = 1 minute, so a day is 1 440 ms.
  const clock = (ms: number) => ms % 1440;
  it('is reached when a tick passes one of its times, across midnight too, and never without times', () => {
    expect(scheduleReached(['08:00'], 479, 480, clock)).toBe(true);
    expect(scheduleReached(['08:00'], 480, 481, clock)).toBe(false);
    expect(scheduleReached(['08:00', '14:00'], 500, 839, clock)).toBe(false);
    expect(scheduleReached(['00:00'], 1439, 1440, clock)).toBe(true);
    expect(scheduleReached(['23:59'], 1430, 1445, clock)).toBe(true);
    expect(scheduleReached([], 0, 100_000_000, clock)).toBe(false);
    expect(scheduleReached(['12:00'], 0, 86_400_000, clock)).toBe(true);
  });
});

describe('inspection robot kinematics', () => {
  it('stays at the dock, charging, until a round is asked for', () => {
    let s = initialRobotState(robot, 50);
    for (let i = 0; i < 3600; i++) s = stepRobot(robot, s, 1).state;
    expect(s).toMatchObject({ phase: 'docked', battery: 100, x: 1, y: 1 });
  });

  it('asked for a round, waits at the dock until charged, then drives at its speed to the first stop', () => {
    const low = queueRound(initialRobotState(robot, 50));
    const { s, track } = runUntil(low, (x) => x.phase !== 'docked');
    expect(s.phase).toBe('moving');
    // 50 % → 90 % at CHARGE_RATE per second.
    expect(track.length).toBeCloseTo(40 / CHARGE_RATE, -1);
    const before = s;
    const after = stepRobot(robot, before, 5).state;
    expect(Math.hypot(after.x - before.x, after.y - before.y)).toBeCloseTo(0.4 * 5, 5);
    expect(after.heading).toBe(0);
    expect(after.battery).toBeCloseTo(before.battery - DRAIN_MOVING * 5, 5);
  });

  it('pauses at each stop for its dwell, reads every stop once in order, and returns to the dock', () => {
    const { s, read, track } = runUntil({ ...queueRound(initialRobotState(robot)), waitS: 0 }, (x) => x.phase === 'docked' && x.done === 2);
    expect(read).toEqual([0, 1]);
    expect(s).toMatchObject({ x: 1, y: 1, phase: 'docked' });
    // Never faster than the robot's speed, and at the first stop for its whole dwell.
    for (let i = 1; i < track.length; i++) expect(Math.hypot(track[i]!.x - track[i - 1]!.x, track[i]!.y - track[i - 1]!.y)).toBeLessThanOrEqual(0.4 + 1e-9);
    expect(track.filter((x) => x.phase === 'reading' && x.target === 0).length).toBe(20);
    expect(track.filter((x) => x.target === 1 && x.phase === 'moving')[1]?.heading).toBe(90);
  });

  it('publishes its points: position, battery, charging at the dock, task state, stop number and progress', () => {
    expect(robotValues(robot, { ...initialRobotState(robot, 80) })).toEqual({ x: 1, y: 1, heading: 0, battery: 80, charging: 1, task_state: 0, stop: 0, progress: 0 });
    expect(robotValues(robot, { x: 5, y: 2.5, heading: 90, battery: 70, phase: 'moving', target: 1, waitS: 0, done: 1, queued: false })).toMatchObject({ task_state: 1, stop: 2, progress: 50, charging: 0 });
  });

  it('reads values consistent with the devices: IR under the winding temperature, the breaker state, the meter', () => {
    const samples: Record<string, Record<string, number>> = { T1: { temp_winding: 70 }, Q1: { breaker: 0 }, M1: { Ua: 231.456 } };
    const calm = () => 0.5;
    expect(takeReadings(robot, 0, (sn) => samples[sn], calm)).toEqual({ ir_t1: 62 });
    expect(takeReadings(robot, 1, (sn) => samples[sn], calm)).toEqual({ sw_q1: 0, ua: 231.46 });
    // A staged hot spot (rng below the chance) lands far above the body temperature.
    expect(takeReadings(robot, 0, (sn) => samples[sn], () => 0.01).ir_t1).toBeGreaterThan(62 + HOT_SPOT_RISE - 2);
  });
});
