import { addDays, siteDate, siteDayStart } from '@gridops/format';
import type { Db } from '../../db/database.js';
import { energyAssetsRepository } from '../energy-assets/repository.js';
import { meteringRepository } from '../metering/repository.js';
import { overviewRepository } from '../overview/repository.js';
import { asStatNodes, balanceSeries, seriesOf } from '../statistics/compute.js';
import { statisticsRepository } from '../statistics/repository.js';
import type { HistoryHour } from './forecast.js';
import type { PvPlane } from './pv.js';

const HOUR = 3600_000;

export interface ForecastSiteRow {
  id: number;
  latitude: number;
  longitude: number;
  zone: string;
  pv_kwp: number;
  planes: PvPlane[];
  design_pr: number;
}

/**
 * What the forecast reads, all through the owners' repositories (no SQL of its own): the site (coordinates, zone,
 * PvSet arrays or else the site's kWp) and its stored hourly history — the site balance of the power tree
 * (statistics: consumption = grid − export + generation + discharge − charge; generation = the top-most PV and
 * wind meters) from the hourly counter rollups, the same figures the energy pages show.
 */
export const forecastRepository = {
  /** The sites the backtest and replay commands go through (one, or all in id order). */
  sites: (db: Db, projectId?: number): Promise<{ id: number; name: string; name_en: string }[]> => {
    let q = db.selectFrom('projects').select(['id', 'name', 'name_en']).orderBy('id');
    if (projectId !== undefined) q = q.where('id', '=', projectId);
    return q.execute();
  },

  async site(db: Db, projectId: number): Promise<ForecastSiteRow | undefined> {
    const p = await overviewRepository.project(db, projectId);
    if (!p) return undefined;
    const arrays = (await energyAssetsRepository.list(db, [projectId], 'pv')).map((a) => a.spec as { capacity_kwp: number; tilt_deg: number; azimuth_deg: number; performance_ratio: number });
    const kwp = arrays.reduce((s, a) => s + a.capacity_kwp, 0);
    const planes: PvPlane[] = arrays.length ? arrays.map((a) => ({ capacity_kwp: a.capacity_kwp, tilt_deg: a.tilt_deg, azimuth_deg: a.azimuth_deg })) : p.pv_capacity_kw > 0 ? [{ capacity_kwp: p.pv_capacity_kw }] : [];
    const designPr = arrays.length ? arrays.reduce((s, a) => s + a.performance_ratio * a.capacity_kwp, 0) / kwp : 0.8;
    return { id: p.id, latitude: p.latitude, longitude: p.longitude, zone: p.timezone, pv_kwp: kwp || p.pv_capacity_kw, planes, design_pr: designPr };
  },

  /**
   * Hourly load and PV energy of the site's local days `from`–`to` (inclusive), read no later than `before`:
   * hours that had not ended by then are left out. Hours before the site's first grid reading are not history
   * (the rollups' zeros there mean "not recorded"); an hour whose consumption is 0 is taken as not measured — a
   * site's load never is. null PV on a site without a PV meter; null in all (not []) without a grid meter.
   */
  async hourly(db: Db, projectId: number, zone: string, from: string, to: string, before: number): Promise<HistoryHour[] | null> {
    const nodes = asStatNodes(await meteringRepository.nodes(db, projectId, 'power'));
    const grid = nodes.filter((n) => n.node_type === 'grid' && n.point_id !== null).map((n) => n.point_id!);
    if (!grid.length) return null;
    const first = await statisticsRepository.firstReadings(db, grid);
    const since = Math.max(...grid.map((id) => first.get(id)?.getTime() ?? Infinity));
    if (!Number.isFinite(since)) return [];
    const start = siteDate(zone, since) > from ? siteDate(zone, since) : from;
    if (start > to) return [];
    const s = await seriesOf(db, statisticsRepository, nodes, { from: start, to }, 'hour', zone);
    const b = balanceSeries(nodes, s);
    const hasPv = nodes.some((n) => n.node_type === 'pv' || n.node_type === 'wind');
    const out: HistoryHour[] = [];
    s.keys.forEach((key, i) => {
      const date = key.slice(0, 10);
      const hour = Number(key.slice(11, 13));
      const startMs = siteDayStart(date, zone).getTime() + hour * HOUR;
      if (startMs < since || startMs + HOUR > before) return;
      const load = b.consumption[i] ?? 0;
      out.push({ start_ms: startMs, date, hour, load_kwh: load > 0 ? load : null, pv_kwh: hasPv ? (b.generation[i] ?? 0) : null });
    });
    return out;
  },

  /** The site dates of the history a forecast at `at` reads: the 8 weeks before it (and its own day so far). */
  window(zone: string, at: number, days = 57): { from: string; to: string } {
    const to = siteDate(zone, at);
    return { from: addDays(to, -days), to };
  },
};

export type ForecastRepository = typeof forecastRepository;
