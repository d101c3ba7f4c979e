import { transformerLoadPct } from '@gridops/contract';
import { commercialLoad, dailyWarmth } from '../curves.js';
import { clamp, drift, hash01 } from '../noise.js';
import { dayActivity, seasonFactor } from './physics.js';
import { integrate, lag, prop, type DeviceState, type ModelInput, type ModelOutput } from './types.js';

const MIN = 60_000;

/** Default ratings for devices whose manifest carries none. */
const DEFAULT_KW = { incomer: 1600, transformer: 800, feeder: 200, meter: 100 } as const;
export type ElectricalKind = keyof typeof DEFAULT_KW;

/**
 * Share of its rating a device draws at the daily peak: 45–70 %, per device, so the demo's over-current
 * limits (120 % of rated current) are never crossed without a staged fault.
 */
const utilisation = (seed: number) => 0.45 + 0.25 * hash01(seed, 1);

/** Phase voltages: nominal (230 V, or the `voltage_v` prop for 10 kV) sagging a little under load. */
export function phaseVoltages(input: ModelInput, load: number): [number, number, number] {
  const nominal = prop(input.props, 'voltage_v', 230);
  const site = 0.006 * drift(input.siteSeed ^ 0x77, input.t, 10 * MIN);
  const phase = (i: number) => nominal * (0.978 + 0.018 * (1 - load) + site + 0.004 * drift(input.seed + i, input.t, 3 * MIN));
  return [phase(1), phase(2), phase(3)];
}

/** Grid frequency: one value per site (it is one grid), within ±0.05 Hz of 50. */
export const gridFrequency = (input: ModelInput) => 50 + 0.04 * drift(input.siteSeed ^ 0x3f, input.t, 2 * MIN);

/**
 * Own load of a circuit without metered children: its share of rating on the commercial daily curve, the
 * month's seasonality (cooling) and the site's activity of the day, with a little wander.
 */
export function circuitLoadKw(kind: ElectricalKind, input: ModelInput): number {
  const ratedKw = prop(input.props, 'rated_kw', DEFAULT_KW[kind]);
  return ratedKw * utilisation(input.seed) * siteLoadShape(input.t, input.siteSeed, input.zone) * (1 + 0.06 * drift(input.seed, input.t, 15 * MIN));
}

/** Curve × season × the day's activity, shared by every circuit of a site at one instant (computed once). */
let lastShape: { t: number; siteSeed: number; zone: string; value: number } | null = null;
function siteLoadShape(t: number, siteSeed: number, zone: string): number {
  if (lastShape && lastShape.t === t && lastShape.siteSeed === siteSeed && lastShape.zone === zone) return lastShape.value;
  const value = commercialLoad(t, zone) * seasonFactor(t, zone) * dayActivity(siteSeed, t, zone);
  lastShape = { t, siteSeed, zone, value };
  return value;
}

/**
 * A circuit's power factor: rising with the load (0.90 at no load, 0.96 at the daily peak) with a slow drift,
 * or the one its source imposes (`input.pf`, an inverter). The reactive energy counter EQ integrates
 * Q = P·tan(acos PF) while the circuit imports (as EP), so the month's kWh/kvarh give its power factor.
 */
export function circuitPf(input: ModelInput, curve = commercialLoad(input.t, input.zone)): number {
  return input.pf ?? clamp(0.9 + 0.06 * curve + 0.01 * drift(input.seed ^ 0x11, input.t, 20 * MIN), 0.85, 0.99);
}

/**
 * The three-phase measurements of a circuit: incomer, transformer LV side, feeder or meter. Power is the
 * circuit's own load curve or, for a circuit with metered children, what the site model derives from them
 * (`input.powerKw`); currents follow from power, voltage and power factor; EP integrates P.
 */
export function sampleThreePhase(kind: ElectricalKind, input: ModelInput, prev: DeviceState): ModelOutput {
  const state: DeviceState = { ...prev, counters: { ...prev.counters } };
  const ratedKw = prop(input.props, 'rated_kw', DEFAULT_KW[kind]);
  const hasBreaker = kind === 'incomer' || kind === 'feeder';
  const closed = !hasBreaker || (state.breakerClosed && !input.faults.has('breaker_trip'));
  const curve = commercialLoad(input.t, input.zone);
  let p = input.powerKw ?? circuitLoadKw(kind, input);
  if (input.deenergised) p = 0;
  // Staged over-current: ~165 % of rating, i.e. about 1.3 × the 120 % current limit of demoRules.
  if (input.faults.has('over_current')) p = ratedKw * (1.62 + 0.03 * drift(input.seed, input.t, MIN));
  if (!closed) p = 0;
  const [ua, ub, uc] = phaseVoltages(input, curve);
  const pf = p <= 0 ? 0 : circuitPf(input, curve);
  // Unbalance: each phase carries its own few percent, normalised so the three still add up to P.
  const w = [1, 2, 3].map((i) => 1 + 0.03 * drift(input.seed + 10 * i, input.t, 30 * MIN)) as [number, number, number];
  const wSum = w[0] + w[1] + w[2];
  const phaseKw = (i: 0 | 1 | 2) => (p * w[i]) / wSum;
  const current = (i: 0 | 1 | 2, u: number) => (pf > 0 ? (phaseKw(i) * 1000) / (u * pf) : 0);
  const q = pf > 0 ? p * Math.tan(Math.acos(pf)) : 0;
  integrate(state, 'EP', p, input.dtMs);
  integrate(state, 'EQ', q, input.dtMs);

  const values: Record<string, number> = {
    Ua: ua,
    Ub: ub,
    Uc: uc,
    Ia: current(0, ua),
    Ib: current(1, ub),
    Ic: current(2, uc),
    P: p,
    Q: q,
    PF: pf,
    F: gridFrequency(input),
    EP: state.counters.EP ?? 0,
    EQ: state.counters.EQ ?? 0,
  };
  if (hasBreaker) values.breaker = closed ? 1 : 0;
  if (kind === 'transformer') {
    const ratedKva = prop(input.props, 'rated_kva', ratedKw / 0.8);
    const loadRate = transformerLoadPct(p, pf, ratedKva) ?? 0;
    // Winding hot-spot: ambient plus a rise ∝ load^1.6 (IEC 60076-7 shape), with a 20 min thermal lag.
    const ambient = 27 + 4 * dailyWarmth(input.t, input.zone);
    const target = ambient + 62 * (loadRate / 100) ** 1.6 + 0.5 * drift(input.seed ^ 0x21, input.t, 10 * MIN);
    state.temp = lag(state.temp, target, input.dtMs, 20 * MIN);
    values.load_rate = loadRate;
    values.temp_winding = state.temp;
  }
  return { values, state };
}
