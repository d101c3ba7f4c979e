import { z } from 'zod';
import type { Outbound } from '../../lib/outbound/index.js';
import { WIND_DIRECTIONS, type WeatherCondition, type WeatherObservation, type WeatherProvider } from '@gridops/contract';

/** Provider answers we read (docs/shell.md, "Weather"): only the fields the console shows. */
const num = z.union([z.number(), z.string()]).transform((v) => (v === '' ? null : Number(v))).pipe(z.number().finite().nullable());

const qweatherAnswer = z.object({
  code: z.string(),
  now: z
    .object({
      obsTime: z.string().optional(),
      temp: num.optional(),
      feelsLike: num.optional(),
      icon: z.string().optional(),
      text: z.string().optional(),
      wind360: num.optional(),
      windSpeed: num.optional(),
      humidity: num.optional(),
    })
    .optional(),
});

const openWeatherAnswer = z.object({
  weather: z.array(z.object({ id: z.number().int(), description: z.string().optional() })).optional(),
  main: z.object({ temp: z.number().optional(), feels_like: z.number().optional(), humidity: z.number().optional() }).optional(),
  wind: z.object({ speed: z.number().optional(), deg: z.number().optional() }).optional(),
  dt: z.number().optional(),
});

/** QWeather icon codes (https://dev.qweather.com/docs/resource/icons/) → our condition. */
export function qweatherCondition(icon: string | undefined): WeatherCondition {
  const c = Number(icon);
  if (!Number.isFinite(c)) return 'unknown';
  if (c === 100 || c === 150) return 'clear';
  if (c === 101 || c === 151) return 'cloudy';
  if ((c >= 102 && c <= 103) || (c >= 152 && c <= 153)) return 'partly_cloudy';
  if (c === 104) return 'overcast';
  if (c >= 302 && c <= 304) return 'thunderstorm';
  if (c === 309) return 'drizzle';
  if (c >= 300 && c < 400) return 'rain';
  if ((c >= 404 && c <= 406) || c === 456) return 'sleet';
  if (c >= 400 && c < 500) return 'snow';
  if (c === 500 || c === 501 || (c >= 509 && c <= 510) || (c >= 514 && c <= 515)) return 'fog';
  if (c === 502 || (c >= 511 && c <= 513)) return 'haze';
  if (c >= 503 && c <= 508) return 'dust';
  return 'unknown';
}

/** OpenWeather condition ids (https://openweathermap.org/weather-conditions) → our condition. */
export function openWeatherCondition(id: number | undefined): WeatherCondition {
  if (id === undefined) return 'unknown';
  if (id >= 200 && id < 300) return 'thunderstorm';
  if (id >= 300 && id < 400) return 'drizzle';
  if (id === 511 || (id >= 611 && id <= 616)) return 'sleet';
  if (id >= 500 && id < 600) return 'rain';
  if (id >= 600 && id < 700) return 'snow';
  if (id === 701 || id === 741) return 'fog';
  if (id === 711 || id === 721) return 'haze';
  if (id >= 700 && id < 800) return 'dust';
  if (id === 800) return 'clear';
  if (id === 801 || id === 802) return 'partly_cloudy';
  if (id === 803) return 'cloudy';
  if (id === 804) return 'overcast';
  return 'unknown';
}

/** Beaufort force from km/h (the upper bounds of forces 0–11; above is 12). */
const BEAUFORT_KMH = [1, 6, 12, 20, 29, 39, 50, 62, 75, 89, 103, 118];
export function beaufort(kmh: number | null): number | null {
  if (kmh === null) return null;
  const force = BEAUFORT_KMH.findIndex((limit) => kmh < limit);
  return force === -1 ? 12 : force;
}

export const compass = (deg: number | null) => (deg === null ? null : WIND_DIRECTIONS[Math.round((((deg % 360) + 360) % 360) / 45) % 8]!);

const round1 = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(v * 10) / 10);

export interface ProviderConfig {
  provider: WeatherProvider;
  key: string;
  /** Base URL of the provider's API (default: the public one). */
  baseUrl: string;
}

/** The request for current conditions at a place; the key goes in the query, as both providers take it. */
export function providerUrl(cfg: ProviderConfig, latitude: number, longitude: number): string {
  const base = cfg.baseUrl.replace(/\/+$/, '');
  if (cfg.provider === 'qweather') {
    const q = new URLSearchParams({ location: `${longitude.toFixed(2)},${latitude.toFixed(2)}`, key: cfg.key });
    return `${base}/v7/weather/now?${q}`;
  }
  const q = new URLSearchParams({ lat: latitude.toFixed(4), lon: longitude.toFixed(4), appid: cfg.key, units: 'metric' });
  return `${base}/data/2.5/weather?${q}`;
}

/** The provider's answer as our observation; null when it is not one (an error code, another shape). */
export function parseAnswer(provider: WeatherProvider, body: unknown): WeatherObservation | null {
  if (provider === 'qweather') {
    const a = qweatherAnswer.safeParse(body);
    if (!a.success || a.data.code !== '200' || !a.data.now) return null;
    const n = a.data.now;
    const speed = n.windSpeed ?? null;
    return {
      condition: qweatherCondition(n.icon),
      text: n.text ?? '',
      temp_c: round1(n.temp),
      feels_like_c: round1(n.feelsLike),
      humidity_pct: round1(n.humidity),
      wind_speed_kmh: round1(speed),
      wind_scale: beaufort(speed),
      wind_dir: compass(n.wind360 ?? null),
      observed_at: n.obsTime && !Number.isNaN(Date.parse(n.obsTime)) ? new Date(n.obsTime).toISOString() : null,
    };
  }
  const a = openWeatherAnswer.safeParse(body);
  if (!a.success || !a.data.main) return null;
  const w = a.data.weather?.[0];
  // metric units: m/s.
  const speed = a.data.wind?.speed === undefined ? null : a.data.wind.speed * 3.6;
  return {
    condition: openWeatherCondition(w?.id),
    text: w?.description ?? '',
    temp_c: round1(a.data.main.temp),
    feels_like_c: round1(a.data.main.feels_like),
    humidity_pct: round1(a.data.main.humidity),
    wind_speed_kmh: round1(speed),
    wind_scale: beaufort(speed),
    wind_dir: compass(a.data.wind?.deg ?? null),
    observed_at: a.data.dt === undefined ? null : new Date(a.data.dt * 1000).toISOString(),
  };
}

const FETCH_TIMEOUT_MS = 8_000;
const ANSWER_MAX_BYTES = 256 * 1024;

/**
 * Asks the provider through the outbound guard (the configured API's own host allowed, whatever it resolves to:
 * the operator chose it); null on any failure (refused, network, status, size, shape): weather is optional.
 */
export function observationFetcher(outbound: Outbound) {
  return async (cfg: ProviderConfig, latitude: number, longitude: number): Promise<WeatherObservation | null> => {
    try {
      const res = await outbound.request(providerUrl(cfg, latitude, longitude), { timeoutMs: FETCH_TIMEOUT_MS, maxBytes: ANSWER_MAX_BYTES, headers: { accept: 'application/json' } });
      if (res.status < 200 || res.status >= 300) return null;
      return parseAnswer(cfg.provider, JSON.parse(res.body.toString('utf8')));
    } catch {
      return null;
    }
  };
}

/** The guard for the weather API: OUTBOUND_ALLOW plus the configured base URL's host. */
export function weatherOutbound(outbound: Outbound, cfg: ProviderConfig): Outbound {
  try {
    return outbound.allowing([new URL(cfg.baseUrl).hostname]);
  } catch {
    return outbound;
  }
}
