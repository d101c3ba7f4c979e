import type { Band } from './quantiles.js';

/** A forecast hour beside what was measured (mean kW over the hour). */
export interface Pair {
  date: string;
  forecast: Band;
  actual: number;
}

export interface DayError {
  date: string;
  /** Hours compared. */
  n: number;
  mae_kw: number;
  /** PV: MAE ÷ installed kWp over the daylight hours; load: Σ|error| ÷ Σ actual. %. */
  nmae_pct: number | null;
  /** Load only: mean |error| ÷ actual over hours with load, %. */
  mape_pct: number | null;
  /** Share of hours whose actual fell inside P10–P90, % (80 % if the band is honest). */
  coverage_pct: number;
}

const group = (pairs: readonly Pair[]) => {
  const m = new Map<string, Pair[]>();
  for (const p of pairs) m.set(p.date, [...(m.get(p.date) ?? []), p]);
  return [...m.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
};
const inBand = (p: Pair) => p.actual >= p.forecast.p10 - 1e-9 && p.actual <= p.forecast.p90 + 1e-9;

/**
 * PV error per day against capacity (the usual normalisation for PV: an error at night or on a dull day is not
 * small just because the output is): nMAE = mean |P50 − actual| over daylight hours (forecast or actual above 0)
 * ÷ kWp. Night hours are left out, or every site would look good by its nights.
 */
export function pvDayErrors(pairs: readonly Pair[], kwp: number): DayError[] {
  return group(pairs).map(([date, ps]) => {
    const day = ps.filter((p) => p.forecast.p90 > 0 || p.actual > 0);
    const mae = day.length ? day.reduce((a, p) => a + Math.abs(p.forecast.p50 - p.actual), 0) / day.length : 0;
    return { date, n: day.length, mae_kw: mae, nmae_pct: kwp > 0 && day.length ? (mae / kwp) * 100 : null, mape_pct: null, coverage_pct: day.length ? (day.filter(inBand).length / day.length) * 100 : 100 };
  });
}

/** Load error per day: MAPE over hours with load, and nMAE = Σ|P50 − actual| ÷ Σ actual. */
export function loadDayErrors(pairs: readonly Pair[]): DayError[] {
  return group(pairs).map(([date, ps]) => {
    const abs = ps.reduce((a, p) => a + Math.abs(p.forecast.p50 - p.actual), 0);
    const total = ps.reduce((a, p) => a + p.actual, 0);
    const withLoad = ps.filter((p) => p.actual > 0);
    return {
      date,
      n: ps.length,
      mae_kw: ps.length ? abs / ps.length : 0,
      nmae_pct: total > 0 ? (abs / total) * 100 : null,
      mape_pct: withLoad.length ? (withLoad.reduce((a, p) => a + Math.abs(p.forecast.p50 - p.actual) / p.actual, 0) / withLoad.length) * 100 : null,
      coverage_pct: ps.length ? (ps.filter(inBand).length / ps.length) * 100 : 100,
    };
  });
}

/** Mean of the days' figures (nulls left out); null when no day has one. */
export function meanOf(days: readonly DayError[], k: 'nmae_pct' | 'mape_pct' | 'coverage_pct'): number | null {
  const xs = days.map((d) => d[k]).filter((v): v is number => v !== null);
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
}
