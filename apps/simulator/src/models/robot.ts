import { minutesOf, type SimulatorRobot } from '@gridops/contract';

/**
 * An inspection robot driving its route (docs/robot.md): from the dock to each stop in order at its speed
 * (straight legs on the room's plan), a pause at each stop to read, then back to the dock to charge. Pure: the
 * state and elapsed time in, the next state and the stops whose readings were taken out.
 */
export type RobotPhase = 'docked' | 'moving' | 'reading' | 'returning';

export interface RobotState {
  x: number;
  y: number;
  /** Degrees, 0 = towards +x (the plan's width), 90 = towards +y (its depth). */
  heading: number;
  battery: number;
  phase: RobotPhase;
  /** The stop being driven to or read at (0-based); -1 while docked or returning. */
  target: number;
  /** Seconds left at the current stop (reading) or of rest at the dock (docked). */
  waitS: number;
  /** Stops read in this round. */
  done: number;
  /** A round was asked for (its schedule or an operator): it starts once charged and rested. */
  queued: boolean;
}

/** Battery: % per second while driving, while reading, and charging at the dock. */
export const DRAIN_MOVING = 0.05;
export const DRAIN_READING = 0.01;
export const CHARGE_RATE = 0.5;
/** A round starts once charged to this and rested; below LOW_BATTERY the robot abandons the round. */
export const START_BATTERY = 90;
export const LOW_BATTERY = 15;
export const REST_S = 30;

export const TASK_STATE_CODE: Record<RobotPhase, number> = { docked: 0, moving: 1, reading: 2, returning: 3 };

/** At the dock, resting before its next round (charging while below START_BATTERY). */
export function initialRobotState(robot: SimulatorRobot, battery = 100): RobotState {
  return { x: robot.dock.x, y: robot.dock.y, heading: 0, battery, phase: 'docked', target: -1, waitS: REST_S, done: 0, queued: false };
}

/** Asks for a round: a docked robot leaves once charged to START_BATTERY and rested; one under way goes on. */
export function queueRound(s: RobotState): RobotState {
  return s.phase === 'docked' ? { ...s, queued: true } : s;
}

/**
 * The schedule entries (HH:MM, site clock) reached in (from, to]: the simulator queues a round when its tick
 * passes one. `localMinute` gives the site's minute of the day of an instant. A tick longer than a day sees each
 * entry once.
 */
export function scheduleReached(schedule: readonly string[], fromMs: number, toMs: number, localMinute: (ms: number) => number): boolean {
  if (schedule.length === 0 || toMs <= fromMs) return false;
  if (toMs - fromMs >= 86_400_000) return true;
  const a = localMinute(fromMs);
  const b = localMinute(toMs);
  return schedule.some((hm) => {
    const m = minutesOf(hm);
    // Within the same day a < m <= b; across midnight (b < a) m > a or m <= b.
    return a <= b ? m > a && m <= b : m > a || m <= b;
  });
}

const clampBattery = (b: number) => Math.max(0, Math.min(100, b));

/** Moves (x, y) towards (tx, ty) by at most `dist`; the distance left over when it arrived (else 0). */
function drive(s: RobotState, tx: number, ty: number, dist: number): { s: RobotState; arrived: boolean; left: number } {
  const dx = tx - s.x;
  const dy = ty - s.y;
  const len = Math.hypot(dx, dy);
  const heading = len > 1e-6 ? (Math.atan2(dy, dx) * 180) / Math.PI : s.heading;
  if (len <= dist) return { s: { ...s, x: tx, y: ty, heading }, arrived: true, left: dist - len };
  return { s: { ...s, x: s.x + (dx / len) * dist, y: s.y + (dy / len) * dist, heading }, arrived: false, left: 0 };
}

/**
 * Advances the robot by dtS seconds. `readStops` lists the stops whose reading finished in that time (the
 * caller samples their targets then). Long steps are taken in one-second slices so nothing is skipped.
 */
export function stepRobot(robot: SimulatorRobot, state: RobotState, dtS: number): { state: RobotState; readStops: number[] } {
  let s = state;
  const readStops: number[] = [];
  let remaining = Math.max(0, dtS);
  while (remaining > 1e-9) {
    const dt = Math.min(1, remaining);
    remaining -= dt;
    s = slice(robot, s, dt, readStops);
  }
  return { state: { ...s, heading: ((Math.round(s.heading) % 360) + 360) % 360 }, readStops };
}

function slice(robot: SimulatorRobot, s: RobotState, dt: number, readStops: number[]): RobotState {
  const stops = robot.stops;
  switch (s.phase) {
    case 'docked': {
      const battery = clampBattery(s.battery + CHARGE_RATE * dt);
      const waitS = Math.max(0, s.waitS - dt);
      if (s.queued && battery >= START_BATTERY && waitS === 0 && stops.length > 0) return { ...s, battery, waitS, phase: 'moving', target: 0, done: 0, queued: false };
      return { ...s, battery, waitS };
    }
    case 'reading': {
      const battery = clampBattery(s.battery - DRAIN_READING * dt);
      const waitS = Math.max(0, s.waitS - dt);
      if (waitS > 0) return { ...s, battery, waitS };
      readStops.push(s.target);
      const next = s.target + 1;
      const done = s.done + 1;
      if (next >= stops.length || battery < LOW_BATTERY) return { ...s, battery, waitS: 0, done, phase: 'returning', target: -1 };
      return { ...s, battery, waitS: 0, done, phase: 'moving', target: next };
    }
    case 'moving':
    case 'returning': {
      const battery = clampBattery(s.battery - DRAIN_MOVING * dt);
      if (s.phase === 'moving' && battery < LOW_BATTERY) return { ...s, battery, phase: 'returning', target: -1 };
      const stop = s.phase === 'moving' ? stops[s.target] : undefined;
      if (s.phase === 'moving' && !stop) return { ...s, battery, phase: 'returning', target: -1 };
      const goal = stop ?? robot.dock;
      const d = drive({ ...s, battery }, goal.x, goal.y, robot.speed_mps * dt);
      if (!d.arrived) return d.s;
      if (!stop) return { ...d.s, phase: 'docked', waitS: REST_S };
      return { ...d.s, phase: 'reading', waitS: Math.max(1, stop.dwell_s) };
    }
  }
}

/** The robot's own points as its gateway publishes them (contract ROBOT_POINTS). */
export function robotValues(robot: SimulatorRobot, s: RobotState): Record<string, number> {
  const round2 = (v: number) => Math.round(v * 100) / 100;
  return {
    x: round2(s.x),
    y: round2(s.y),
    heading: s.heading,
    battery: Math.round(s.battery * 10) / 10,
    charging: s.phase === 'docked' && s.battery < 100 ? 1 : 0,
    task_state: TASK_STATE_CODE[s.phase],
    // 1-based stop number while driving to or reading at one; 0 at or towards the dock.
    stop: s.target >= 0 ? s.target + 1 : 0,
    progress: robot.stops.length ? Math.round((s.done / robot.stops.length) * 100) : 0,
  };
}

/** Chance per infrared reading of a staged hot spot (a loose joint): out of any sensible limit. */
export const HOT_SPOT_CHANCE = 0.03;
export const HOT_SPOT_RISE = 40;

/**
 * What the robot reads at a stop, consistent with the room's devices: an infrared temperature of a
 * transformer's body a few degrees under its winding temperature, of a cabinet from its current; a meter
 * shows its target's point; a switch's position is the breaker's state. `sampleOf` gives a device's values
 * of this tick; `rng` decides the occasional hot spot.
 */
export function takeReadings(robot: SimulatorRobot, stopIndex: number, sampleOf: (sn: string) => Readonly<Record<string, number>> | undefined, rng: () => number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of robot.stops[stopIndex]?.readings ?? []) {
    const v = sampleOf(r.target_sn) ?? {};
    const noise = (rng() - 0.5) * 1.2;
    switch (r.kind) {
      case 'ir_temp': {
        const current = Math.max(v.Ia ?? 0, v.Ib ?? 0, v.Ic ?? 0);
        const body = v.temp_winding !== undefined ? v.temp_winding - 8 : 27 + Math.min(35, current * 0.03);
        const hot = rng() < HOT_SPOT_CHANCE ? HOT_SPOT_RISE : 0;
        out[r.key] = Math.round((body + noise + hot) * 10) / 10;
        break;
      }
      case 'meter': {
        const shown = v[r.target_key];
        if (shown !== undefined) out[r.key] = Math.round(shown * 100) / 100;
        break;
      }
      case 'switch':
        out[r.key] = Math.round(v.breaker ?? 1) === 1 ? 1 : 0;
        break;
    }
  }
  return out;
}
