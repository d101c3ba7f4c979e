import { combinedPowerFactorOf, type CentreKpi, type DistributionOverview, type Lang, type SiteKpi } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { DistributionService } from '../distribution/service.js';
import { co2Kg } from '../overview/factors.js';
import type { OverviewService } from '../overview/service.js';
import type { StatisticsService } from '../statistics/service.js';
import { round } from '../statistics/counterEnergy.js';
import { kpiRepository, type KpiRepository } from './repository.js';
import { pickLang } from '../../lib/lang.js';


interface Deps {
  access: AccessService;
  overview: OverviewService;
  statistics: StatisticsService;
  distribution: DistributionService;
}

/**
 * A site's KPIs plus what the centre sums that the strip does not show (grid import for carbon), and the
 * distribution overview's transformer cards and alarm counts the wall screen shows (docs/wall.md).
 */
export interface SiteFigures {
  kpi: SiteKpi;
  gridImportToday: number | null;
  transformers: DistributionOverview['transformers'];
  alarms: DistributionOverview['alarms'];
}

/** The centre's strip with the figures of each of its sites (what the wall screen composes). */
export interface CentreFigures {
  centre: CentreKpi;
  sites: { id: number; name: string; f: SiteFigures }[];
}

/**
 * KPI strips of /SiteHome and /CentreHome (issue 26 item 9). No figure is computed here: each one is read
 * from the service of the page that shows it in detail, so the strip and the page agree by construction —
 * load now and today's consumption from the power overview, today's cost from the expense report of today,
 * PV from the new-energy overview, SOC from the storage overview, transformer load rate and PF from the
 * distribution overview's transformer cards (docs/pages/home-kpis.md). The centre sums its sites' figures.
 */
export function createKpiService(db: Db, deps: Deps, repo: KpiRepository = kpiRepository) {
  const { access, overview, statistics, distribution } = deps;

  async function siteFigures(user: AuthUser, projectId: number, lang: Lang, now: Date): Promise<SiteFigures> {
    await access.assertProject(user, projectId);
    const [power, pv, storage, expense, dist] = await Promise.all([
      overview.power(user, projectId, undefined, now),
      overview.newEnergy(user, projectId, undefined, now),
      overview.storage(user, projectId, undefined, now),
      statistics.expense(user, { project_id: projectId, period: 'day' }),
      distribution.overview(user, projectId, lang, now),
    ]);
    const transformers = dist.transformers;
    const worst = transformers.reduce<(typeof transformers)[number] | null>(
      (m, t) => (t.load_rate !== null && (m === null || m.load_rate === null || t.load_rate > m.load_rate) ? t : m),
      transformers[0] ?? null,
    );
    const totalUnknown = power.total_unknown !== null;
    return {
      kpi: {
        project_id: projectId,
        date: power.date,
        generated_at: now.toISOString(),
        load_kw: power.live_kw,
        energy_today_kwh: totalUnknown ? null : power.consumption.today,
        cost_today: expense.total.cost,
        cost_unknown: expense.cost_unknown,
        pv: pv.capacity_kwp > 0 ? { now_kw: pv.live_kw, today_kwh: pv.generation.today } : null,
        storage: storage.capacity_kwh > 0 ? { soc_pct: storage.live.soc_pct } : null,
        transformer: worst ? { device_id: worst.device_id, name: worst.name, load_pct: worst.load_rate } : null,
        power_factor: combinedPowerFactorOf(transformers.map((t) => ({ kw: t.p_kw, pf: t.pf }))),
      },
      gridImportToday: totalUnknown ? null : power.grid_import.today,
      transformers,
      alarms: dist.alarms,
    };
  }

  const sumOrNull = (xs: (number | null)[]) => (xs.some((x) => x !== null) ? xs.reduce<number>((a, x) => a + (x ?? 0), 0) : null);

  /** The centre's strip and each site's figures it was summed from (one read of every site). */
  async function centreFigures(user: AuthUser, orgIdIn: number | undefined, lang: Lang, now = new Date()): Promise<CentreFigures> {
    const orgId = orgIdIn ?? user.orgId;
    const ids = await access.projectsUnderOrg(user, orgId);
    const projects = await repo.projects(db, ids);
    // One site at a time: each one runs five overview queries already, and the machine may be small.
    const sites: { id: number; name: string; f: SiteFigures }[] = [];
    for (const p of projects) sites.push({ id: p.id, name: pickLang(lang, p.name, p.name_en), f: await siteFigures(user, p.id, lang, now) });
    const rows = sites.map(({ id, name, f }) => ({
      project_id: id,
      name,
      load_kw: f.kpi.load_kw,
      energy_today_kwh: f.kpi.energy_today_kwh,
      cost_today: f.kpi.cost_today,
      generation_today_kwh: f.kpi.pv?.today_kwh ?? 0,
      carbon_today_kg: round(co2Kg('power', f.gridImportToday ?? 0), 1),
      load_pct: f.kpi.transformer?.load_pct ?? null,
    }));
    const worst = sites.reduce<{ id: number; name: string; f: SiteFigures } | null>((m, s) => {
      const pct = s.f.kpi.transformer?.load_pct ?? null;
      if (pct === null) return m;
      return m === null || pct > (m.f.kpi.transformer?.load_pct ?? -1) ? s : m;
    }, null);
    const round2 = (v: number | null) => (v === null ? null : round(v, 2));
    const centre: CentreKpi = {
      org_id: orgId,
      generated_at: now.toISOString(),
      site_count: sites.length,
      load_kw: round2(sumOrNull(rows.map((r) => r.load_kw))),
      energy_today_kwh: round2(sumOrNull(rows.map((r) => r.energy_today_kwh))),
      cost_today: round2(sumOrNull(rows.map((r) => r.cost_today))),
      cost_unknown_sites: rows.filter((r) => r.cost_today === null).length,
      generation_today_kwh: round(rows.reduce((a, r) => a + r.generation_today_kwh, 0), 2),
      carbon_today_kg: round(rows.reduce((a, r) => a + r.carbon_today_kg, 0), 1),
      worst_site:
        worst && worst.f.kpi.transformer && worst.f.kpi.transformer.load_pct !== null
          ? { project_id: worst.id, name: worst.name, transformer: worst.f.kpi.transformer.name, load_pct: worst.f.kpi.transformer.load_pct }
          : null,
      sites: rows,
    };
    return { centre, sites };
  }

  return {
    centreFigures,

    async site(user: AuthUser, projectId: number, lang: Lang, now = new Date()): Promise<SiteKpi> {
      return (await siteFigures(user, projectId, lang, now)).kpi;
    },

    async centre(user: AuthUser, orgIdIn: number | undefined, lang: Lang, now = new Date()): Promise<CentreKpi> {
      return (await centreFigures(user, orgIdIn, lang, now)).centre;
    },
  };
}

export type KpiService = ReturnType<typeof createKpiService>;
