import type { RobotRoundPayload, SimulatorRobot } from '@gridops/contract';
import { wallClock } from '@gridops/format';
import { initialRobotState, queueRound, robotValues, scheduleReached, stepRobot, takeReadings, type RobotState } from './models/robot.js';

interface Unit {
  def: SimulatorRobot;
  state: RobotState;
  /** Infrared readings staged as hot spots for the next telemetry (robot_hot_spot). */
  hotSpots: Set<string>;
  /** The round under way: when and why it started, and every reading taken so far. */
  round: { startedAt: number; trigger: 'schedule' | 'manual'; readings: RobotRoundPayload['readings'] } | null;
  /** Why the next round was queued. */
  nextTrigger: 'schedule' | 'manual';
}

/** The site's minute of the day of an instant, in its zone. */
function minuteOfDayIn(zone: string): (ms: number) => number {
  return (ms) => {
    const c = wallClock(ms, zone);
    return c.hour * 60 + c.minute;
  };
}

/**
 * A gateway's inspection robots (docs/robot.md "The simulator"): each waits at its dock until its schedule (site
 * clock) or an operator's `robot_start_round` asks for a round, drives it, and when back at the dock reports the
 * round (`…/robot_round`) with every reading it took.
 */
export class RobotFleet {
  private readonly units: Unit[];
  private readonly minuteOfDay: (ms: number) => number;
  private rounds: RobotRoundPayload[] = [];

  constructor(robots: readonly SimulatorRobot[], zone: string, batteryOf: (sn: string) => number) {
    this.minuteOfDay = minuteOfDayIn(zone);
    this.units = robots.map((def) => ({ def, state: initialRobotState(def, batteryOf(def.sn)), hotSpots: new Set<string>(), round: null, nextTrigger: 'schedule' }));
  }

  has(sn: string | undefined): boolean {
    return this.units.some((u) => u.def.sn === sn);
  }

  /** Starts a round now (once charged and rested); an error text when there is no such robot. */
  startRound(sn: string | undefined): string | null {
    const u = this.units.find((x) => x.def.sn === sn);
    if (!u) return `no robot ${String(sn)}`;
    if (u.def.stops.length === 0) return `robot ${u.def.sn} has no stops`;
    u.state = queueRound(u.state);
    u.nextTrigger = 'manual';
    return null;
  }

  /** Test hook: the robot's next telemetry carries this infrared reading as a hot spot. */
  stageHotSpot(sn: string | undefined, key: unknown): string | null {
    const u = this.units.find((x) => x.def.sn === sn);
    if (!u) return `no robot ${String(sn)}`;
    const reading = u.def.stops.flatMap((st) => st.readings).find((x) => x.key === key);
    if (!reading || reading.kind !== 'ir_temp') return `no infrared reading ${String(key)} on ${u.def.sn}`;
    u.hotSpots.add(reading.key);
    return null;
  }

  /** Rounds finished since the last call. */
  takeRounds(): RobotRoundPayload[] {
    const out = this.rounds;
    this.rounds = [];
    return out;
  }

  /** Each robot's position and state at t, plus the readings of the stops it finished reading since the last tick. */
  tick(t: number, dtMs: number, sampleOf: (sn: string) => Readonly<Record<string, number>> | undefined, rng: () => number) {
    return this.units.map((u) => {
      if (scheduleReached(u.def.schedule ?? [], t - dtMs, t, this.minuteOfDay) && u.state.phase === 'docked' && !u.state.queued) {
        u.state = queueRound(u.state);
        u.nextTrigger = 'schedule';
      }
      const before = u.state;
      const { state, readStops } = stepRobot(u.def, u.state, dtMs / 1000);
      u.state = state;
      if (before.phase === 'docked' && state.phase !== 'docked') u.round = { startedAt: t - dtMs, trigger: u.nextTrigger, readings: [] };
      const readings: Record<string, number> = {};
      for (const i of readStops) {
        const taken = takeReadings(u.def, i, sampleOf, rng);
        Object.assign(readings, taken);
        for (const [key, value] of Object.entries(taken)) u.round?.readings.push({ stop: i + 1, key, value });
      }
      // A staged hot spot: that infrared reading now, out of any sensible limit.
      for (const key of u.hotSpots) {
        const stop = u.def.stops.findIndex((st) => st.readings.some((x) => x.key === key));
        const hot = takeReadings(u.def, stop, sampleOf, () => 0)[key];
        if (hot !== undefined) {
          readings[key] = hot;
          u.round?.readings.push({ stop: stop + 1, key, value: hot });
        }
      }
      u.hotSpots.clear();
      if (before.phase !== 'docked' && state.phase === 'docked' && u.round) {
        this.rounds.push({
          device_sn: u.def.sn,
          started_at: u.round.startedAt,
          finished_at: t,
          status: state.done >= u.def.stops.length ? 'completed' : 'aborted',
          trigger: u.round.trigger,
          readings: u.round.readings,
        });
        u.round = null;
      }
      return { sn: u.def.sn, values: { ...robotValues(u.def, state), ...readings } };
    });
  }
}
