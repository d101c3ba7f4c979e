import { describe, expect, it } from 'vitest';
import { siteDayStart } from '@gridops/format';
import { forecastSite, hourlyOf, type ForecastSite, type HistoryHour } from './forecast.js';
import { dayClass } from './holidays.js';
import { buildLoadModel, loadAt, type LoadHour } from './load.js';
import { loadDayErrors, meanOf, pvDayErrors } from './metrics.js';
import { clearSkyKw, learnPerformanceRatio } from './pv.js';
import { quantile } from './quantiles.js';

const ZONE = 'Asia/Shanghai';
const SUZHOU = { latitude: 31.3, longitude: 120.6 };
const HOUR = 3600_000;
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Working days 100 kW from 08 to 18 and 40 kW otherwise; weekends and holidays 40 kW all day. */
const synthetic = (date: string, hour: number) => (dayClass(date) === 'sun' || dayClass(date) === 'sat' ? 40 : hour >= 8 && hour < 18 ? 100 : 40);

function loadHours(from: string, days: number, f = synthetic): LoadHour[] {
  return Array.from({ length: days * 24 }, (_, i) => {
    const date = addDays(from, Math.floor(i / 24));
    return { date, hour: i % 24, kwh: f(date, i % 24) };
  });
}

describe('holiday table', () => {
  it('classes public holidays as Sundays and make-up working days as working days', () => {
    expect(dayClass('2026-02-16')).toBe('sun'); // Monday in the Spring Festival
    expect(dayClass('2026-10-05')).toBe('sun');
    expect(dayClass('2026-02-14')).toBe('work'); // Saturday worked
    expect(dayClass('2025-09-28')).toBe('work'); // Sunday worked
    expect(dayClass('2026-11-30')).toBe('wd1');
    expect(dayClass('2026-11-28')).toBe('sat');
    expect(dayClass('2026-11-29')).toBe('sun');
  });
});

describe('PV core', () => {
  it('gives clear-sky kW from the sun model: near the rating at a summer noon, nothing at night', () => {
    const flat = [{ capacity_kwp: 100 }];
    const noon = Date.UTC(2026, 5, 21, 4); // 12:00 in Suzhou
    const kw = clearSkyKw(flat, SUZHOU, noon, noon + 15 * 60_000);
    expect(kw).toBeGreaterThan(85);
    expect(kw).toBeLessThan(105);
    expect(clearSkyKw(flat, SUZHOU, noon + 12 * HOUR, noon + 12 * HOUR + 15 * 60_000)).toBe(0);
    // A south-facing 25° plane beats the flat roof in December.
    const dec = Date.UTC(2026, 11, 21, 4);
    expect(clearSkyKw([{ capacity_kwp: 100, tilt_deg: 25, azimuth_deg: 180 }], SUZHOU, dec, dec + HOUR)).toBeGreaterThan(clearSkyKw(flat, SUZHOU, dec, dec + HOUR));
  });

  it('learns the performance ratio and its spread from the days', () => {
    const ratios = [0.5, 0.6, 0.7, 0.75, 0.8, 0.8, 0.82, 0.85, 0.9, 0.3];
    const hours = ratios.map((r, i) => ({ date: `2026-06-${String(i + 1).padStart(2, '0')}`, measured_kwh: 500 * r, clear_kwh: 500 }));
    const pr = learnPerformanceRatio(hours, 100);
    expect(pr.days).toBe(10);
    expect(pr.p50).toBeCloseTo(quantile(ratios, 0.5), 9);
    expect(pr.p10).toBeLessThan(pr.p50);
    expect(pr.p90).toBeGreaterThan(pr.p50);
    // Too few days: the design PR with a wide band.
    expect(learnPerformanceRatio(hours.slice(0, 2), 100, { designPr: 0.8 })).toEqual({ p10: 0.8 * 0.3, p50: 0.8 * 0.8, p90: 0.8, days: 0 });
  });
});

describe('load core', () => {
  it('forecasts by weekday and hour, holidays as Sundays, make-up days as working days', () => {
    const model = buildLoadModel(loadHours('2026-10-12', 7 * 6));
    expect(model.level).toBeCloseTo(1, 9);
    expect(loadAt(model, '2026-11-25', 10).p50).toBeCloseTo(100, 9); // a Wednesday
    expect(loadAt(model, '2026-11-25', 3).p50).toBeCloseTo(40, 9);
    expect(loadAt(model, '2026-11-28', 10).p50).toBeCloseTo(40, 9); // Saturday
    expect(loadAt(model, '2026-10-05', 10).p50).toBeCloseTo(40, 9); // a Monday in the National Day holiday
    expect(loadAt(model, '2026-10-10', 10).p50).toBeCloseTo(100, 9); // the Saturday worked after it
  });

  it('follows a recent change of level', () => {
    // Six weeks at the usual level, then a week 20 % up.
    const hours = [...loadHours('2026-10-12', 35), ...loadHours('2026-11-16', 7, (d, h) => synthetic(d, h) * 1.2)];
    const model = buildLoadModel(hours);
    expect(model.level).toBeGreaterThan(1.1);
    expect(loadAt(model, '2026-11-25', 10).p50).toBeGreaterThan(105);
    const band = loadAt(model, '2026-11-25', 10);
    expect(band.p10).toBeLessThanOrEqual(band.p50);
    expect(band.p90).toBeGreaterThanOrEqual(band.p50);
  });
});

describe('site forecast', () => {
  const site: ForecastSite = { ...SUZHOU, zone: ZONE, planes: [{ capacity_kwp: 200, tilt_deg: 20, azimuth_deg: 180 }], design_pr: 0.8 };
  const history = (from: string, days: number, pvPr: number, loadScale = 1): HistoryHour[] =>
    Array.from({ length: days * 24 }, (_, i) => {
      const date = addDays(from, Math.floor(i / 24));
      const start = siteDayStart(date, ZONE).getTime() + (i % 24) * HOUR;
      return { start_ms: start, date, hour: i % 24, load_kwh: synthetic(date, i % 24) * loadScale, pv_kwh: clearSkyKw(site.planes, site, start, start + HOUR) * pvPr };
    });

  it('never reads history at or after the cut-off', () => {
    const cutoff = siteDayStart('2026-11-20', ZONE).getTime();
    const past = history('2026-10-01', 50, 0.75);
    const withFuture = [...past, ...history('2026-11-20', 5, 5, 10)];
    const a = forecastSite(site, past, cutoff);
    const b = forecastSite(site, withFuture, cutoff);
    expect(b).toEqual(a);
    expect(a.slots).toHaveLength(192);
    expect(a.slots[0]!.start_ms).toBe(cutoff);
  });

  it('puts PV at clear sky × the learnt ratio and load on the profile, with bands around them', () => {
    const cutoff = siteDayStart('2026-11-20', ZONE).getTime();
    const f = forecastSite(site, history('2026-10-01', 50, 0.75), cutoff);
    expect(f.performance_ratio.p50).toBeCloseTo(0.75, 6);
    const noon = f.slots.find((s) => s.start_ms === cutoff + 12 * HOUR)!;
    expect(noon.pv_kw.p50).toBeCloseTo(0.75 * clearSkyKw(site.planes, site, noon.start_ms, noon.start_ms + 15 * 60_000), 6);
    expect(noon.load_kw.p50).toBeCloseTo(100, 6); // a Friday
    const night = f.slots.find((s) => s.start_ms === cutoff + 2 * HOUR)!;
    expect(night.pv_kw.p90).toBe(0);
    // Back to hours, compared with what was "measured": the same synthetic day, so no error.
    const hours = hourlyOf(f, ZONE);
    const actual = history('2026-11-20', 2, 0.75);
    const pairs = actual.filter((h) => hours.has(h.start_ms));
    const load = loadDayErrors(pairs.map((h) => ({ date: h.date, forecast: hours.get(h.start_ms)!.load_kw, actual: h.load_kwh! })));
    const pv = pvDayErrors(pairs.map((h) => ({ date: h.date, forecast: hours.get(h.start_ms)!.pv_kw, actual: h.pv_kwh! })), 200);
    expect(meanOf(load, 'mape_pct')).toBeLessThan(1e-6);
    expect(meanOf(pv, 'nmae_pct')).toBeLessThan(1e-6);
    expect(meanOf(pv, 'coverage_pct')).toBe(100);
  });
});

describe('error metrics', () => {
  it('computes nMAE against capacity for PV and MAPE / nMAE for load, per day', () => {
    const b = (p50: number) => ({ p10: p50 * 0.8, p50, p90: p50 * 1.2 });
    const pv = pvDayErrors(
      [
        { date: 'd1', forecast: b(0), actual: 0 }, // night: left out
        { date: 'd1', forecast: b(50), actual: 40 },
        { date: 'd1', forecast: b(80), actual: 100 },
      ],
      100,
    );
    expect(pv).toEqual([{ date: 'd1', n: 2, mae_kw: 15, nmae_pct: 15, mape_pct: null, coverage_pct: 50 }]);
    const load = loadDayErrors([
      { date: 'd1', forecast: b(110), actual: 100 },
      { date: 'd1', forecast: b(90), actual: 100 },
      { date: 'd2', forecast: b(100), actual: 200 },
    ]);
    expect(load[0]).toMatchObject({ date: 'd1', mae_kw: 10, nmae_pct: 10, mape_pct: 10, coverage_pct: 100 });
    expect(load[1]).toMatchObject({ date: 'd2', nmae_pct: 50, mape_pct: 50, coverage_pct: 0 });
    expect(meanOf(load, 'mape_pct')).toBeCloseTo(30, 9);
  });
});
