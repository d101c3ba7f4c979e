import type { DaySunInfo, Project } from '@gridops/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';
import { appConfig } from '../../api/config';

/** Current conditions as the QWeather-style `now` object; only the fields the widget shows. */
export interface CurrentWeather {
  temp?: string;
  feelsLike?: string;
  text?: string;
  humidity?: string;
  windDir?: string;
  windScale?: string;
  obsTime?: string;
}

/** Spec §3 "Weather result": external current conditions merged with the server's day sun information. */
export type WeatherResult = Partial<DaySunInfo> & { now: CurrentWeather | null };

const WEATHER_TIMEOUT_MS = 8_000;

/** `{location}` is "lon,lat" of the project, `{key}` the configured key; null when no key is configured. */
export function weatherUrl(template: string, key: string, p: Pick<Project, 'longitude' | 'latitude'>): string | null {
  if (!template || !key) return null;
  return template.replace('{location}', `${p.longitude.toFixed(2)},${p.latitude.toFixed(2)}`).replace('{key}', encodeURIComponent(key));
}

/** The external service is optional: any failure is a quiet `null`, never a pop-up (no internet here). */
async function fetchCurrent(url: string): Promise<CurrentWeather | null> {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), WEATHER_TIMEOUT_MS);
  try {
    const res = await fetch(url, { signal: ctl.signal });
    const body = (await res.json()) as { code?: string; now?: CurrentWeather };
    return body.now ?? null;
  } catch (e) {
    console.info('[weather] unavailable', e instanceof Error ? e.message : e);
    return null;
  } finally {
    clearTimeout(timer);
  }
}

export function useWeather(project: Project | null) {
  return useQuery({
    queryKey: ['weather', project?.id],
    enabled: project !== null,
    staleTime: 10 * 60_000,
    retry: false,
    queryFn: async (): Promise<WeatherResult> => {
      if (!project) return { now: null };
      const cfg = appConfig();
      const url = weatherUrl(cfg.weatherURL, cfg.weatherKey, project);
      const [sun, now] = await Promise.all([
        http.post<DaySunInfo>('/api/v6/energy/daySunInfo', { project_id: project.id }, { silent: true }).catch(() => null),
        url ? fetchCurrent(url) : Promise.resolve(null),
      ]);
      return { ...(sun ?? {}), now };
    },
  });
}
