import { z } from 'zod';
import { dbIdParam } from '../ids.js';
import { COST_UNKNOWN_REASONS } from './energyStats.js';

/**
 * Live KPI strips of /SiteHome and /CentreHome (issue 26 item 9). Every figure is the one a detail page shows,
 * taken from the same server function (docs/pages/home-kpis.md); null is "unknown", never 0.
 */
export const siteKpiRequest = z.object({ project_id: dbIdParam });

export const siteKpi = z.object({
  project_id: z.number().int(),
  /** The site's local date the "today" figures belong to (YYYY-MM-DD). */
  date: z.string(),
  generated_at: z.string(),
  /** Site load now, kW (= /EnergyManage/PowerOverview 实时负荷). */
  load_kw: z.number().nullable(),
  /** Consumption today, kWh (= /EnergyManage/PowerOverview 今日用电). */
  energy_today_kwh: z.number().nullable(),
  /** Grid-import cost today, 元 (= /EnergyManage/PowerExpense for today); null with cost_unknown. */
  cost_today: z.number().nullable(),
  cost_unknown: z.enum(COST_UNKNOWN_REASONS).nullable(),
  /** Null when the site has no PV (the tiles are hidden, not shown as 0). */
  pv: z.object({ now_kw: z.number().nullable(), today_kwh: z.number() }).nullable(),
  /** Null when the site has no storage. */
  storage: z.object({ soc_pct: z.number().nullable() }).nullable(),
  /** The most loaded transformer (= its card on /ElectricalRoom); null without transformers. */
  transformer: z.object({ device_id: z.number().int(), name: z.string(), load_pct: z.number().nullable() }).nullable(),
  /** Combined power factor of the transformers, ΣP / √(ΣP² + ΣQ²). */
  power_factor: z.number().nullable(),
});
export type SiteKpi = z.infer<typeof siteKpi>;

export const centreKpiRequest = z.object({ org_id: dbIdParam.optional() });

export const centreKpi = z.object({
  org_id: z.number().int(),
  generated_at: z.string(),
  site_count: z.number().int(),
  /** Σ of the sites' load now (sites with an unknown load left out; null when all are unknown). */
  load_kw: z.number().nullable(),
  energy_today_kwh: z.number().nullable(),
  /** Σ of the sites' cost today; sites without a tariff are left out and counted in cost_unknown_sites. */
  cost_today: z.number().nullable(),
  cost_unknown_sites: z.number().int(),
  generation_today_kwh: z.number(),
  /** CO₂ of today's grid import, kg (the carbon pages' electricity factor). */
  carbon_today_kg: z.number(),
  /** The site whose most loaded transformer has the highest load rate; null when no site has one. */
  worst_site: z
    .object({ project_id: z.number().int(), name: z.string(), transformer: z.string(), load_pct: z.number() })
    .nullable(),
  /** Each site's figures, so the centre's sums can be checked against the sites. */
  sites: z.array(
    z.object({
      project_id: z.number().int(),
      name: z.string(),
      load_kw: z.number().nullable(),
      energy_today_kwh: z.number().nullable(),
      cost_today: z.number().nullable(),
      generation_today_kwh: z.number(),
      carbon_today_kg: z.number(),
      load_pct: z.number().nullable(),
    }),
  ),
});
export type CentreKpi = z.infer<typeof centreKpi>;
