import {
  TOU_BANDS,
  type ExpenseResponse,
  type Granularity,
  type ResolvedRange,
  type TouBand,
} from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { round } from './counterEnergy.js';
import type { StatNode } from './compute.js';
import { bucketKeys, siteDayEnd, siteDayStart } from './periods.js';
import { siteDate } from '@gridops/format';
import { siteBill } from './bill.js';
import type { ClockEnergy } from './energyCacheRepository.js';
import { bucketDates, splitOf, tariffParts, tariffResolver, tariffSegments, type PreparedTariff } from './tariffPricing.js';
import { nodeSeries, topMost } from '../metering/tree.js';
import type { StatisticsRepository } from './repository.js';

/**
 * Cost per node, period bucket and TOU band (docs/energy-model.md, "Cost" and "Billing"): each hour's energy
 * is priced by the tariff valid on its site date, split between bands by the minutes each band covers in that
 * local hour. Without a tariff (or on a day no tariff covers) the energy is reported under 'flat' at zero cost.
 */
const B = TOU_BANDS.length;
const pad = (h: number) => String(h).padStart(2, '0');

/** Per point: flattened [bucket × band] energy and cost arrays (index = bucket * 4 + band). */
export function pricePoints(rows: ClockEnergy[], keys: string[], granularity: Granularity, ofSegment: (seg: number) => PreparedTariff | undefined) {
  const index = new Map(keys.map((k, i) => [k, i]));
  const energy = new Map<number, number[]>();
  const cost = new Map<number, number[]>();
  const flat = TOU_BANDS.indexOf('flat');
  for (const r of rows) {
    const i = index.get(granularity === 'hour' ? `${r.key} ${pad(r.hour)}:00` : r.key);
    if (i === undefined || r.energy === 0) continue;
    const t = ofSegment(r.seg);
    const month = Number(r.ym.slice(5, 7));
    const e = energy.get(r.point_id) ?? new Array<number>(keys.length * B).fill(0);
    const c = cost.get(r.point_id) ?? new Array<number>(keys.length * B).fill(0);
    const split = splitOf(t, month, r.hour);
    if (!t || !split || split.size === 0) e[i * B + flat]! += r.energy;
    else {
      for (const [band, share] of split) {
        const b = TOU_BANDS.indexOf(band);
        e[i * B + b]! += r.energy * share;
        c[i * B + b]! += r.energy * share * (t.price.get(`${month}:${band}`) ?? 0);
      }
    }
    energy.set(r.point_id, e);
    cost.set(r.point_id, c);
  }
  return { energy, cost };
}

const bandsOf = (e: number[], c: number[], offset: number) =>
  TOU_BANDS.map((band: TouBand, b) => ({
    band,
    energy: round(e[offset + b] ?? 0),
    cost: round(c[offset + b] ?? 0, 2),
  }));
const sumBands = (xs: number[], len: number, b: number) => {
  let s = 0;
  for (let i = 0; i < len; i++) s += xs[i * B + b] ?? 0;
  return s;
};

/** Where expenseReport reads hourly energy, tariffs and power factors (the statistics repository, or a fake). */
export type ExpenseSource = Pick<StatisticsRepository, 'refreshEnergyCache' | 'clockEnergy' | 'clockEnergyUncached' | 'monthlyDemand' | 'monthlyDemandUncached' | 'tariffs' | 'monthlyPowerFactor' | 'monthlyReactive' | 'monthlyQuarterDemand'>;

export async function expenseReport(
  db: Db,
  repo: ExpenseSource,
  projectId: number,
  all: StatNode[],
  selected: StatNode[],
  range: ResolvedRange,
  granularity: Granularity,
  zone: string,
  opts: { cache?: boolean; now?: Date } = {},
): Promise<ExpenseResponse> {
  const keys = bucketKeys(range, granularity, zone);
  const ids = [...new Set(all.map((n) => n.point_id).filter((p): p is number => p !== null))];
  const from = siteDayStart(range.from, zone);
  const to = siteDayEnd(range.to, zone);
  const gridPoints = topMost(all, all.filter((n) => n.node_type === 'grid')).flatMap((n) => (n.point_id === null ? [] : [n.point_id]));
  const exportPoints = all.filter((n) => n.node_type === 'grid_export' && n.point_id !== null).map((n) => n.point_id!);
  const tariffs = await repo.tariffs(db, projectId);
  const tariffOn = tariffResolver(tariffs);
  const { bounds, ofSegment } = tariffSegments(tariffs, tariffOn);
  const cached = opts.cache !== false;
  if (cached) await repo.refreshEnergyCache(db, ids, from, to, zone);
  const [rows, demand, quarterDemand, powerFactor, reactive] = await Promise.all([
    (cached ? repo.clockEnergy : repo.clockEnergyUncached)(db, ids, from, to, zone, granularity, bounds),
    (cached ? repo.monthlyDemand : repo.monthlyDemandUncached)(db, gridPoints, from, to, zone),
    repo.monthlyQuarterDemand(db, gridPoints, from, to, zone),
    repo.monthlyPowerFactor(db, gridPoints, from, to, zone),
    repo.monthlyReactive(db, gridPoints, from, to, zone),
  ]);
  const priced = pricePoints(rows, keys, granularity, ofSegment);
  const today = siteDate(zone, opts.now ?? new Date());
  const billTo = range.to < today ? range.to : today;
  const bill = siteBill({ rows, gridPoints, exportPoints, ofSegment, tariffOn, from: range.from, to: billTo, demand, quarterDemand, powerFactor, reactive: reactive ?? undefined });
  const len = keys.length * B;
  const energy = nodeSeries(all, priced.energy, len);
  const cost = nodeSeries(all, priced.cost, len);
  const top = topMost(all, selected);
  const totalE = new Array<number>(len).fill(0);
  const totalC = new Array<number>(len).fill(0);
  for (const n of top) {
    energy.get(n.id)?.forEach((v, i) => (totalE[i]! += v));
    cost.get(n.id)?.forEach((v, i) => (totalC[i]! += v));
  }
  const whole = (xs: number[]) => TOU_BANDS.map((_, b) => sumBands(xs, keys.length, b));
  const bandsTotal = (e: number[], c: number[]) => {
    const we = whole(e);
    const wc = whole(c);
    return TOU_BANDS.map((band, b) => ({ band, energy: round(we[b]!), cost: round(wc[b]!, 2) }));
  };
  const totalEnergy = whole(totalE).reduce((a, b) => a + b, 0);
  const totalCost = whole(totalC).reduce((a, b) => a + b, 0);
  return {
    project_id: projectId,
    currency: 'CNY',
    range,
    granularity,
    tariff_configured: tariffs.length > 0,
    // Without a tariff the cost is unknown, never 0 元 (issue 25); the rows' band split still shows the energy.
    cost_unknown: tariffs.length > 0 ? null : ('no_tariff' as const),
    periods: keys.map((key, i) => {
      const bands = bandsOf(totalE, totalC, i * B);
      const dates = bucketDates(key, range.from, range.to);
      return {
        key,
        tariffs: tariffParts(tariffs, dates.from, dates.to),
        energy: round(bands.reduce((a, b) => a + b.energy, 0)),
        cost: round(
          bands.reduce((a, b) => a + b.cost, 0),
          2,
        ),
        bands,
      };
    }),
    nodes: selected.map((n) => {
      const bands = bandsTotal(energy.get(n.id) ?? [], cost.get(n.id) ?? []);
      return {
        node_id: n.id,
        name: n.name,
        name_en: n.name_en,
        node_type: n.node_type,
        energy: round(bands.reduce((a, b) => a + b.energy, 0)),
        cost: round(
          bands.reduce((a, b) => a + b.cost, 0),
          2,
        ),
        bands,
      };
    }),
    total: {
      energy: round(totalEnergy),
      cost: tariffs.length > 0 ? round(totalCost, 2) : null,
      avg_price: totalEnergy > 0 && tariffs.length > 0 ? round(totalCost / totalEnergy, 4) : null,
      bands: bandsTotal(totalE, totalC),
    },
    // No tariff, no bill: an "amount due" of 0 would be as silent as a 0 元 cost.
    ...(tariffs.length > 0 && bill ? { bill } : {}),
  };
}
