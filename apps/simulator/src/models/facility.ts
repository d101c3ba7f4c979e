import { commercialLoad, dailyWarmth, heatingSeason, mealLoad, localClock } from '../curves.js';
import { clamp, drift, hash01 } from '../noise.js';
import { conditionRoom } from './aux.js';
import { integrate, prop, type DeviceState, type ModelInput, type ModelOutput } from './types.js';

const MIN = 60_000;
const copy = (s: DeviceState): DeviceState => ({ ...s, counters: { ...s.counters } });

/** Water meter: occupancy-shaped flow over a small leak/cooling-tower base; EW in m³. */
export function sampleWater(input: ModelInput, prev: DeviceState): ModelOutput {
  const state = copy(prev);
  const rated = prop(input.props, 'rated_flow', 10);
  const flow = Math.max(0, rated * (0.08 + 0.45 * commercialLoad(input.t, input.zone)) * (1 + 0.15 * drift(input.seed, input.t, 5 * MIN)));
  integrate(state, 'EW', flow, input.dtMs);
  return { values: { flow, EW: state.counters.EW ?? 0 }, state };
}

/** Gas meter: kitchen/process burners with meal-time peaks; EG in m³. */
export function sampleGas(input: ModelInput, prev: DeviceState): ModelOutput {
  const state = copy(prev);
  const rated = prop(input.props, 'rated_flow', 20);
  const flow = Math.max(0, rated * (0.04 + 0.6 * mealLoad(input.t, input.zone)) * (1 + 0.2 * drift(input.seed, input.t, 4 * MIN)));
  integrate(state, 'EG', flow, input.dtMs);
  return { values: { flow, EG: state.counters.EG ?? 0 }, state };
}

/** Heat meter: space heating in season plus domestic hot water; EH in GJ (1 kWh = 0.0036 GJ). */
export function sampleHeat(input: ModelInput, prev: DeviceState): ModelOutput {
  const state = copy(prev);
  const rated = prop(input.props, 'rated_kw', 500);
  const season = heatingSeason(input.t, input.zone);
  const share = season * (0.35 + 0.5 * commercialLoad(input.t, input.zone)) * (1 + 0.08 * drift(input.seed, input.t, 10 * MIN));
  const power = Math.max(0, rated * share);
  integrate(state, 'EH', power * 0.0036, input.dtMs);
  const supply = 45 + 15 * season + drift(input.seed ^ 0x3, input.t, 20 * MIN);
  // A fixed-flow loop: the harder the building pulls, the wider supply − return.
  const ret = supply - (3 + 8 * clamp(share, 0, 1));
  return { values: { power, EH: state.counters.EH ?? 0, t_supply: supply, t_return: ret }, state };
}

/**
 * Electrical fire detector on an LV cabinet: cable temperatures rise with the square of the load current,
 * residual (earth-leakage) current is tens of mA. Both move slowly: the demo has a rate-of-rise rule on T1.
 */
export function sampleFire(input: ModelInput, prev: DeviceState): ModelOutput {
  const loadFrac = clamp(0.3 + 0.45 * commercialLoad(input.t, input.zone) + 0.05 * drift(input.seed, input.t, 20 * MIN), 0, 1);
  const ambient = 26 + 3 * dailyWarmth(input.t, input.zone);
  const cable = (i: number) => ambient + 24 * loadFrac ** 2 * (1 + 0.06 * drift(input.seed + i, input.t, 30 * MIN));
  const ir = Math.max(5, 35 + 70 * loadFrac + 20 * drift(input.seed ^ 0x7, input.t, 10 * MIN));
  return { values: { IR: ir, T1: cable(1), T2: cable(2), T3: cable(3), arc: 0 }, state: prev };
}

const DOOR_SLOT = 4 * 60 * MIN;

/** A maintenance visit: about one door opening of a few minutes per working day, keyed by the device seed. */
export function doorOpen(seed: number, t: number, zone: string): boolean {
  const slot = Math.floor(t / DOOR_SLOT);
  const hour = localClock(slot * DOOR_SLOT, zone).hour;
  if (hour < 8 || hour >= 18 || hash01(seed, slot) >= 0.3) return false;
  const begin = slot * DOOR_SLOT + hash01(seed, slot + 1) * (DOOR_SLOT - 10 * MIN);
  return t >= begin && t < begin + (2 + 3 * hash01(seed, slot + 2)) * MIN;
}

/** Room environment: ventilated, so it follows the outdoor day loosely and warms with the load. */
export function sampleEnv(input: ModelInput, prev: DeviceState): ModelOutput {
  const warm = dailyWarmth(input.t, input.zone);
  const temp = 24 + 2.5 * warm + 1.5 * commercialLoad(input.t, input.zone) + 0.8 * drift(input.seed, input.t, 20 * MIN);
  const humidity = clamp(60 - 8 * warm + 6 * drift(input.seed ^ 0x13, input.t, 40 * MIN), 30, 80);
  const door = doorOpen(input.seed, input.t, input.zone) ? 1 : 0;
  if (!input.room && !prev.envOffset) return { values: { temp, humidity, water: 0, smoke: 0, door }, state: prev };
  // The room's fans, AC and dehumidifiers (models/aux.ts) pull the unconditioned values down.
  const c = conditionRoom({ temp, humidity }, input.room, prev, input.dtMs);
  return { values: { temp: c.temp, humidity: c.humidity, water: 0, smoke: 0, door }, state: { ...prev, envOffset: c.offset } };
}

/** Cameras report only whether the NVR sees them; images come as captures. */
export function sampleCamera(_input: ModelInput, prev: DeviceState): ModelOutput {
  return { values: { online: 1 }, state: prev };
}
