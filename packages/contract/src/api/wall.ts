import { z } from 'zod';
import { dbIdParam } from '../ids.js';
import { eventMessageFields } from './event.js';
import { centreKpi } from './kpi.js';

/**
 * The operations-centre wall screen (/CentreWall, issue 30, docs/wall.md): one answer with everything the wall
 * shows. No figure is computed for the wall alone: each comes from the service of the page that shows it in
 * detail (the centre KPI strip, the distribution overview, the power statistics, the work-order and event
 * lists), so the wall and those pages agree by construction.
 */
export const wallRequest = z.object({ org_id: dbIdParam.optional() });

const byLevel = z.object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int(), 4: z.number().int() });

export const wallStation = z.object({
  project_id: z.number().int(),
  name: z.string(),
  city: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  timezone: z.string(),
  capacity_kva: z.number(),
  pv_capacity_kw: z.number(),
  storage_capacity_kwh: z.number(),
  /** = the site's KPI strip (/SiteHome), from the power, new-energy and storage overviews. */
  load_kw: z.number().nullable(),
  energy_today_kwh: z.number().nullable(),
  cost_today: z.number().nullable(),
  pv_now_kw: z.number().nullable(),
  pv_today_kwh: z.number().nullable(),
  soc_pct: z.number().nullable(),
  /** Highest level (1..4) among the site's active events; 0 when none is active (= /ElectricalRoom's alarm card). */
  worst_level: z.number().int().min(0).max(4),
  active_by_level: byLevel,
  /** Events not yet acknowledged (= the centre home's pending count of the site). */
  pending_events: z.number().int(),
  overdue_orders: z.number().int(),
});
export type WallStation = z.infer<typeof wallStation>;

export const wallTickerItem = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  project_name: z.string(),
  device_name: z.string(),
  event_type: z.number().int(),
  level: z.number().int(),
  active: z.boolean(),
  message: z.string(),
  ...eventMessageFields,
  raised_at: z.string(),
});
export type WallTickerItem = z.infer<typeof wallTickerItem>;

export const wallResponse = z.object({
  org_id: z.number().int(),
  generated_at: z.string(),
  /** The centre home's KPI strip, the same object /api/v6/index/centreKpi answers. */
  kpi: centreKpi,
  /** Capacity-weighted state of charge of the sites with storage and a known SOC. */
  storage: z.object({ capacity_kwh: z.number(), soc_pct: z.number().nullable(), sites: z.number().int() }),
  /** Σ of the sites' active events per level, and of their unacknowledged events. */
  events: z.object({ active_by_level: byLevel, active: z.number().int(), pending: z.number().int() }),
  /** Open work orders past their respond or resolve deadline (= the work-order list filtered "overdue"). */
  overdue_orders: z.number().int(),
  /**
   * Consumption per hour of the sites' local day, kWh (= each site's /EnergyManage/PowerStats for the day, its
   * buckets summed by hour); one hour's kWh is that hour's mean load in kW. Yesterday is the same statistics'
   * previous-day (MoM) values. Null for the hour under way and those not reached yet.
   */
  load_curve: z.object({ today: z.array(z.number().nullable()), yesterday: z.array(z.number().nullable()) }),
  /** The five most loaded transformers of the portfolio (= their cards on /ElectricalRoom). */
  transformers: z.array(
    z.object({ project_id: z.number().int(), site_name: z.string(), device_id: z.number().int(), name: z.string(), load_pct: z.number(), rated_kva: z.number().nullable() }),
  ),
  stations: z.array(wallStation),
  /** The latest alarms and faults, newest first (= the events page). */
  ticker: z.array(wallTickerItem),
});
export type WallResponse = z.infer<typeof wallResponse>;
