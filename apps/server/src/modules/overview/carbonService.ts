import type { CarbonSite, EnergyType, ResolvedRange, StatPeriod } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import {
  mergeSeries,
  addSeries,
  asStatNodes,
  balanceSeries,
  seriesOf,
  sumOf,
  type Series,
  type StatNode,
} from '../statistics/compute.js';
import { round } from '../statistics/counterEnergy.js';
import { bucketStart, changeOf, coveredSince } from '../statistics/coverage.js';
import { resolvePeriod, siteDate, ymd } from '../statistics/periods.js';
import type { NodeRow } from '../metering/repository.js';
import { topMost } from '../metering/tree.js';
import { categoryBreakdown } from './categoryBreakdown.js';
import { UNITS } from '../metering/units.js';
import { co2Kg, coalKgce, factorList, treesFor } from './factors.js';
import { overviewRepository, type OverviewRepository } from './repository.js';

const TYPES: EnergyType[] = ['power', 'water', 'gas', 'heat'];

/** Used energy per type per bucket: power = site consumption (balance), others = the top-most meters of the tree. */
export function usedByType(nodes: StatNode[], s: Series): Record<EnergyType, number[]> {
  const len = s.keys.length;
  const tree = (t: EnergyType) => nodes.filter((n) => n.energy_type === t);
  const top = (t: EnergyType) =>
    addSeries(
      len,
      topMost(tree(t), tree(t)).map((n) => s.byNode.get(n.id)),
    );
  return {
    power: balanceSeries(tree('power'), s).consumption,
    water: top('water'),
    gas: top('gas'),
    heat: top('heat'),
  };
}

/**
 * Emissions per bucket (docs/energy-model.md, "Carbon"): purchased electricity (grid import − export) ×
 * grid factor, gas and purchased heat × their factors; avoided = on-site generation × grid factor.
 */
export function emissionsOf(nodes: StatNode[], s: Series) {
  const power = balanceSeries(
    nodes.filter((n) => n.energy_type === 'power'),
    s,
  );
  const used = usedByType(nodes, s);
  const purchased = power.grid.map((g, i) => Math.max(0, g - power.exported[i]!));
  return {
    power: purchased.map((v) => co2Kg('power', v)),
    gas: used.gas.map((v) => co2Kg('gas', v)),
    heat: used.heat.map((v) => co2Kg('heat', v)),
    water: used.water.map((v) => co2Kg('water', v)),
    avoided: power.generation.map((v) => co2Kg('power', v)),
  };
}

const pointIdsOf = (nodes: StatNode[]) => nodes.flatMap((n) => (n.point_id === null ? [] : [n.point_id]));

const yearRange2 = (year: number): ResolvedRange => ({ from: ymd(year - 1, 1, 1), to: ymd(year, 12, 31) });

/** Carbon reads only the site balance of the power tree and the other trees: branch meters are not queried. */
const CARBON_POWER_TYPES = ['grid', 'grid_export', 'pv', 'wind', 'storage_charge', 'storage_discharge'];
export const carbonNodes = (nodes: StatNode[]) =>
  nodes.filter((n) => n.energy_type !== 'power' || CARBON_POWER_TYPES.includes(n.node_type));

/**
 * MoM/YoY of month `i` of a two-year monthly series of totals (kg): the month before and the same month a year
 * earlier are in the series; a base before `since` (the first stored reading) is not covered.
 */
function monthChanges(totals: number[], keys: string[], i: number, since: Date | null, zone: string) {
  const base = (j: number) => (j >= 0 ? round(totals[j] ?? 0, 1) : null);
  const [mi, yi] = [i - 1, i - 12];
  const value = round(totals[i] ?? 0, 1);
  const mc = changeOf(value, base(mi), bucketStart(keys[Math.max(mi, 0)]!, zone), mi >= 0 ? since : null);
  const yc = changeOf(value, base(yi), bucketStart(keys[Math.max(yi, 0)]!, zone), yi >= 0 ? since : null);
  return {
    mom_value: base(mi),
    yoy_value: base(yi),
    mom_pct: mc.pct,
    yoy_pct: yc.pct,
    mom_reason: mc.reason,
    yoy_reason: yc.reason,
  };
}

/** A site's carbon year, and its total emissions per month of the two-year series (for the centre's sums). */
function siteCarbon(
  project: { id: number; name: string; name_en: string; area_m2: number; timezone: string },
  nodes: StatNode[],
  s: Series,
  year: number,
  first: Map<number, Date>,
): { site: CarbonSite; totals: number[] } {
  const since = coveredSince(first, carbonNodes(nodes).map((n) => n.point_id));
  const zone = project.timezone;
  const e = emissionsOf(nodes, s);
  const idx = s.keys.map((k, i) => (k.startsWith(String(year)) ? i : -1)).filter((i) => i >= 0);
  const prevIdx = s.keys.map((k, i) => (k.startsWith(String(year - 1)) ? i : -1)).filter((i) => i >= 0);
  const sum = (xs: number[], is: number[]) => is.reduce((a, i) => a + (xs[i] ?? 0), 0);
  const byType = (is: number[]) => ({
    power: round(sum(e.power, is), 1),
    gas: round(sum(e.gas, is), 1),
    heat: round(sum(e.heat, is), 1),
    water: round(sum(e.water, is), 1),
  });
  const emissions = byType(idx);
  const total = round(emissions.power + emissions.gas + emissions.heat + emissions.water, 1);
  const prev = byType(prevIdx);
  const totalOf = (x: typeof prev) => x.power + x.gas + x.heat + x.water;
  const prevTotal = totalOf(prev);
  const yoy = changeOf(total, round(prevTotal, 1), bucketStart(String(year - 1), zone), since);
  const avoided = round(sum(e.avoided, idx), 1);
  const totals = s.keys.map((_, i) => totalOf(byType([i])));
  const site: CarbonSite = {
    project_id: project.id,
    name: project.name,
    name_en: project.name_en,
    year,
    emissions_kg: emissions,
    total_kg: total,
    avoided_kg: avoided,
    net_kg: round(total - avoided, 1),
    trees: treesFor(avoided),
    intensity_kg_m2: project.area_m2 > 0 ? round(total / project.area_m2, 3) : null,
    by_month: idx.map((i) => {
      const m = byType([i]);
      return {
        month: s.keys[i]!,
        emissions_kg: m,
        total_kg: round(totals[i]!, 1),
        avoided_kg: round(e.avoided[i] ?? 0, 1),
        ...monthChanges(totals, s.keys, i, since, zone),
      };
    }),
    yoy_pct: yoy.pct,
    yoy_reason: yoy.reason,
    data_since: since?.toISOString() ?? null,
  };
  return { site, totals };
}

/** Integrated energy, site carbon and the centre's aggregated carbon; the repository is injected (default: SQL). */
export function createCarbonService(db: Db, access: AccessService, repo: OverviewRepository = overviewRepository) {
  const nodesOf = async (projectId: number) => asStatNodes(await repo.nodes(db, projectId));

  return {
    factors: () => factorList,

    async integrated(
      user: AuthUser,
      q: {
        project_id: number;
        period: StatPeriod;
        date?: string | undefined;
        from?: string | undefined;
        to?: string | undefined;
      },
    ) {
      await access.assertProject(user, q.project_id);
      const project = (await repo.project(db, q.project_id))!;
      const zone = project.timezone;
      const p = resolvePeriod(q, zone);
      const nodes = await nodesOf(q.project_id);
      const [cur, mom, yoy] = [
        await seriesOf(db, repo, nodes, p.range, p.granularity, zone),
        await seriesOf(db, repo, nodes, p.mom, p.granularity, zone),
        await seriesOf(db, repo, nodes, p.yoy, p.granularity, zone),
      ];
      const [uc, um, uy] = [usedByType(nodes, cur), usedByType(nodes, mom), usedByType(nodes, yoy)];
      const types = TYPES.filter(
        (t) => project.energy_types.includes(t) || nodes.some((n) => n.energy_type === t),
      );
      const [categories, assignments] = await Promise.all([
        repo.ieCategories(db, [q.project_id]),
        repo.ieAssignments(db, nodes.map((n) => n.id)),
      ]);
      const coalSeries = new Array<number>(cur.keys.length).fill(0);
      const first = await repo.firstReadings(db, pointIdsOf(nodes));
      const [momStart, yoyStart] = [bucketStart(p.mom.from, zone), bucketStart(p.yoy.from, zone)];
      const rows = types.map((t) => {
        const value = round(sumOf(uc[t]));
        const m = round(sumOf(um[t]));
        const y = round(sumOf(uy[t]));
        uc[t].forEach((v, i) => (coalSeries[i]! += coalKgce(t, v)));
        const since = coveredSince(first, nodes.filter((n) => n.energy_type === t).map((n) => n.point_id));
        const [mc, yc] = [changeOf(value, m, momStart, since), changeOf(value, y, yoyStart, since)];
        return {
          energy_type: t,
          unit: UNITS[t],
          value,
          mom_value: m,
          yoy_value: y,
          mom_pct: mc.pct,
          yoy_pct: yc.pct,
          mom_reason: mc.reason,
          yoy_reason: yc.reason,
          coal_kgce: round(coalKgce(t, value), 2),
          series: uc[t].map((v) => round(v)),
          ...categoryBreakdown(
            nodes.filter((n) => n.energy_type === t),
            categories.filter((c) => c.energy_type === t),
            assignments,
            cur,
            uc[t],
          ),
        };
      });
      return {
        project_id: q.project_id,
        period: p.period,
        granularity: p.granularity,
        range: p.range,
        keys: cur.keys,
        rows,
        data_since: coveredSince(first, nodes.map((n) => n.point_id))?.toISOString() ?? null,
        total_coal_kgce: round(
          rows.reduce((a, r) => a + r.coal_kgce, 0),
          2,
        ),
        total_coal_series: coalSeries.map((v) => round(v, 2)),
      };
    },

    async site(user: AuthUser, projectId: number, yearIn?: number, now = new Date()): Promise<CarbonSite> {
      await access.assertProject(user, projectId);
      const project = (await repo.project(db, projectId))!;
      const year = yearIn ?? Number(siteDate(project.timezone, now).slice(0, 4));
      const nodes = await nodesOf(projectId);
      const first = await repo.firstReadings(db, pointIdsOf(carbonNodes(nodes)));
      return siteCarbon(
        project,
        nodes,
        await seriesOf(db, repo, carbonNodes(nodes), yearRange2(year), 'month', project.timezone),
        year,
        first,
      ).site;
    },

    async centre(user: AuthUser, orgIdIn: number | undefined, yearIn?: number, now = new Date()) {
      const orgId = orgIdIn ?? user.orgId;
      const projectIds = await access.projectsUnderOrg(user, orgId);
      const [projects, rows] = await Promise.all([
        repo.projects(db, projectIds),
        repo.nodesOfProjects(db, projectIds),
      ]);
      // The centre's year is the one of its first site (a centre whose sites span a new year's midnight
      // shows the year most of them are in once all have turned).
      const year = yearIn ?? Number(siteDate(projects[0]?.timezone ?? 'UTC', now).slice(0, 4));
      // One query for every counter of every site: node ids are unique across projects.
      const all = rows.map((r) => ({
        ...r,
        power_point_id: null,
        sort: 0,
        layout_x: null,
        layout_y: null,
        device_id: null,
        device_name: null,
        device_name_en: null,
        point_key: null,
        unit: null,
      })) as NodeRow[];
      // Each site's months are its own: one query per time zone among the sites, merged by node.
      const zoneOf = new Map(projects.map((p) => [p.id, p.timezone]));
      const parts = await Promise.all(
        [...new Set(zoneOf.values())].map((zone) =>
          seriesOf(db, repo, carbonNodes(asStatNodes(all.filter((n) => zoneOf.get(n.project_id) === zone))), yearRange2(year), 'month', zone),
        ),
      );
      const s = mergeSeries(parts, yearRange2(year));
      const first = await repo.firstReadings(db, pointIdsOf(carbonNodes(asStatNodes(all))));
      const siteParts = projects.map((p) =>
        siteCarbon(p, asStatNodes(all.filter((n) => n.project_id === p.id)), s, year, first),
      );
      const sites = siteParts.map((x) => x.site);
      // The centre's months: the sites' totals summed, compared under the same coverage rule (every site's
      // meters must cover the base), on the clock of the site that sets the centre's year.
      const centreTotals = s.keys.map((_, i) => siteParts.reduce((a, x) => a + (x.totals[i] ?? 0), 0));
      const since = coveredSince(first, carbonNodes(asStatNodes(all)).map((n) => n.point_id));
      const zone = projects[0]?.timezone ?? 'UTC';
      const yearIdx = s.keys.map((k, i) => (k.startsWith(String(year)) ? i : -1)).filter((i) => i >= 0);
      const months = s.keys.filter((k) => k.startsWith(String(year)));
      const sum = (f: (c: CarbonSite) => number) =>
        round(
          sites.reduce((a, c) => a + f(c), 0),
          1,
        );
      const avoided = sum((c) => c.avoided_kg);
      const total = sum((c) => c.total_kg);
      const prevYearTotal = round(
        s.keys.reduce((a, k, i) => (k.startsWith(String(year - 1)) ? a + centreTotals[i]! : a), 0),
        1,
      );
      const centreYoy = changeOf(total, prevYearTotal, bucketStart(String(year - 1), zone), since);
      return {
        org_id: orgId,
        year,
        total_kg: total,
        avoided_kg: avoided,
        net_kg: round(total - avoided, 1),
        trees: treesFor(avoided),
        emissions_kg: {
          power: sum((c) => c.emissions_kg.power),
          gas: sum((c) => c.emissions_kg.gas),
          heat: sum((c) => c.emissions_kg.heat),
          water: sum((c) => c.emissions_kg.water),
        },
        by_month: months.map((m, i) => ({
          month: m,
          total_kg: sum((c) => c.by_month[i]?.total_kg ?? 0),
          avoided_kg: sum((c) => c.by_month[i]?.avoided_kg ?? 0),
          ...monthChanges(centreTotals, s.keys, yearIdx[i]!, since, zone),
        })),
        yoy_pct: centreYoy.pct,
        yoy_reason: centreYoy.reason,
        data_since: since?.toISOString() ?? null,
        ranking: [...sites]
          .sort((a, b) => b.total_kg - a.total_kg)
          .map(({ by_month: _omit, ...c }, i) => ({ ...c, rank: i + 1 })),
      };
    },
  };
}

export type CarbonService = ReturnType<typeof createCarbonService>;
