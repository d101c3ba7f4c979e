import { energyApi, weatherApi, type DaySunInfo, type Project, type WeatherNowResponse } from '@gridops/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/api';

/**
 * Spec §3 "Weather result": the server's current conditions (it holds the provider key and caches per site)
 * merged with the server's day sun information. A failed weather call is "unavailable", never a pop-up.
 */
export type WeatherResult = Partial<DaySunInfo> & { weather: Pick<WeatherNowResponse, 'now' | 'reason'> };

const UNAVAILABLE: WeatherResult['weather'] = { now: null, reason: 'unavailable' };

export function useWeather(project: Project | null) {
  return useQuery({
    queryKey: ['weather', project?.id],
    enabled: project !== null,
    // The server shares an answer per site for 10 minutes: asking more often gains nothing.
    staleTime: 10 * 60_000,
    retry: false,
    queryFn: async (): Promise<WeatherResult> => {
      if (!project) return { weather: UNAVAILABLE };
      const body = { project_id: project.id };
      const [sun, weather] = await Promise.all([
        api(energyApi.daySunInfo, body, { silent: true }).catch(() => null),
        api(weatherApi.now, body, { silent: true }).catch(() => null),
      ]);
      return { ...(sun ?? {}), weather: weather ?? UNAVAILABLE };
    },
  });
}
