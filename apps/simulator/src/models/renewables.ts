import { dailyWarmth, pvFraction, localClock, storageSchedule } from '../curves.js';
import { clamp, drift, hash01 } from '../noise.js';
import { integrate, lag, prop, type DeviceState, type ModelInput, type ModelOutput, type StorageLink } from './types.js';

const MIN = 60_000;
export const SOC_MIN = 10;
export const SOC_MAX = 95;
const ROUND_TRIP_EFFICIENCY = 0.95;

const copy = (s: DeviceState): DeviceState => ({ ...s, counters: { ...s.counters } });

/** pvFraction of the last instant asked: every inverter of a site (and its curtailment pass) shares one sun. */
let lastSun: { t: number; lat: number; lon: number; seed: number; fraction: number } | null = null;
function sunFraction(input: ModelInput): number {
  const c = lastSun;
  if (c && c.t === input.t && c.lat === input.latitude && c.lon === input.longitude && c.seed === input.siteSeed) return c.fraction;
  const fraction = pvFraction(input.t, input.latitude, input.longitude, input.siteSeed, input.zone);
  lastSun = { t: input.t, lat: input.latitude, lon: input.longitude, seed: input.siteSeed, fraction };
  return fraction;
}

/** What a PV inverter could deliver now (kW): the sun's real altitude at the site times the weather. */
export function pvAvailableKw(input: ModelInput): number {
  if (input.faults.has('inverter_trip') || input.deenergised) return 0;
  const ratedKw = prop(input.props, 'rated_kw', 100);
  const fraction = sunFraction(input);
  // 0.85: DC/AC and soiling losses, so a panel field rarely shows its nameplate.
  return clamp(ratedKw * 0.85 * fraction * (1 + 0.03 * drift(input.seed, input.t, 5 * MIN)), 0, ratedKw);
}

/** PV inverter: its available power, curtailed to `powerKw` when the site's anti-backflow control says so. */
export function samplePv(input: ModelInput, prev: DeviceState): ModelOutput {
  const state = copy(prev);
  const fraction = sunFraction(input);
  const available = pvAvailableKw(input);
  const p = input.powerKw === undefined ? available : clamp(input.powerKw, 0, available);
  integrate(state, 'EP', p, input.dtMs);
  // MPPT voltage: the string's open-circuit voltage rises quickly at dawn, then sags as cells warm up.
  const udc = fraction > 0 ? 560 + 140 * Math.min(1, fraction * 4) - 30 * fraction + 6 * drift(input.seed ^ 0x5, input.t, 4 * MIN) : 0;
  return { values: { P: p, EP: state.counters.EP ?? 0, Udc: udc, status: p > 0 ? 1 : 0 }, state };
}

/** Largest PCS power: its rating, at most 0.5 C (a two-hour battery, the usual C&I design). */
export const storageMaxKw = (ratedKw: number, capacityKwh: number) => Math.min(ratedKw, capacityKwh * 0.5);

/**
 * One step of a battery: driven by `commandKw` (discharge positive; the site's dispatch, models/site.ts) or,
 * standing alone, by the plain time-of-use schedule. Power tapers over the last 5 % before either SOC limit
 * (CC-CV charging, discharge cut-off), so SOC stays within 10…95 % (or the strategy's narrower window) at any
 * sampling interval; SOC only ever moves by the energy through the cells.
 */
export function storageStep(
  t: number,
  dtMs: number,
  soc: number,
  ratedKw: number,
  capacityKwh: number,
  tripped: boolean,
  zone: string,
  commandKw?: number,
  /** The controller's SOC window (a configured strategy's, models/essStrategy.ts); the battery's 10–95 % otherwise. */
  limits: { min: number; max: number } = { min: SOC_MIN, max: SOC_MAX },
): { soc: number; powerKw: number } {
  const maxKw = storageMaxKw(ratedKw, capacityKwh);
  const lo = Math.max(SOC_MIN, limits.min);
  const hi = Math.min(SOC_MAX, limits.max);
  const cmdKw = tripped ? 0 : clamp(commandKw ?? storageSchedule(t, zone) * maxKw, -maxKw, maxKw);
  const taper = cmdKw > 0 ? clamp((soc - lo) / 5, 0, 1) : clamp((hi - soc) / 5, 0, 1);
  const hours = Math.max(0, dtMs) / 3600_000;
  // Never more in one step than the cells can take or give before a SOC limit: a long step (the seeded
  // history's hours) must not count energy through the PCS that the battery could not hold.
  const roomKw = hours > 0 ? ((hi - soc) / 100) * capacityKwh / ROUND_TRIP_EFFICIENCY / hours : Infinity;
  const leftKw = hours > 0 ? ((soc - lo) / 100) * capacityKwh * ROUND_TRIP_EFFICIENCY / hours : Infinity;
  const powerKw = clamp(cmdKw * taper, -Math.max(0, roomKw), Math.max(0, leftKw));
  // Discharging draws more from the cells than reaches the grid; charging stores less than it takes.
  const cellKwh = powerKw > 0 ? (powerKw * hours) / ROUND_TRIP_EFFICIENCY : powerKw * hours * ROUND_TRIP_EFFICIENCY;
  return { soc: clamp(soc - (100 * cellKwh) / capacityKwh, SOC_MIN, SOC_MAX), powerKw };
}

/** Storage PCS: discharge positive; EPchg/EPdis count the energy through it either way. */
export function samplePcs(input: ModelInput, prev: DeviceState): ModelOutput {
  const state = copy(prev);
  const ratedKw = prop(input.props, 'rated_kw', 250);
  const capacity = prop(input.props, 'capacity_kwh', ratedKw * 2);
  const tripped = input.faults.has('inverter_trip') || input.deenergised === true;
  const step = storageStep(input.t, input.dtMs, state.soc, ratedKw, capacity, tripped, input.zone, input.powerKw, input.socLimits);
  state.soc = step.soc;
  state.powerKw = step.powerKw;
  integrate(state, 'EPchg', -step.powerKw, input.dtMs);
  integrate(state, 'EPdis', step.powerKw, input.dtMs);
  return {
    values: {
      P: step.powerKw,
      EPchg: state.counters.EPchg ?? 0,
      EPdis: state.counters.EPdis ?? 0,
      status: Math.abs(step.powerKw) > 0.5 ? 1 : 0,
    },
    state,
  };
}

/** LiFePO4 open-circuit cell voltage against SOC: the long flat plateau, steep at both ends. */
const OCV: readonly (readonly [number, number])[] = [
  [0, 2.9], [10, 3.2], [20, 3.255], [50, 3.295], [90, 3.335], [95, 3.37], [100, 3.5],
];
export function cellOcv(soc: number): number {
  const s = clamp(soc, 0, 100);
  for (let i = 1; i < OCV.length; i++) {
    const [s1, v1] = OCV[i]!;
    const [s0, v0] = OCV[i - 1]!;
    if (s <= s1) return v0 + ((v1 - v0) * (s - s0)) / (s1 - s0);
  }
  return 3.5;
}

/**
 * BMS: reads the SOC and power of the PCS it belongs to; standing alone (no PCS on the gateway) it runs
 * the same schedule itself at 0.25 C.
 */
export function sampleBms(input: ModelInput, prev: DeviceState): ModelOutput {
  const state = copy(prev);
  const capacity = prop(input.props, 'capacity_kwh', 500);
  let link: StorageLink;
  if (input.storage) link = input.storage;
  else {
    const step = storageStep(input.t, input.dtMs, state.soc, capacity * 0.25, capacity, false, input.zone);
    state.soc = step.soc;
    state.powerKw = step.powerKw;
    link = { soc: step.soc, powerKw: step.powerKw, ratedKw: capacity * 0.25 };
  }
  const cRate = link.ratedKw > 0 ? link.powerKw / link.ratedKw : 0;
  // Charging lifts cell voltages above OCV, discharging pulls them below (internal resistance).
  const ocv = cellOcv(link.soc) - 0.03 * cRate;
  const spread = 0.012 + 0.004 * (drift(input.seed, input.t, 30 * MIN) + 1);
  const ambient = 24 + 2 * dailyWarmth(input.t, input.zone);
  state.temp = lag(state.temp, ambient + 9 * Math.abs(cRate), input.dtMs, 30 * MIN);
  return {
    values: {
      SOC: link.soc,
      SOH: 96 + 3 * hash01(input.seed, 7),
      cell_vmax: ocv + spread,
      cell_vmin: ocv - spread * 0.8,
      cell_tmax: state.temp + 0.3 * drift(input.seed ^ 0x9, input.t, 10 * MIN),
      cell_tmin: state.temp - 2.5 - 1.5 * Math.abs(cRate),
    },
    state,
  };
}

const SLOT = 30 * MIN;

/** Chance that a car plugs in during a half-hour slot, by local hour: commuters, shoppers, evening. */
function plugInChance(hour: number): number {
  if (hour < 6) return 0.1;
  if (hour < 10) return 0.5;
  if (hour < 17) return 0.4;
  if (hour < 22) return 0.65;
  return 0.25;
}

/**
 * Charging power of an EV charger at time t, a pure function of time: each half-hour slot may hold one
 * session (start and length drawn from the device seed), with the power tapering over its last fifth as a
 * battery nears full.
 */
export function evSessionPower(seed: number, t: number, ratedKw: number, zone: string): number {
  const slot = Math.floor(t / SLOT);
  const start = slot * SLOT;
  if (hash01(seed, slot * 4) >= plugInChance(localClock(start, zone).hour)) return 0;
  const begin = start + hash01(seed, slot * 4 + 1) * 8 * MIN;
  const length = (12 + 16 * hash01(seed, slot * 4 + 2)) * MIN;
  const x = (t - begin) / length;
  if (x < 0 || x >= 1) return 0;
  const level = 0.72 + 0.23 * hash01(seed, slot * 4 + 3);
  const taper = x < 0.8 ? 1 : 1 - 2.5 * (x - 0.8);
  return ratedKw * level * taper * (1 + 0.01 * drift(seed, t, MIN));
}

export function sampleEvCharger(input: ModelInput, prev: DeviceState): ModelOutput {
  const state = copy(prev);
  const faulted = input.faults.has('charger_fault');
  const p = faulted || input.deenergised ? 0 : evSessionPower(input.seed, input.t, prop(input.props, 'rated_kw', 60), input.zone);
  integrate(state, 'EP', p, input.dtMs);
  return { values: { P: p, EP: state.counters.EP ?? 0, charging: p > 0 ? 1 : 0, fault: faulted ? 1 : 0 }, state };
}
