import { localClock } from '../curves.js';
import { clamp, drift, hash01 } from '../noise.js';
import { dayWeather } from './physics.js';

/**
 * The physics of a demo office building (docs/smart-building.md, "Simulator"): outdoor air, occupancy, the
 * cooling a floor asks for, and how a chiller turns electricity into cooling. Pure functions of time and the
 * site's weather; models/building.ts strings them together per device.
 */
const MIN = 60_000;

/** Monthly mean air temperature of the Yangtze delta (Hangzhou, 1991–2020 normals), °C. */
const MONTH_MEAN = [4.6, 7.0, 11.0, 16.9, 22.0, 25.5, 29.1, 28.6, 24.6, 19.3, 13.3, 7.0];

/**
 * Outdoor dry-bulb temperature, °C: the month's mean, a daily swing of ±4 °C peaking mid-afternoon, warmer on
 * sunny days and cooler under clouds, and a slow drift. Shared by every device of a site (its weather seed).
 */
export function outdoorTempC(t: number, zone: string, weatherSeed: number): number {
  const c = localClock(t, zone);
  const swing = Math.cos(((c.hour - 15) / 24) * 2 * Math.PI);
  const sunny = dayWeather(weatherSeed, t, zone);
  const dayOffset = 3 * (hash01(weatherSeed ^ 0x7e3, c.dayIndex) - 0.5);
  return MONTH_MEAN[c.month - 1]! + dayOffset + (2 + 3 * sunny) * swing + 0.6 * drift(weatherSeed ^ 0x51, t, 45 * MIN);
}

/** Wet-bulb of humid subtropical air (RH ≈ 70 %): ~3–4 °C under the dry-bulb; what a cooling tower can reach. */
export const wetBulbC = (dryBulb: number) => dryBulb - (2.5 + 0.04 * Math.max(0, dryBulb));

/**
 * Share of the office's people in (0 … 1): weekdays from 7:30 to 19:00 with a lunch dip, almost nobody at
 * night and a few on weekends.
 */
export function occupancy(t: number, zone: string): number {
  const c = localClock(t, zone);
  const weekend = c.weekday === 0 || c.weekday === 6;
  const h = c.hour;
  let o: number;
  if (h < 7) o = 0.02;
  else if (h < 9) o = 0.02 + ((h - 7) / 2) * 0.93;
  else if (h < 12) o = 0.95;
  else if (h < 13.5) o = 0.75;
  else if (h < 17.5) o = 0.95;
  else if (h < 20) o = 0.95 - ((h - 17.5) / 2.5) * 0.88;
  else o = 0.05;
  return weekend ? Math.min(o, 0.08) : o;
}

/** Minutes since local midnight and whether the schedule's days include today. */
export function scheduled(t: number, zone: string, s: { on: number; off: number; everyday: boolean }): boolean {
  const c = localClock(t, zone);
  if (!s.everyday && (c.weekday === 0 || c.weekday === 6)) return false;
  const m = c.hour * 60;
  return m >= s.on && m < s.off;
}

/**
 * Cooling a floor asks for, kW: internal gains (people, computers, lights: up to 45 W/m² when full), the
 * envelope and fresh air above a 16 °C balance point (3 W/m²·K), and sun through the façade by day.
 */
export function floorCoolingKw(areaM2: number, occ: number, outdoor: number, sun: number): number {
  const wPerM2 = 8 + 37 * occ + 3 * Math.max(0, outdoor - 16) + 12 * sun;
  return (areaM2 * wPerM2) / 1000;
}

/** Where an unconditioned floor drifts to: between outdoors and a warm office, warmer with people in. */
export const freeFloorTempC = (outdoor: number, occ: number) => 0.45 * outdoor + 13 + 7 * occ;

/**
 * A chiller's COP at part load (docs/smart-building.md, "Chiller COP"): the rated COP (5.6 at full load,
 * 7 °C chilled water, 30 °C condenser water) times a part-load curve that peaks around 70 % load, times
 * −2.5 %/K of condenser water above 30 °C and +3 %/K of chilled water above 7 °C. Kept within 4.2–6.4.
 */
export function chillerCop(plr: number, condenserInC: number, chilledSetC: number, ratedCop = 5.6): number {
  const x = clamp(plr, 0.1, 1.1);
  const partLoad = 0.68 + 0.95 * x - 0.62 * x * x;
  const condenser = 1 - 0.025 * (condenserInC - 30);
  const chilled = 1 + 0.03 * (chilledSetC - 7);
  return clamp(ratedCop * partLoad * condenser * chilled, 4.2, 6.4);
}

/** Condenser water entering the chiller: the tower's approach (4 K) above wet-bulb, never below 18 °C (tower bypass). */
export const condenserInC = (outdoor: number) => Math.max(18, wetBulbC(outdoor) + 4);

/** A variable-speed pump or fan: frequency follows the load (30–50 Hz), power with its cube (affinity laws). */
export const affinityKw = (ratedKw: number, freqHz: number) => ratedKw * (freqHz / 50) ** 3;
