import { z } from 'zod';
import { dbId } from '../ids.js';

/** POST /api/v6/weather/now: current conditions at a site, fetched by the server (the key never leaves it). */
export const weatherNowRequest = z.object({ project_id: dbId });

/** Weather kinds the console names in its own language (both providers' codes map onto these). */
export const WEATHER_CONDITIONS = ['clear', 'partly_cloudy', 'cloudy', 'overcast', 'drizzle', 'rain', 'thunderstorm', 'sleet', 'snow', 'fog', 'haze', 'dust', 'unknown'] as const;
export type WeatherCondition = (typeof WEATHER_CONDITIONS)[number];
export const WIND_DIRECTIONS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export const WEATHER_PROVIDERS = ['qweather', 'openweather'] as const;
export type WeatherProvider = (typeof WEATHER_PROVIDERS)[number];

/** One observation, in the same units whichever provider answered. */
export const weatherObservation = z.object({
  condition: z.enum(WEATHER_CONDITIONS),
  /** The provider's own words for it (its language), for a tooltip. */
  text: z.string(),
  temp_c: z.number().nullable(),
  feels_like_c: z.number().nullable(),
  humidity_pct: z.number().nullable(),
  wind_speed_kmh: z.number().nullable(),
  /** Beaufort force derived from the wind speed. */
  wind_scale: z.number().int().nullable(),
  wind_dir: z.enum(WIND_DIRECTIONS).nullable(),
  observed_at: z.string().nullable(),
});
export type WeatherObservation = z.infer<typeof weatherObservation>;

export const weatherNowResponse = z.object({
  project_id: z.number().int(),
  provider: z.enum(WEATHER_PROVIDERS).nullable(),
  now: weatherObservation.nullable(),
  /** Why there is no observation: no key configured on the server, or the provider could not be reached. */
  reason: z.enum(['no_key', 'unavailable']).nullable(),
  /** When the server fetched it (answers are shared per site for 10 minutes). */
  fetched_at: z.string().nullable(),
});
export type WeatherNowResponse = z.infer<typeof weatherNowResponse>;
