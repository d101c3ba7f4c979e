import type { Lang, WallResponse, WallStation } from '@gridops/contract';
import { wallClock } from '@gridops/format';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { EventService } from '../event/service.js';
import type { KpiService } from '../kpi/service.js';
import type { StatisticsService } from '../statistics/service.js';
import type { WorkOrderService } from '../workorders/service.js';
import { dayCurve, sumCurves, sumLevels, topTransformers, weightedSoc, worstLevel } from './compose.js';
import { wallRepository, type WallRepository } from './repository.js';
import { pickLang } from '../../lib/lang.js';


/** How many of the latest alarms and faults the ticker carries. */
export const TICKER_SIZE = 20;

interface Deps {
  access: AccessService;
  kpi: KpiService;
  statistics: StatisticsService;
  events: EventService;
  workOrders: WorkOrderService;
}

/**
 * The operations-centre wall screen (issue 30, docs/wall.md). Like the KPI strips it computes no figure of its
 * own: the portfolio strip and every site's load, energy, cost, PV, SOC, transformer cards and alarm counts
 * come from the KPI service (which reads them from the overview, expense and distribution services), the load
 * curve from each site's power statistics for the day, the overdue count from the work-order list and the
 * ticker from the event list. The services check the scope; the organisation's sites come from the access
 * service as every centre read does.
 */
export function createWallService(db: Db, deps: Deps, repo: WallRepository = wallRepository) {
  const { access, kpi, statistics, events, workOrders } = deps;

  return {
    async overview(user: AuthUser, orgIdIn: number | undefined, lang: Lang, now = new Date()): Promise<WallResponse> {
      const orgId = orgIdIn ?? user.orgId;
      const ids = await access.projectsUnderOrg(user, orgId);
      const projects = await repo.stations(db, ids);
      // The KPI figures and the sites' day statistics and overdue counts do not depend on each other: read
      // side by side (each branch one site at a time, as the KPI strip reads them).
      const extrasOf = async () => {
        const out = new Map<number, { stats: Awaited<ReturnType<StatisticsService['stats']>>; overdue: number }>();
        for (const p of projects) {
          const [stats, overdue] = await Promise.all([
            statistics.stats(user, { project_id: p.id, category: 'power_use', period: 'day' }),
            workOrders.list(user, { project_id: p.id, overdue: true, page: 1, size: 1 }),
          ]);
          out.set(p.id, { stats, overdue: overdue.total });
        }
        return out;
      };
      const [figures, extras] = await Promise.all([kpi.centreFigures(user, orgId, lang, now), extrasOf()]);
      const byId = new Map(figures.sites.map((s) => [s.id, s]));
      const perSite: { station: WallStation; curve: ReturnType<typeof dayCurve>; transformers: { device_id: number; name: string; load_rate: number | null; rated_kva: number | null }[] }[] = [];
      for (const p of projects) {
        const f = byId.get(p.id)?.f;
        const x = extras.get(p.id);
        if (!f || !x) continue;
        const levels = f.alarms.by_level;
        perSite.push({
          station: {
            project_id: p.id,
            name: pickLang(lang, p.name, p.name_en),
            city: pickLang(lang, p.city, p.city_en),
            latitude: p.latitude,
            longitude: p.longitude,
            timezone: p.timezone,
            capacity_kva: p.capacity_kva,
            pv_capacity_kw: p.pv_capacity_kw,
            storage_capacity_kwh: p.storage_capacity_kwh,
            load_kw: f.kpi.load_kw,
            energy_today_kwh: f.kpi.energy_today_kwh,
            cost_today: f.kpi.cost_today,
            pv_now_kw: f.kpi.pv?.now_kw ?? null,
            pv_today_kwh: f.kpi.pv?.today_kwh ?? null,
            soc_pct: f.kpi.storage?.soc_pct ?? null,
            worst_level: worstLevel(levels),
            active_by_level: levels,
            pending_events: f.alarms.pending,
            overdue_orders: x.overdue,
          },
          curve: dayCurve(x.stats.buckets, wallClock(now, p.timezone).hour),
          transformers: f.transformers,
        });
      }
      const stations = perSite.map((s) => s.station);
      const activeByLevel = sumLevels(stations.map((s) => s.active_by_level));
      const ticker = await events.list(user, { project_ids: ids, type: [2, 3], page: 1, size: TICKER_SIZE }, lang);
      return {
        org_id: orgId,
        generated_at: now.toISOString(),
        kpi: figures.centre,
        storage: weightedSoc(stations.map((s) => ({ capacity_kwh: s.storage_capacity_kwh, soc_pct: s.soc_pct }))),
        events: {
          active_by_level: activeByLevel,
          active: activeByLevel[1] + activeByLevel[2] + activeByLevel[3] + activeByLevel[4],
          pending: stations.reduce((a, s) => a + s.pending_events, 0),
        },
        overdue_orders: stations.reduce((a, s) => a + s.overdue_orders, 0),
        load_curve: { today: sumCurves(perSite.map((s) => s.curve.today)), yesterday: sumCurves(perSite.map((s) => s.curve.yesterday)) },
        transformers: topTransformers(perSite.map((s) => ({ project_id: s.station.project_id, site_name: s.station.name, transformers: s.transformers }))),
        stations,
        ticker: ticker.list.map((e) => ({
          id: e.id,
          project_id: e.project_id,
          project_name: e.project_name,
          device_name: e.device_name,
          event_type: e.event_type,
          level: e.level,
          active: e.active,
          message: e.message,
          message_key: e.message_key,
          message_params: e.message_params,
          raised_at: e.raised_at,
        })),
      };
    },
  };
}

export type WallService = ReturnType<typeof createWallService>;
