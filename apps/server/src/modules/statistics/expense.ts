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
import type { DayHours } from './energyCacheRepository.js';
import { splitOf, tariffResolver, type PreparedTariff } from './tariffPricing.js';
import { nodeSeries, topMost } from '../metering/tree.js';
import type { StatisticsRepository } from './repository.js';

/**
 * Cost per node, period bucket and TOU band (docs/energy-model.md, "Cost" and "Billing"): each hour's energy
 * is priced by the tariff valid on its site date, split between bands by the minutes each band covers in that
 * local hour. Without a tariff (or on a day no tariff covers) the energy is reported under 'flat' at zero cost.
 */
const B = TOU_BANDS.length;
const pad = (h: number) => String(h).padStart(2, '0');

/** The bucket key of an hour of a site day, as the statistics write it (periods.ts). */
const keyOf = (day: string, hour: number, granularity: Granularity) =>
  granularity === 'hour' ? `${day} ${pad(hour)}:00` : granularity === 'day' ? day : granularity === 'month' ? day.slice(0, 7) : day.slice(0, 4);

/** Per point: flattened [bucket × band] energy and cost arrays (index = bucket * 4 + band). */
export function pricePoints(days: DayHours[], keys: string[], granularity: Granularity, tariffOn: (day: string) => PreparedTariff | undefined) {
  const index = new Map(keys.map((k, i) => [k, i]));
  const energy = new Map<number, number[]>();
  const cost = new Map<number, number[]>();
  const flat = TOU_BANDS.indexOf('flat');
  for (const d of days) {
    const t = tariffOn(d.day);
    const month = Number(d.day.slice(5, 7));
    const dayIndex = granularity === 'hour' ? undefined : index.get(keyOf(d.day, 0, granularity));
    let e = energy.get(d.point_id);
    let c = cost.get(d.point_id);
    for (let h = 0; h < d.hours.length; h++) {
      const v = d.hours[h]!;
      if (v === 0) continue;
      const i = granularity === 'hour' ? index.get(keyOf(d.day, h, granularity)) : dayIndex;
      if (i === undefined) continue;
      if (!e || !c) {
        e = new Array<number>(keys.length * B).fill(0);
        c = new Array<number>(keys.length * B).fill(0);
        energy.set(d.point_id, e);
        cost.set(d.point_id, c);
      }
      const split = splitOf(t, month, h);
      if (!t || !split || split.size === 0) e[i * B + flat]! += v;
      else {
        for (const [band, share] of split) {
          const b = TOU_BANDS.indexOf(band);
          e[i * B + b]! += v * share;
          c[i * B + b]! += v * share * (t.price.get(`${month}:${band}`) ?? 0);
        }
      }
    }
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
export type ExpenseSource = Pick<StatisticsRepository, 'dayHours' | 'dayHoursUncached' | 'tariffs' | 'monthlyPowerFactor'>;

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
  const read = opts.cache === false ? repo.dayHoursUncached : repo.dayHours;
  const [days, tariffs, powerFactor] = await Promise.all([
    read(db, ids, from, to, zone),
    repo.tariffs(db, projectId),
    repo.monthlyPowerFactor(db, gridPoints, from, to, zone),
  ]);
  const tariffOn = tariffResolver(tariffs);
  const priced = pricePoints(days, keys, granularity, tariffOn);
  const today = siteDate(zone, opts.now ?? new Date());
  const billTo = range.to < today ? range.to : today;
  const bill = siteBill({ days, gridPoints, exportPoints, tariffOn, from: range.from, to: billTo, powerFactor });
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
    periods: keys.map((key, i) => {
      const bands = bandsOf(totalE, totalC, i * B);
      return {
        key,
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
      cost: round(totalCost, 2),
      avg_price: totalEnergy > 0 ? round(totalCost / totalEnergy, 4) : null,
      bands: bandsTotal(totalE, totalC),
    },
    bill,
  };
}
