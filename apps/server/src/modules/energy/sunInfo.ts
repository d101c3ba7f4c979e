import SunCalc from 'suncalc';
import { siteDate, toZonedIso } from '@gridops/format';

export interface SunTimes {
  date: string;
  sunrise: string | null;
  sunset: string | null;
  solar_noon: string;
  day_length_minutes: number;
}

const valid = (d: Date) => !Number.isNaN(d.getTime());

/**
 * Sunrise, sunset, solar noon and day length of the site's local calendar day, from the sun's position
 * (suncalc, after the NOAA/Meeus formulas). In polar day or night sunrise/sunset do not exist: null, and a day
 * length of 1440 or 0 minutes.
 */
export function computeSunTimes(at: Date, latitude: number, longitude: number, timeZone: string): SunTimes {
  const date = siteDate(timeZone, at);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  // Local solar noon of that calendar day, approximately: suncalc picks the day from the instant it is given.
  const nearNoon = new Date(Date.UTC(y, m - 1, d, 12) - (longitude / 15) * 3600_000);
  const t = SunCalc.getTimes(nearNoon, latitude, longitude);
  const hasRise = valid(t.sunrise) && valid(t.sunset);
  let dayLength = hasRise ? (t.sunset.getTime() - t.sunrise.getTime()) / 60_000 : 0;
  if (!hasRise) dayLength = SunCalc.getPosition(t.solarNoon, latitude, longitude).altitude > 0 ? 1440 : 0;
  return {
    date,
    sunrise: hasRise ? toZonedIso(t.sunrise, timeZone) : null,
    sunset: hasRise ? toZonedIso(t.sunset, timeZone) : null,
    solar_noon: toZonedIso(t.solarNoon, timeZone),
    day_length_minutes: Math.round(dayLength),
  };
}
