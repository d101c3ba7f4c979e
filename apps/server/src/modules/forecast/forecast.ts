import { siteDate, wallClock } from '@gridops/format';
import { CN_HOLIDAYS, type HolidayCalendar } from './holidays.js';
import { buildLoadModel, loadAt, type LoadModel } from './load.js';
import { clearSkyKw, learnPerformanceRatio, type PerformanceRatio, type PvPlane, type SitePosition } from './pv.js';
import { scaleBand, type Band } from './quantiles.js';

const HOUR = 3600_000;

/** One stored hour of the site (local date and hour): its load and PV energy, kWh; null where nothing was measured. */
export interface HistoryHour {
  start_ms: number;
  date: string;
  hour: number;
  load_kwh: number | null;
  pv_kwh: number | null;
}

export interface ForecastSite extends SitePosition {
  zone: string;
  /** PvSet arrays, or the site's kWp as one flat array; empty: the site has no PV. */
  planes: PvPlane[];
  /** The arrays' design PR (the fallback when history cannot teach one). */
  design_pr: number;
}

export interface ForecastSlot {
  start_ms: number;
  load_kw: Band;
  pv_kw: Band;
}

export interface SiteForecast {
  /** The instant the forecast was made as of: nothing measured at or after it was read. */
  cutoff_ms: number;
  slot_minutes: number;
  slots: ForecastSlot[];
  performance_ratio: PerformanceRatio;
  load_level: number;
  load_days: number;
}

const kwpOf = (planes: readonly PvPlane[]) => planes.reduce((a, p) => a + p.capacity_kwp, 0);

/**
 * Forecast of load and PV per slot for `slots` slots from the first slot boundary at or after `cutoffMs`, from
 * the history alone — and only the hours that ended by the cut-off: the function drops later ones itself, so a
 * backtest cannot leak the future even if its caller passes it. PV = clear-sky output at the site's coordinates
 * on each array's plane × the performance ratio learnt from the last 30 days (P10/P50/P90 from the days'
 * spread); load = the weekday/time-of-day profile with the holiday table and the recent-level correction
 * (load.ts). The stored load is hourly, so the quarters of an hour share its value; PV's clear sky has
 * quarter-hour shape.
 */
export function forecastSite(
  site: ForecastSite,
  history: readonly HistoryHour[],
  cutoffMs: number,
  opts: { slots?: number; slotMinutes?: number; calendar?: HolidayCalendar } = {},
): SiteForecast {
  const slotMs = (opts.slotMinutes ?? 15) * 60_000;
  const n = opts.slots ?? 192;
  const cal = opts.calendar ?? CN_HOLIDAYS;
  const past = history.filter((h) => h.start_ms + HOUR <= cutoffMs);
  const kwp = kwpOf(site.planes);
  const pr: PerformanceRatio =
    kwp > 0
      ? learnPerformanceRatio(
          past
            .filter((h) => h.pv_kwh !== null && h.start_ms >= cutoffMs - 31 * 24 * HOUR)
            .map((h) => ({ date: h.date, measured_kwh: h.pv_kwh!, clear_kwh: clearSkyKw(site.planes, site, h.start_ms, h.start_ms + HOUR) })),
          kwp,
          { designPr: site.design_pr },
        )
      : { p10: 0, p50: 0, p90: 0, days: 0 };
  const model: LoadModel = buildLoadModel(
    past.filter((h) => h.load_kwh !== null).map((h) => ({ date: h.date, hour: h.hour, kwh: h.load_kwh! })),
    { calendar: cal },
  );
  const first = Math.ceil(cutoffMs / slotMs) * slotMs;
  const slots: ForecastSlot[] = [];
  for (let i = 0; i < n; i++) {
    const start = first + i * slotMs;
    const clock = wallClock(start, site.zone);
    const clear = kwp > 0 ? clearSkyKw(site.planes, site, start, start + slotMs) : 0;
    slots.push({ start_ms: start, load_kw: loadAt(model, siteDate(site.zone, new Date(start)), clock.hour, cal), pv_kw: scaleBand({ p10: pr.p10, p50: pr.p50, p90: pr.p90 }, clear) });
  }
  return { cutoff_ms: cutoffMs, slot_minutes: slotMs / 60_000, slots, performance_ratio: pr, load_level: model.level, load_days: model.days };
}

/** Forecast slots summed to local hours (mean kW), to compare with the stored hourly history. */
export function hourlyOf(f: SiteForecast, zone: string): Map<number, { load_kw: Band; pv_kw: Band }> {
  const out = new Map<number, { load_kw: Band; pv_kw: Band; n: number }>();
  for (const s of f.slots) {
    const c = wallClock(s.start_ms, zone);
    const hourStart = s.start_ms - (c.minute * 60_000 + c.second * 1000);
    const acc = out.get(hourStart) ?? { load_kw: { p10: 0, p50: 0, p90: 0 }, pv_kw: { p10: 0, p50: 0, p90: 0 }, n: 0 };
    for (const k of ['p10', 'p50', 'p90'] as const) {
      acc.load_kw[k] += s.load_kw[k];
      acc.pv_kw[k] += s.pv_kw[k];
    }
    acc.n++;
    out.set(hourStart, acc);
  }
  return new Map([...out].map(([t, a]) => [t, { load_kw: scaleBand(a.load_kw, 1 / a.n), pv_kw: scaleBand(a.pv_kw, 1 / a.n) }]));
}
