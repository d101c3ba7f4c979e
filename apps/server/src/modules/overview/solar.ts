import SunCalc from 'suncalc';
import { addDays, daysBetween, siteDayEnd, siteDayStart } from '../statistics/periods.js';

/**
 * Clear-sky irradiation estimate for the PV performance ratio (docs/energy-model.md, "New energy"):
 * Haurwitz (1945) global horizontal irradiance GHI = 1098 · cos z · exp(−0.057 / cos z) W/m² for a zenith
 * angle z below 90°, integrated over the local day in 10-minute steps. There is no irradiance sensor in the
 * catalogue, so PR against clear sky is a lower bound of the true PR on cloudy days.
 */
const STEP_MS = 10 * 60_000;
const cache = new Map<string, number>();

export function haurwitzGhi(cosZenith: number): number {
  return cosZenith <= 0 ? 0 : 1098 * cosZenith * Math.exp(-0.057 / cosZenith);
}

/** kWh/m² over one local day. */
export function clearSkyDay(date: string, latitude: number, longitude: number, zone: string): number {
  const key = `${date}|${latitude.toFixed(3)}|${longitude.toFixed(3)}|${zone}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  const start = siteDayStart(date, zone).getTime();
  const end = siteDayEnd(date, zone).getTime();
  let wh = 0;
  for (let t = start + STEP_MS / 2; t < end; t += STEP_MS) {
    const alt = SunCalc.getPosition(new Date(t), latitude, longitude).altitude;
    wh += haurwitzGhi(Math.sin(alt)) * (STEP_MS / 3_600_000);
  }
  const kwh = wh / 1000;
  if (cache.size > 20_000) cache.clear();
  cache.set(key, kwh);
  return kwh;
}

/** kWh/m² from `from` to `to`, inclusive local dates. */
export function clearSkyRange(from: string, to: string, latitude: number, longitude: number, zone: string): number {
  let sum = 0;
  const days = daysBetween(from, to);
  for (let i = 0; i < days; i++) sum += clearSkyDay(addDays(from, i), latitude, longitude, zone);
  return sum;
}
