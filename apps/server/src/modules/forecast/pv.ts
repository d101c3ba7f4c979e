import SunCalc from 'suncalc';
import { clearSkyIrradiance, type Plane } from '../overview/solar.js';
import { quantile, type Band } from './quantiles.js';

/** A PV array as the forecast needs it: kWp on a plane (PvSet), or the site's kWp flat when no array is set up. */
export interface PvPlane extends Partial<Plane> {
  capacity_kwp: number;
}

export interface SitePosition {
  latitude: number;
  longitude: number;
}

const STEP_MS = 5 * 60_000;

/**
 * Mean clear-sky output of the arrays from `from` to `to` (epoch ms), kW at a performance ratio of 1: kWp × the
 * plane's clear-sky irradiance (kW/m² ÷ 1 kW/m²), from the sun's position every 5 minutes — the site's existing
 * sun model (overview/solar.ts: Haurwitz GHI, beam on the plane, isotropic diffuse, ground reflection).
 */
export function clearSkyKw(planes: readonly PvPlane[], site: SitePosition, from: number, to: number): number {
  if (planes.length === 0 || to <= from) return 0;
  let sum = 0;
  let n = 0;
  for (let t = from + STEP_MS / 2; t < to; t += STEP_MS) {
    const sun = SunCalc.getPosition(new Date(t), site.latitude, site.longitude);
    for (const p of planes) {
      const plane = p.tilt_deg !== undefined && p.azimuth_deg !== undefined ? { tilt_deg: p.tilt_deg, azimuth_deg: p.azimuth_deg } : undefined;
      sum += (p.capacity_kwp * clearSkyIrradiance(sun.altitude, sun.azimuth, plane)) / 1000;
    }
    n++;
  }
  return n === 0 ? 0 : sum / n;
}

/** One hour of PV history: the energy measured and what a clear sky would have given at PR 1, kWh. */
export interface PvHour {
  date: string;
  measured_kwh: number;
  clear_kwh: number;
}

export interface PerformanceRatio extends Band {
  /** Days the ratio was learnt from (0: none usable, the fallback was used). */
  days: number;
}

/**
 * The performance ratio learnt from history: per day, measured ÷ clear-sky energy (days with enough sun to
 * judge, > 0.5 kWh per kWp), over the last `days` days before the cut-off. P50 is the median day, P10/P90 the
 * spread of those days' hours — the weather's spread (clouds pull P10 down), not a model error.
 * With fewer than 3 usable days it falls back to the design PR with a wide band.
 */
export function learnPerformanceRatio(hours: readonly PvHour[], kwp: number, opts: { days?: number; designPr?: number } = {}): PerformanceRatio {
  const byDay = new Map<string, { m: number; c: number }>();
  for (const h of hours) {
    const d = byDay.get(h.date) ?? { m: 0, c: 0 };
    d.m += h.measured_kwh;
    d.c += h.clear_kwh;
    byDay.set(h.date, d);
  }
  const kept = [...byDay.entries()]
    .filter(([, d]) => d.c > 0.5 * kwp)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .slice(-(opts.days ?? 30));
  const usable = kept.map(([, d]) => Math.min(1.2, Math.max(0, d.m / d.c)));
  if (usable.length < 3) {
    const pr = opts.designPr ?? 0.8;
    return { p10: pr * 0.3, p50: pr * 0.8, p90: pr, days: 0 };
  }
  // The band from the hours of those days (sun above ~6 % of the rating): an hour under a passing cloud strays
  // further than a day does, and the band is compared hour by hour. The median stays the days'.
  const days = new Set(kept.map(([d]) => d));
  const hourly = hours.filter((h) => days.has(h.date) && h.clear_kwh > 0.06 * kwp).map((h) => Math.min(1.5, Math.max(0, h.measured_kwh / h.clear_kwh)));
  const p50 = quantile(usable, 0.5);
  const spread = hourly.length >= 3 * usable.length ? hourly : usable;
  return { p10: Math.min(p50, quantile(spread, 0.1)), p50, p90: Math.max(p50, quantile(spread, 0.9)), days: usable.length };
}
