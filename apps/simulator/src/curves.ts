import SunCalc from 'suncalc';
import { wallClock } from '@gridops/format';
import { clamp, drift, hash01 } from './noise.js';

/**
 * Time-of-day shapes the value models scale by, on the site's own clock (its IANA zone, projects.timezone,
 * from the manifest): the site clock of @gridops/format, whose offset lookups are cached per quarter hour.
 */
const DAY = 86_400_000;

export interface LocalClock {
  /** Fractional hour of the local day, 0 ≤ hour < 24. */
  hour: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** 1 … 12. */
  month: number;
  /** Days since the epoch in local time: keys per-day randomness (weather). */
  dayIndex: number;
}

export function localClock(t: number, zone: string): LocalClock {
  const c = wallClock(t, zone);
  return {
    hour: c.hour + c.minute / 60 + c.second / 3600 + (t % 1000) / 3_600_000,
    weekday: c.weekday,
    month: c.month,
    dayIndex: Math.floor(Date.UTC(c.year, c.month - 1, c.day) / DAY),
  };
}

/** Linear interpolation over [hour, value] anchors covering 0…24. */
function interpolate(anchors: readonly (readonly [number, number])[], hour: number): number {
  for (let i = 1; i < anchors.length; i++) {
    const [h1, v1] = anchors[i]!;
    const [h0, v0] = anchors[i - 1]!;
    if (hour <= h1) return v0 + ((v1 - v0) * (hour - h0)) / (h1 - h0);
  }
  return anchors[anchors.length - 1]![1];
}

// A commercial/industrial building: low night base, morning ramp, lunch dip, afternoon (cooling) peak,
// evening decline. Values are fractions of the daily peak.
const COMMERCIAL: readonly (readonly [number, number])[] = [
  [0, 0.32], [5, 0.3], [6, 0.35], [7, 0.5], [8, 0.72], [9, 0.88], [10, 0.93], [11, 0.95], [12, 0.84],
  [13, 0.88], [14, 0.97], [15, 1], [16, 0.97], [17, 0.9], [18, 0.78], [19, 0.7], [20, 0.62], [21, 0.52],
  [22, 0.42], [23, 0.36], [24, 0.32],
];

// Kitchens: breakfast, lunch and dinner peaks over a small pilot/boiler base.
const MEALS: readonly (readonly [number, number])[] = [
  [0, 0.05], [6, 0.05], [7, 0.3], [8, 0.2], [10, 0.25], [11, 0.85], [12.5, 0.9], [14, 0.25], [16.5, 0.3],
  [17.5, 0.85], [19.5, 0.9], [21, 0.3], [22, 0.1], [24, 0.05],
];

/** Electrical load as a fraction of the daily peak (0.3 … 1); weekends run at roughly two thirds. */
export function commercialLoad(t: number, zone: string): number {
  const c = localClock(t, zone);
  const v = interpolate(COMMERCIAL, c.hour);
  return c.weekday === 0 || c.weekday === 6 ? 0.3 + (v - 0.3) * 0.55 : v;
}

export function mealLoad(t: number, zone: string): number {
  return interpolate(MEALS, localClock(t, zone).hour);
}

/** −1 … 1 over the day, peaking mid-afternoon: the shape of outdoor (and unconditioned room) temperature. */
export function dailyWarmth(t: number, zone: string): number {
  return Math.cos(((localClock(t, zone).hour - 15) / 24) * 2 * Math.PI);
}

/** Heating demand of the season: full in winter, a hot-water base in summer. */
export function heatingSeason(t: number, zone: string): number {
  const m = localClock(t, zone).month;
  if (m === 12 || m <= 2) return 1;
  if (m === 11 || m === 3) return 0.6;
  return 0.1;
}

/** Sun altitude above the horizon in radians (negative at night). */
export function sunAltitude(t: number, latitude: number, longitude: number): number {
  return SunCalc.getPosition(new Date(t), latitude, longitude).altitude;
}

/**
 * Fraction of rated PV output: clear-sky shape from the real sun altitude at the site, times the weather.
 * `weatherSeed` is per site, so every inverter of a station sees the same clouds; each day is sunny,
 * hazy or overcast, and clouds pass with a ~20 min period.
 */
export function pvFraction(t: number, latitude: number, longitude: number, weatherSeed: number, zone: string): number {
  const alt = sunAltitude(t, latitude, longitude);
  if (alt <= 0) return 0;
  const clearSky = Math.sin(alt) ** 1.2;
  const day = hash01(weatherSeed, localClock(t, zone).dayIndex);
  const dayFactor = day < 0.2 ? 0.35 : day < 0.5 ? 0.7 : 0.95;
  const clouds = (drift(weatherSeed, t, 20 * 60_000) + 1) / 2;
  return clamp(clearSky * dayFactor * (1 - 0.55 * clouds * clouds), 0, 1);
}

/**
 * Storage dispatch by the hour (Jiangsu-style time-of-use): charge in the valley hours and over the midday
 * PV surplus, discharge through the morning and evening peaks. +1 = full discharge, −1 = full charge.
 */
export function storageSchedule(t: number, zone: string): number {
  const h = localClock(t, zone).hour;
  if (h < 6) return -1;
  if (h >= 8 && h < 10) return 0.6;
  if (h >= 11 && h < 14) return -0.5;
  if (h >= 17 && h < 21) return 1;
  return 0;
}
