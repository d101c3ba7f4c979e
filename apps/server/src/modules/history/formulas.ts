import { percentOf } from '@gridops/format';

/**
 * The formulas of the statistics and special-analysis APIs, as plain functions so they are testable on fixed
 * numbers and documented in one place (docs/pages/distribution.md).
 */

/** GB/T 12325-2008: three-phase supply at 20 kV and below (so 10 kV and 0.4 kV) may deviate ±7 % from nominal. */
export const VOLTAGE_LIMIT_PCT = 7;
/** Nominal phase voltage of 0.4 kV (380 V line) systems; 10 kV devices carry props.voltage_v (5 774 V). */
export const NOMINAL_PHASE_V = 220;
/** Three-phase current imbalance limit for distribution transformers (DL/T 1102 / State Grid practice: 15 %). */
export const IMBALANCE_LIMIT_PCT = 15;
/** Below this average current the ratio is noise (an idle feeder), so such samples are left out. */
export const IMBALANCE_MIN_CURRENT_A = 1;
/** Power-factor assessment threshold for 100 kVA+ customers (供电营业规则 / power-factor adjustment tariff). */
export const PF_LIMIT = 0.9;
/** Transformer economic operation band (GB/T 13462 guidance): 40–75 % load. */
export const ECONOMIC_BAND = { low: 40, high: 75 } as const;
/** Demand window: the 15-minute average active power utilities bill on. */
export const DEMAND_WINDOW_MIN = 15;

/** (U − Un) / Un × 100. */
export const deviationPct = (u: number, nominal: number) => ((u - nominal) / nominal) * 100;

/** Three-phase imbalance (max − avg) / avg × 100; null when the average current is too small to mean anything. */
export function imbalancePct(a: number, b: number, c: number, minAvg = IMBALANCE_MIN_CURRENT_A): number | null {
  const avg = (a + b + c) / 3;
  if (avg < minAvg) return null;
  return ((Math.max(a, b, c) - avg) / avg) * 100;
}

export type LoadBand = 'light' | 'economic' | 'heavy' | 'overload';
export function loadBand(pct: number): LoadBand {
  if (pct > 100) return 'overload';
  if (pct > ECONOMIC_BAND.high) return 'heavy';
  if (pct >= ECONOMIC_BAND.low) return 'economic';
  return 'light';
}

/**
 * Energy of a counter per bucket from consecutive bucket 'last' readings: last(i) − last(i−1); a negative
 * step is a meter reset, after which the energy is last(i) itself. The first bucket uses the reading before
 * the range when there is one, else its own first reading.
 */
export function counterDeltas(rows: { first: number; last: number }[], previousLast: number | null): number[] {
  const out: number[] = [];
  let prev = previousLast;
  for (const r of rows) {
    const start = prev ?? r.first;
    const d = r.last - start;
    out.push(d >= 0 ? d : r.last);
    prev = r.last;
  }
  return out;
}

/** Rounds for presentation; statistics are computed on full precision. */
export const round = (v: number | null, digits = 3) => (v === null || !Number.isFinite(v) ? null : Math.round(v * 10 ** digits) / 10 ** digits);

/** a / b × 100, or null when b is not positive (percentOf in @gridops/format). */
export const pct = percentOf;
