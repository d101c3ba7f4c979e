import {
  ErrorCode,
  type EnergyCategory,
  type EnergyType,
  type StatPeriod,
  type StatsResponse,
} from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import {
  asStatNodes,
  CATEGORY_ENERGY,
  categoryNodes,
  categoryTotal,
  seriesOf,
  sumOf,
  type StatNode,
} from './compute.js';
import { UNITS } from '../metering/units.js';
import { round } from './counterEnergy.js';
import { bucketStart, changeOf, coveredSince, inProgress } from './coverage.js';
import { expenseReport } from './expense.js';
import { lossLevels, lossRows } from './loss.js';
import { resolvePeriod, siteDayEnd, siteDayStart } from './periods.js';
import { statisticsRepository, type StatisticsRepository } from './repository.js';

export interface PeriodInput {
  period: StatPeriod;
  date?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const at = (xs: number[] | undefined, i: number) => (xs && i < xs.length ? round(xs[i]!) : null);

/**
 * Statistics pages: series with MoM/YoY, readings, losses, expense (docs/energy-model.md). The repository is
 * injected (default: the SQL one), so the rules run in service.test.ts without a database.
 */
export function createStatisticsService(db: Db, access: AccessService, repo: StatisticsRepository = statisticsRepository) {
  /** The site's metering nodes and its time zone (the zone of its days and buckets), after the access check. */
  async function siteNodes(user: AuthUser, projectId: number, energyType: EnergyType): Promise<{ all: StatNode[]; zone: string }> {
    await access.assertProject(user, projectId);
    const [rows, zone] = await Promise.all([repo.nodes(db, projectId, energyType), repo.siteZone(db, projectId)]);
    if (zone === undefined) throw notFound();
    return { all: asStatNodes(rows), zone };
  }

  function restrict(nodes: StatNode[], ids: number[] | undefined, field = 'node_ids'): StatNode[] {
    if (!ids) return nodes;
    const set = new Set(ids);
    const picked = nodes.filter((n) => set.has(n.id));
    if (picked.length !== set.size) {
      const missing = ids.find((id) => !picked.some((n) => n.id === id));
      throw new AppError(
        ErrorCode.Validation,
        { zh: `节点 ${missing} 不在该计量范围内`, en: `node ${missing} is not in this metering scope` },
        field,
      );
    }
    return picked;
  }

  return {
    async stats(
      user: AuthUser,
      q: PeriodInput & { project_id: number; category: EnergyCategory; node_ids?: number[] | undefined },
    ): Promise<StatsResponse> {
      const energyType = CATEGORY_ENERGY[q.category];
      const { all, zone } = await siteNodes(user, q.project_id, energyType);
      const p = resolvePeriod(q, zone);
      const selected = restrict(categoryNodes(all, q.category), q.node_ids);
      const cur = await seriesOf(db, repo, all, p.range, p.granularity, zone);
      const mom = await seriesOf(db, repo, all, p.mom, p.granularity, zone);
      // A year's MoM and YoY are both the previous year: one query.
      const yoy =
        p.yoy.from === p.mom.from && p.yoy.to === p.mom.to
          ? mom
          : await seriesOf(db, repo, all, p.yoy, p.granularity, zone);
      const restricted = q.node_ids !== undefined;
      const totals = [cur, mom, yoy].map((s) => categoryTotal(q.category, all, selected, s, restricted));
      const [tc, tm, ty] = totals as [number[], number[], number[]];
      const total = { value: round(sumOf(tc)), mom_value: round(sumOf(tm)), yoy_value: round(sumOf(ty)) };
      // Totals sum the whole tree (site balance): every meter's history must cover the base.
      const first = await repo.firstReadings(db, all.flatMap((n) => (n.point_id === null ? [] : [n.point_id])));
      const siteSince = coveredSince(first, all.map((n) => n.point_id));
      const momStart = bucketStart(p.mom.from, zone);
      const now = Date.now();
      const yoyStart = bucketStart(p.yoy.from, zone);
      const changes = (value: number, m: number | null, y: number | null, since: Date | null, ms: Date, ys: Date) => {
        const mc = changeOf(value, m, ms, since);
        const yc = changeOf(value, y, ys, since);
        return { mom_pct: mc.pct, mom_reason: mc.reason, yoy_pct: yc.pct, yoy_reason: yc.reason };
      };
      return {
        project_id: q.project_id,
        category: q.category,
        energy_type: energyType,
        unit: UNITS[energyType],
        period: p.period,
        granularity: p.granularity,
        range: p.range,
        mom_range: p.mom,
        yoy_range: p.yoy,
        data_since: siteSince?.toISOString() ?? null,
        buckets: cur.keys.map((key, i) => {
          const value = round(tc[i]!);
          const m = at(tm, i);
          const y = at(ty, i);
          const ms = mom.keys[i] === undefined ? momStart : bucketStart(mom.keys[i]!, zone);
          const ys = yoy.keys[i] === undefined ? yoyStart : bucketStart(yoy.keys[i]!, zone);
          // The bucket under way (today in a month view, this hour in a day view) is not compared.
          if (inProgress(key, zone, now)) return { key, value, mom_value: m, yoy_value: y, mom_pct: null, mom_reason: 'in_progress' as const, yoy_pct: null, yoy_reason: 'in_progress' as const };
          return { key, value, mom_value: m, yoy_value: y, ...changes(value, m, y, siteSince, ms, ys) };
        }),
        total: { ...total, ...changes(total.value, total.mom_value, total.yoy_value, siteSince, momStart, yoyStart) },
        nodes: selected.map((n) => {
          const series = (cur.byNode.get(n.id) ?? []).map((v) => round(v));
          const value = round(sumOf(series));
          const m = round(sumOf(mom.byNode.get(n.id) ?? []));
          const y = round(sumOf(yoy.byNode.get(n.id) ?? []));
          // A metered node needs its own history; a virtual one (sum of its branch) the whole tree's.
          const since = n.point_id === null ? siteSince : coveredSince(first, [n.point_id]);
          return {
            node_id: n.id,
            parent_id: n.parent_id,
            name: n.name,
            name_en: n.name_en,
            node_type: n.node_type,
            value,
            mom_value: m,
            yoy_value: y,
            ...changes(value, m, y, since, momStart, yoyStart),
            series,
          };
        }),
      };
    },

    async readings(
      user: AuthUser,
      q: { project_id: number; category: EnergyCategory; from: string; to: string },
    ) {
      const energyType = CATEGORY_ENERGY[q.category];
      const { all, zone } = await siteNodes(user, q.project_id, energyType);
      const p = resolvePeriod({ period: 'custom', from: q.from, to: q.to }, zone);
      const metered = categoryNodes(all, q.category).filter((n) => n.point_id !== null);
      const ids = metered.map((n) => n.point_id!);
      const [readings, series] = [
        await repo.readings(db, ids, siteDayStart(p.range.from, zone), siteDayEnd(p.range.to, zone)),
        await seriesOf(db, repo, metered, p.range, 'year', zone),
      ];
      const byPoint = new Map(readings.map((r) => [r.point_id, r]));
      const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
      return {
        project_id: q.project_id,
        range: p.range,
        rows: metered.map((n) => {
          const r = byPoint.get(n.point_id!);
          return {
            node_id: n.id,
            name: n.name,
            name_en: n.name_en,
            node_type: n.node_type,
            device_name: n.device_name,
            device_name_en: n.device_name_en,
            point_key: n.point_key,
            unit: n.unit ?? UNITS[energyType],
            start_reading: r?.start_reading ?? null,
            start_ts: iso(r?.start_ts ?? null),
            end_reading: r?.end_reading ?? null,
            end_ts: iso(r?.end_ts ?? null),
            energy: round(sumOf(series.byNode.get(n.id) ?? [])),
            resets: series.resets.get(n.point_id!) ?? 0,
          };
        }),
      };
    },

    async loss(
      user: AuthUser,
      q: PeriodInput & { project_id: number; energy_type: EnergyType; threshold_pct: number },
    ) {
      const { all, zone } = await siteNodes(user, q.project_id, q.energy_type);
      const p = resolvePeriod(q, zone);
      // Totals over whole days: the daily rollups carry the same energy as the hours, in 24 times fewer rows.
      const s = await seriesOf(db, repo, all, p.range, 'day', zone);
      const energy = new Map([...s.byNode].map(([id, xs]) => [id, sumOf(xs)]));
      const rows = lossRows(all, energy, q.threshold_pct);
      return {
        project_id: q.project_id,
        energy_type: q.energy_type,
        unit: UNITS[q.energy_type],
        range: p.range,
        threshold_pct: q.threshold_pct,
        rows,
        levels: lossLevels(rows),
      };
    },

    async expense(user: AuthUser, q: PeriodInput & { project_id: number; node_ids?: number[] | undefined }) {
      const { all, zone } = await siteNodes(user, q.project_id, 'power');
      const p = resolvePeriod(q, zone);
      const selected = restrict(
        q.node_ids
          ? all
          : all.filter((n) => ['grid', 'load', 'ev_charging', 'storage_charge'].includes(n.node_type)),
        q.node_ids,
      );
      return expenseReport(db, repo, q.project_id, all, selected, p.range, p.granularity, zone);
    },
  };
}

export type StatisticsService = ReturnType<typeof createStatisticsService>;
