import { addDays, siteDate, toZonedIso } from '@gridops/format';
import type { ForecastAccuracyResponse, ForecastResponse } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import { backtest } from './backtest.js';
import { forecastSite, type ForecastSite } from './forecast.js';
import { forecastRepository, type ForecastRepository, type ForecastSiteRow } from './repository.js';
import type { Band } from './quantiles.js';

/** Days of history a forecast reads: the load profile's 8 weeks and a day. */
const HISTORY_DAYS = 57;
const r = (v: number, d = 3) => Math.round(v * 10 ** d) / 10 ** d;
const band = (b: Band): Band => ({ p10: r(b.p10), p50: r(b.p50), p90: r(b.p90) });
const siteOf = (s: ForecastSiteRow): ForecastSite => ({ latitude: s.latitude, longitude: s.longitude, zone: s.zone, planes: s.planes, design_pr: s.design_pr });

/**
 * Load and PV forecasts of a site (docs/forecast.md), computed on request from the stored history (8 weeks of
 * hours); storing them on a schedule is the dispatch slice's part. Reads: the caller must have the site in scope.
 */
export function createForecastService(db: Db, access: AccessService, repo: ForecastRepository = forecastRepository) {
  async function siteAndHistory(user: AuthUser, projectId: number, now: number, extraDays = 0) {
    await access.assertProject(user, projectId);
    const site = await repo.site(db, projectId);
    if (!site) throw notFound();
    const to = siteDate(site.zone, now);
    const stored = await repo.hourly(db, projectId, site.zone, addDays(to, -(HISTORY_DAYS + extraDays)), to, now);
    const history = stored ?? [];
    const reason = stored === null ? ('no_power_tree' as const) : history.some((h) => h.load_kwh !== null) ? null : ('no_history' as const);
    return { site, history, today: to, reason };
  }

  return {
    async forecast(user: AuthUser, projectId: number, hours: number, now = Date.now()): Promise<ForecastResponse> {
      const { site, history, reason } = await siteAndHistory(user, projectId, now);
      const f = forecastSite(siteOf(site), history, now, { slots: hours * 4 });
      return {
        project_id: projectId,
        cutoff: toZonedIso(now, site.zone),
        slot_minutes: f.slot_minutes,
        pv_kwp: r(site.pv_kwp),
        performance_ratio: { ...band(f.performance_ratio), days: f.performance_ratio.days },
        load_level: r(f.load_level, 4),
        load_days: f.load_days,
        reason,
        slots: reason ? [] : f.slots.map((s) => ({ start: toZonedIso(s.start_ms, site.zone), load_kw: band(s.load_kw), pv_kw: band(s.pv_kw) })),
      };
    },

    /** The last `days` whole days, each forecast as of its midnight, against what was measured. */
    async accuracy(user: AuthUser, projectId: number, days: number, now = Date.now()): Promise<ForecastAccuracyResponse> {
      const { site, history, today, reason } = await siteAndHistory(user, projectId, now, days);
      const dates = Array.from({ length: days }, (_, i) => addDays(today, i - days));
      const b = backtest(siteOf(site), history, dates);
      const nul = (v: number | null) => (v === null ? null : r(v, 2));
      const day = (d: (typeof b.load)[number]) => ({ ...d, mae_kw: r(d.mae_kw), nmae_pct: nul(d.nmae_pct), mape_pct: nul(d.mape_pct), coverage_pct: r(d.coverage_pct, 1) });
      return {
        project_id: projectId,
        pv_kwp: r(site.pv_kwp),
        reason,
        hours: b.hours.map((h) => ({ start: toZonedIso(h.start_ms, site.zone), load_kw: band(h.load_kw), load_actual: h.load_actual === null ? null : r(h.load_actual), pv_kw: band(h.pv_kw), pv_actual: h.pv_actual === null ? null : r(h.pv_actual) })),
        load: b.load.map(day),
        pv: b.pv.map(day),
        summary: {
          load_mape_pct: nul(b.summary.load_mape_pct),
          load_nmae_pct: nul(b.summary.load_nmae_pct),
          pv_nmae_pct: nul(b.summary.pv_nmae_pct),
          load_coverage_pct: nul(b.summary.load_coverage_pct),
          pv_coverage_pct: nul(b.summary.pv_coverage_pct),
        },
      };
    },
  };
}

export type ForecastService = ReturnType<typeof createForecastService>;
