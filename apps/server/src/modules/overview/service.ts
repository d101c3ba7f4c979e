import { essSystemFields } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import { depthOf, topMost } from '../metering/tree.js';
import { addSeries, asStatNodes, balanceSeries, seriesOf, triple, type StatNode } from '../statistics/compute.js';
import { ratioPct, round } from '../statistics/counterEnergy.js';
import { expenseReport } from '../statistics/expense.js';
import { dayOf, monthOf, siteDate, upTo, yearOf } from '../statistics/periods.js';
import { co2Kg, treesFor } from './factors.js';
import { flowEnergisation, flowGraph, nodeKw, STALE_AFTER_S, type DeviceSignals } from './live.js';
import { overviewRepository, type OverviewRepository } from './repository.js';
import { clearSkyRange, expectedClearSkyYield } from './solar.js';

type Triple = { today: number; month: number; year: number };
const tripleRatio = (num: Triple, den: Triple) => ({
  today: ratioPct(num.today, den.today),
  month: ratioPct(num.month, den.month),
  year: ratioPct(num.year, den.year),
});
const mode = (kw: number | null) =>
  (kw === null ? 'unknown' : kw > 1 ? 'discharging' : kw < -1 ? 'charging' : 'idle') as
    'charging' | 'discharging' | 'idle' | 'unknown';

/**
 * Overview pages (new energy, storage, power use) and the live views (flow, micro-grid). The repository is
 * injected (default: the SQL one), so the rules run in service.test.ts without a database.
 */
/** The configured storage schedule in words ("按配置计划：06:00–08:00 充电 …"), or null when none has periods. */
export function storageStrategyText(specs: unknown[]): { zh: string; en: string } | null {
  const periods = specs.flatMap((s) => {
    const p = essSystemFields.shape.schedule.safeParse((s as { schedule?: unknown } | null)?.schedule);
    return p.success ? p.data : [];
  });
  const active = periods.filter((p) => p.mode !== 'idle').sort((a, b) => a.start.localeCompare(b.start));
  if (active.length === 0) return null;
  const shown = active.slice(0, 4);
  const more = active.length > shown.length ? ` …` : '';
  return {
    zh: `按储能配置计划：${shown.map((p) => `${p.start}–${p.end} ${p.mode === 'charge' ? '充电' : '放电'} ${p.power_kw} kW`).join('，')}${more}`,
    en: `Schedule from Energy storage settings: ${shown.map((p) => `${p.mode} ${p.start}–${p.end} at ${p.power_kw} kW`).join(', ')}${more}`,
  };
}

export function createOverviewService(db: Db, access: AccessService, repo: OverviewRepository = overviewRepository) {
  async function site(user: AuthUser, projectId: number) {
    await access.assertProject(user, projectId);
    const [project, rows] = await Promise.all([
      repo.project(db, projectId),
      repo.nodes(db, projectId, 'power'),
    ]);
    return { project: project!, nodes: asStatNodes(rows), zone: project!.timezone };
  }

  /** Year-to-date daily balance of the power tree, split into today / month / year. */
  async function readYtd(nodes: StatNode[], date: string, zone: string) {
    const s = await seriesOf(db, repo, nodes, upTo(yearOf(date), date), 'day', zone);
    const b = balanceSeries(nodes, s);
    const t = (xs: number[]) => triple(s.keys, xs, date);
    return { s, b, t };
  }

  // The power, new-energy and storage overviews of one site asked at once (the home KPI strips, the wall) share
  // one year-to-date read while it runs instead of making three. The entry goes when the read settles: nothing
  // is kept between requests, so no instance serves another's stale figures.
  const ytdInFlight = new Map<string, ReturnType<typeof readYtd>>();
  function ytd(projectId: number, nodes: StatNode[], date: string, zone: string) {
    const key = `${projectId}|${date}|${zone}`;
    let read = ytdInFlight.get(key);
    if (!read) {
      read = readYtd(nodes, date, zone).finally(() => ytdInFlight.delete(key));
      ytdInFlight.set(key, read);
    }
    return read;
  }

  async function live(nodes: StatNode[], now: Date) {
    const ids = nodes.map((n) => n.power_point_id).filter((p): p is number => p !== null);
    const latest = await repo.latest(db, [...new Set(ids)]);
    const map = new Map(latest.map((l) => [l.point_id, { value: l.value, ts: new Date(l.ts) }]));
    const newest = latest.reduce<Date | null>(
      (m, l) => (m === null || new Date(l.ts) > m ? new Date(l.ts) : m),
      null,
    );
    return { kw: nodeKw(nodes, map, now), raw: map, at: newest ? newest.toISOString() : null };
  }

  const sumKw = (nodes: StatNode[], kw: Map<number, number | null>, types: string[]) => {
    // Top-most only: a PV feeder meter and its inverters carry the same power.
    const vals = topMost(
      nodes,
      nodes.filter((n) => types.includes(n.node_type) && n.power_point_id !== null),
    ).map((n) => kw.get(n.id) ?? null);
    return vals.some((v) => v !== null) ? vals.reduce<number>((a, v) => a + (v ?? 0), 0) : null;
  };

  return {
    async newEnergy(user: AuthUser, projectId: number, dateIn?: string, now = new Date()) {
      const { project, nodes, zone } = await site(user, projectId);
      const date = dateIn ?? siteDate(zone, now);
      const { b, t } = await ytd(projectId, nodes, date, zone);
      const generation = t(b.generation);
      const exported = t(b.exported);
      const used = {
        today: generation.today - exported.today,
        month: generation.month - exported.month,
        year: generation.year - exported.year,
      };
      const kwp = project.pv_capacity_kw;
      const eq = (v: number) => (kwp > 0 ? round(v / kwp, 2) : 0);
      const irr = {
        today: round(clearSkyRange(date, date, project.latitude, project.longitude, zone), 3),
        month: round(clearSkyRange(monthOf(date).from, date, project.latitude, project.longitude, zone), 3),
        year: round(clearSkyRange(yearOf(date).from, date, project.latitude, project.longitude, zone), 3),
      };
      // PR = E / (kWp × H / 1 kW/m²): yield over reference yield (IEC 61724-1), H from clear sky.
      const pr = (e: number, h: number) => (kwp > 0 && h > 0 ? round((e / (kwp * h)) * 100, 2) : null);
      const { kw } = await live(nodes, now);
      const avoided = co2Kg('power', generation.year);
      const arrays = (await repo.pvArrays(db, projectId)).map((a) => a.spec as { capacity_kwp: number; performance_ratio: number; tilt_deg: number; azimuth_deg: number });
      const sitePos = { latitude: project.latitude, longitude: project.longitude, zone };
      const expected = (from: string) => round(expectedClearSkyYield(arrays, from, date, sitePos), 1);
      return {
        project_id: projectId,
        date,
        capacity_kwp: kwp,
        generation,
        self_consumption_pct: tripleRatio(used, generation),
        export_metered: b.exportMetered,
        equivalent_hours: {
          today: eq(generation.today),
          month: eq(generation.month),
          year: eq(generation.year),
        },
        performance_ratio_pct: {
          today: pr(generation.today, irr.today),
          month: pr(generation.month, irr.month),
          year: pr(generation.year, irr.year),
        },
        irradiation_kwh_m2: irr,
        expected_kwh: arrays.length > 0 ? { today: expected(date), month: expected(monthOf(date).from), year: expected(yearOf(date).from) } : null,
        live_kw: sumKw(nodes, kw, ['pv', 'wind']),
        avoided_co2_kg_year: round(avoided, 1),
        trees_year: treesFor(avoided),
      };
    },

    async storage(user: AuthUser, projectId: number, dateIn?: string, now = new Date()) {
      const { project, nodes, zone } = await site(user, projectId);
      const date = dateIn ?? siteDate(zone, now);
      const { b, t } = await ytd(projectId, nodes, date, zone);
      const charged = t(b.charged);
      const discharged = t(b.discharged);
      const cap = project.storage_capacity_kwh;
      const cyc = (v: number) => (cap > 0 ? round(v / cap, 2) : 0);
      const hourly = balanceSeries(nodes, await seriesOf(db, repo, nodes, dayOf(date), 'hour', zone));
      const { raw } = await live(nodes, now);
      const pcs = nodes.find((n) => n.node_type === 'storage_discharge' && n.power_point_id !== null);
      const pl = pcs ? raw.get(pcs.power_point_id!) : undefined;
      const powerKw =
        pl && now.getTime() - pl.ts.getTime() <= STALE_AFTER_S * 1000 ? round(pl.value, 2) : null;
      const soc = await repo.bmsSoc(db, projectId);
      return {
        project_id: projectId,
        date,
        capacity_kwh: cap,
        charged,
        discharged,
        cycles: { today: cyc(discharged.today), month: cyc(discharged.month), year: cyc(discharged.year) },
        efficiency_pct: tripleRatio(discharged, charged),
        live: { power_kw: powerKw, soc_pct: soc ? round(soc.value, 1) : null, mode: mode(powerKw) },
        today_hourly: {
          charged: hourly.charged.map((v) => round(v)),
          discharged: hourly.discharged.map((v) => round(v)),
        },
      };
    },

    async power(user: AuthUser, projectId: number, dateIn?: string, now = new Date()) {
      const { project, nodes, zone } = await site(user, projectId);
      const date = dateIn ?? siteDate(zone, now);
      const { s, b, t } = await ytd(projectId, nodes, date, zone);
      const month = upTo(monthOf(date), date);
      const grids = nodes.filter((n) => n.node_type === 'grid');
      const exp = await expenseReport(db, repo, projectId, nodes, grids, month, 'month', zone);
      const depth = depthOf(nodes);
      const ym = date.slice(0, 7);
      const monthIdx = s.keys.map((k, i) => (k.startsWith(ym) ? i : -1)).filter((i) => i >= 0);
      const branches = nodes
        .filter((n) => n.node_type === 'load' || n.node_type === 'ev_charging')
        .map((n) => ({ n, e: monthIdx.reduce((a, i) => a + (s.byNode.get(n.id)?.[i] ?? 0), 0) }))
        .filter((x) => (depth.get(x.n.id) ?? 0) >= 2)
        .sort((a, c) => c.e - a.e)
        .slice(0, 10)
        .map((x) => ({ node_id: x.n.id, name: x.n.name, name_en: x.n.name_en, energy: round(x.e) }));
      const { kw } = await live(nodes, now);
      const grid = sumKw(nodes, kw, ['grid']);
      const consumption = t(b.consumption);
      const liveKw =
        grid === null
          ? null
          : round(
              grid -
                (sumKw(nodes, kw, ['grid_export']) ?? 0) +
                (sumKw(nodes, kw, ['pv', 'wind']) ?? 0) +
                (sumKw(nodes, kw, ['storage_discharge']) ?? 0) -
                (sumKw(nodes, kw, ['storage_charge']) ?? 0),
              2,
            );
      return {
        project_id: projectId,
        date,
        consumption,
        grid_import: t(b.grid),
        month_by_band: exp.cost_unknown ? exp.total.bands.map((x) => ({ ...x, cost: null })) : exp.total.bands,
        month_cost: exp.total.cost,
        cost_unknown: exp.cost_unknown,
        // The total is read at the grid incomers: without a tree, or without one, it is unknown, not 0.00 kWh.
        total_unknown: nodes.length === 0 ? ('no_metering_tree' as const) : grids.length === 0 ? ('no_grid_root' as const) : null,
        top_branches: branches,
        live_kw: liveKw,
        intensity_kwh_m2_year: project.area_m2 > 0 ? round(consumption.year / project.area_m2, 3) : null,
      };
    },

    async flow(user: AuthUser, projectId: number, now = new Date()) {
      const { nodes } = await site(user, projectId);
      const { kw, at } = await live(nodes, now);
      const devices = [...new Set(nodes.flatMap((n) => (n.device_id === null ? [] : [n.device_id])))];
      const signals = new Map<number, DeviceSignals>();
      for (const r of await repo.deviceSignals(db, devices)) {
        const s = signals.get(r.device_id) ?? {};
        const v = { value: r.value, ts: new Date(r.ts) };
        if (r.key === 'breaker') s.breaker = v;
        else if (r.key === 'status') s.status = v;
        else if (r.key === 'Ua' || !s.voltage) s.voltage = v;
        signals.set(r.device_id, s);
      }
      const energy = flowEnergisation(nodes, kw, signals, now);
      return { project_id: projectId, at, ...flowGraph(nodes, kw, energy), stale_after_s: STALE_AFTER_S };
    },

    async microgrid(user: AuthUser, projectId: number, now = new Date()) {
      const { project, nodes, zone } = await site(user, projectId);
      const { kw, raw, at } = await live(nodes, now);
      const source = sumKw(nodes, kw, ['pv', 'wind']) ?? 0;
      const grid = (sumKw(nodes, kw, ['grid']) ?? 0) - (sumKw(nodes, kw, ['grid_export']) ?? 0);
      const pcs = nodes.find(
        (n) =>
          (n.node_type === 'storage_discharge' || n.node_type === 'storage_charge') &&
          n.power_point_id !== null,
      );
      const pl = pcs ? raw.get(pcs.power_point_id!) : undefined;
      const storageKw = pl && now.getTime() - pl.ts.getTime() <= STALE_AFTER_S * 1000 ? pl.value : null;
      const charging = sumKw(nodes, kw, ['ev_charging']) ?? 0;
      const date = siteDate(zone, now);
      const today = balanceSeries(nodes, await seriesOf(db, repo, nodes, dayOf(date), 'day', zone));
      const v = (xs: number[]) => round(xs.reduce((a, x) => a + x, 0));
      const consumption = v(today.consumption);
      const gridImport = v(today.grid);
      const soc = await repo.bmsSoc(db, projectId);
      const hasStorage = project.storage_capacity_kwh > 0;
      const strategy = storageStrategyText(await repo.essSpecs(db, projectId));
      return {
        project_id: projectId,
        at,
        source_kw: round(source, 2),
        grid_kw: round(grid, 2),
        load_kw: round(Math.max(0, grid + source + (storageKw ?? 0) - charging), 2),
        storage_kw: round(storageKw ?? 0, 2),
        charging_kw: round(charging, 2),
        storage: {
          soc_pct: soc ? round(soc.value, 1) : null,
          mode: hasStorage ? mode(storageKw) : ('unknown' as const),
          // A strategy configured in EssSet (which the PCS follows), else the controller's own plan — the
          // simulator's and the demo sites' dispatch: charge in the valley and the midday PV surplus, discharge at the peaks.
          strategy: !hasStorage ? '无储能' : (strategy?.zh ?? '峰谷套利 + 光伏消纳：谷时与午间充电，早晚高峰放电'),
          strategy_en: !hasStorage
            ? 'No storage'
            : (strategy?.en ?? 'TOU arbitrage + PV self-consumption: charge at night and midday, discharge at the morning and evening peaks'),
          capacity_kwh: project.storage_capacity_kwh,
        },
        today: {
          consumption,
          grid_import: gridImport,
          generation: v(today.generation),
          charged: v(today.charged),
          discharged: v(today.discharged),
          ev_charging: v(addSeries(1, [today.ev])),
          self_sufficiency_pct:
            consumption > 0 ? round(Math.max(0, (consumption - gridImport) / consumption) * 100, 2) : null,
        },
      };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
