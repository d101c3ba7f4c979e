import { weatherObservation, type WeatherNowResponse, type WeatherObservation } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { ProviderConfig } from './providers.js';
import { weatherRepository as repo } from './repository.js';

/** A site's answer is shared for this long (by every server instance: the cache is a table). */
export const WEATHER_CACHE_MS = 10 * 60_000;

export type WeatherFetcher = (cfg: ProviderConfig, latitude: number, longitude: number) => Promise<WeatherObservation | null>;

/**
 * Current conditions through the server: the provider key stays here. One provider request per site per
 * 10 minutes whoever asks; when the provider fails, the last answer (if any) is better than none.
 */
export function createWeatherService(db: Db, access: AccessService, cfg: ProviderConfig, fetcher: WeatherFetcher) {
  return {
    async now(user: AuthUser, projectId: number): Promise<WeatherNowResponse> {
      await access.assertProject(user, projectId);
      const site = await repo.projectLocation(db, projectId);
      if (!site) throw notFound();
      const none = (reason: 'no_key' | 'unavailable'): WeatherNowResponse => ({ project_id: projectId, provider: null, now: null, reason, fetched_at: null });
      if (!cfg.key) return none('no_key');

      const cached = await repo.cached(db, projectId);
      const parsed = cached && cached.provider === cfg.provider ? weatherObservation.safeParse(cached.observation) : null;
      const fromCache = (at: Date): WeatherNowResponse | null =>
        parsed?.success ? { project_id: projectId, provider: cfg.provider, now: parsed.data, reason: null, fetched_at: at.toISOString() } : null;
      if (cached && Date.now() - cached.fetched_at.getTime() < WEATHER_CACHE_MS) {
        const hit = fromCache(cached.fetched_at);
        if (hit) return hit;
      }
      const observation = await fetcher(cfg, site.latitude, site.longitude);
      if (!observation) return (cached && fromCache(cached.fetched_at)) ?? none('unavailable');
      const stored = await repo.store(db, projectId, cfg.provider, observation);
      return { project_id: projectId, provider: cfg.provider, now: observation, reason: null, fetched_at: stored.fetched_at.toISOString() };
    },
  };
}

export type WeatherService = ReturnType<typeof createWeatherService>;
