import { siteDayStart } from '@gridops/format';
import { forecastSite, hourlyOf, type ForecastSite, type HistoryHour } from './forecast.js';
import { loadDayErrors, meanOf, pvDayErrors, type DayError, type Pair } from './metrics.js';
import type { Band } from './quantiles.js';

export interface BacktestHour {
  start_ms: number;
  load_kw: Band;
  load_actual: number | null;
  pv_kw: Band;
  pv_actual: number | null;
}

export interface Backtest {
  hours: BacktestHour[];
  load: DayError[];
  pv: DayError[];
  summary: { load_mape_pct: number | null; load_nmae_pct: number | null; pv_nmae_pct: number | null; load_coverage_pct: number | null; pv_coverage_pct: number | null };
}

/**
 * Replays `dates` (site dates): each day is forecast as of its own local midnight minus `leadHours` — the
 * forecast sees only the hours that ended by then (forecastSite enforces the cut-off itself) — and compared with
 * what was measured that day, per hour. The same function serves the accuracy API and the backtest command, so
 * both print the same figures.
 */
export function backtest(site: ForecastSite, history: readonly HistoryHour[], dates: readonly string[], opts: { leadHours?: number } = {}): Backtest {
  const lead = (opts.leadHours ?? 0) * 3600_000;
  const byStart = new Map(history.map((h) => [h.start_ms, h]));
  const hours: BacktestHour[] = [];
  const loadPairs: Pair[] = [];
  const pvPairs: Pair[] = [];
  const kwp = site.planes.reduce((a, p) => a + p.capacity_kwp, 0);
  for (const date of dates) {
    const dayStart = siteDayStart(date, site.zone).getTime();
    const cutoff = dayStart - lead;
    const slots = Math.ceil((lead + 24 * 3600_000) / (15 * 60_000));
    const f = forecastSite(site, history, cutoff, { slots });
    for (const [start, fc] of hourlyOf(f, site.zone)) {
      if (start < dayStart || start >= dayStart + 24 * 3600_000) continue;
      const a = byStart.get(start);
      const load = a?.load_kwh ?? null;
      const pv = a?.pv_kwh ?? null;
      hours.push({ start_ms: start, load_kw: fc.load_kw, load_actual: load, pv_kw: fc.pv_kw, pv_actual: pv });
      if (load !== null) loadPairs.push({ date, forecast: fc.load_kw, actual: load });
      if (pv !== null && kwp > 0) pvPairs.push({ date, forecast: fc.pv_kw, actual: pv });
    }
  }
  const load = loadDayErrors(loadPairs);
  const pv = pvDayErrors(pvPairs, kwp);
  return {
    hours,
    load,
    pv,
    summary: {
      load_mape_pct: meanOf(load, 'mape_pct'),
      load_nmae_pct: meanOf(load, 'nmae_pct'),
      pv_nmae_pct: meanOf(pv, 'nmae_pct'),
      load_coverage_pct: meanOf(load, 'coverage_pct'),
      pv_coverage_pct: meanOf(pv, 'coverage_pct'),
    },
  };
}
