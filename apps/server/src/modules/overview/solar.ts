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

/** A tilted module plane: tilt from horizontal and the compass direction it faces (180 = south), degrees. */
export interface Plane {
  tilt_deg: number;
  azimuth_deg: number;
}

/** Under a clear sky about 15 % of global horizontal irradiance is diffuse; ground albedo 0.2 (grass, concrete). */
const CLEAR_DIFFUSE_FRACTION = 0.15;
const ALBEDO = 0.2;
const rad = (deg: number) => (deg * Math.PI) / 180;

/**
 * Clear-sky irradiance on a plane, W/m², from the sun's altitude and azimuth (SunCalc: azimuth from south,
 * west positive): beam on the plane by the angle of incidence, isotropic sky diffuse (Liu–Jordan) and ground
 * reflection. Without a plane, the global horizontal irradiance.
 */
export function clearSkyIrradiance(altitude: number, sunAzimuth: number, plane?: Plane): number {
  const cosZ = Math.sin(altitude);
  const ghi = haurwitzGhi(cosZ);
  if (!plane || ghi === 0) return ghi;
  const beta = rad(plane.tilt_deg);
  const gamma = rad(plane.azimuth_deg - 180);
  const dhi = ghi * CLEAR_DIFFUSE_FRACTION;
  const cosTheta = cosZ * Math.cos(beta) + Math.sqrt(1 - cosZ * cosZ) * Math.sin(beta) * Math.cos(sunAzimuth - gamma);
  // Near the horizon the beam term divides by almost nothing: count it only once the sun is 3° up.
  const beam = cosZ > 0.05 ? ((ghi - dhi) * Math.max(cosTheta, 0)) / cosZ : 0;
  return beam + dhi * ((1 + Math.cos(beta)) / 2) + ghi * ALBEDO * ((1 - Math.cos(beta)) / 2);
}

/** kWh/m² over one local day, on the horizontal or on a plane. */
export function clearSkyDay(date: string, latitude: number, longitude: number, zone: string, plane?: Plane): number {
  const key = `${date}|${latitude.toFixed(3)}|${longitude.toFixed(3)}|${zone}|${plane ? `${plane.tilt_deg}/${plane.azimuth_deg}` : 'h'}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  const start = siteDayStart(date, zone).getTime();
  const end = siteDayEnd(date, zone).getTime();
  let wh = 0;
  for (let t = start + STEP_MS / 2; t < end; t += STEP_MS) {
    const sun = SunCalc.getPosition(new Date(t), latitude, longitude);
    wh += clearSkyIrradiance(sun.altitude, sun.azimuth, plane) * (STEP_MS / 3_600_000);
  }
  const kwh = wh / 1000;
  if (cache.size > 20_000) cache.clear();
  cache.set(key, kwh);
  return kwh;
}

/** kWh/m² from `from` to `to`, inclusive local dates, on the horizontal or on a plane. */
export function clearSkyRange(from: string, to: string, latitude: number, longitude: number, zone: string, plane?: Plane): number {
  let sum = 0;
  const days = daysBetween(from, to);
  for (let i = 0; i < days; i++) sum += clearSkyDay(addDays(from, i), latitude, longitude, zone, plane);
  return sum;
}

/**
 * What the arrays should yield under a clear sky, kWh: Σ kWp × plane irradiation (kWh/m² ÷ 1 kW/m²) × design
 * PR (IEC 61724-1's reference yield times PR). An upper bound on cloudy days.
 */
export function expectedClearSkyYield(
  arrays: readonly (Plane & { capacity_kwp: number; performance_ratio: number })[],
  from: string,
  to: string,
  site: { latitude: number; longitude: number; zone: string },
): number {
  return arrays.reduce((sum, a) => sum + a.capacity_kwp * a.performance_ratio * clearSkyRange(from, to, site.latitude, site.longitude, site.zone, a), 0);
}
