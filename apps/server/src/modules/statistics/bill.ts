import type { Bill, BillMonth, DemandMode, DemandSource, PfSource } from '@gridops/contract';
import { round } from './counterEnergy.js';
import type { ClockEnergy } from './energyCacheRepository.js';
import { pfAdjustmentPct } from './powerFactor.js';
import { datesBetween, daysInMonth, hourRate, type PreparedTariff } from './tariffPricing.js';

export interface BillInput {
  rows: ClockEnergy[];
  /** Counters of the site's incoming supply (top-most grid meters): the energy the utility bills. */
  gridPoints: number[];
  /** Counters of export to the grid (PV surplus): paid at the feed-in price. */
  exportPoints: number[];
  ofSegment: (seg: number) => PreparedTariff | undefined;
  tariffOn: (day: string) => PreparedTariff | undefined;
  /** Site dates billed: the report's range up to today (a future day has no basic charge). */
  from: string;
  to: string;
  /** The highest hourly energy of the grid meters together (kWh = mean kW) per site month (YYYY-MM). */
  demand: Map<string, number>;
  /** The highest 15-minute mean kW of the grid meters together per site month, where quarter-hour rollups exist. */
  quarterDemand?: Map<string, number>;
  /** Average of the PF point per site month of the incoming meters: the fallback without reactive counters. */
  powerFactor: Map<string, number>;
  /** Active (EP) and reactive (EQ) energy per site month of the incoming meters, where every one has both. */
  reactive?: Map<string, { kwh: number; kvarh: number }>;
}

/** Over-declaration tolerance: a maximum demand up to 105 % of the declared one pays the declared one. */
export const DEMAND_TOLERANCE = 1.05;

/**
 * The demand the charge is based on and the penalty in kW-equivalents (发改办价格〔2016〕1583号): without a declared
 * demand the actual maximum; up to 105 % of the declared, the declared; above it the actual, plus the excess over
 * 105 % once more (that part is billed at twice the price).
 */
export function billedDemand(actualKw: number, declaredKw: number | null): { quantity: number; penaltyKw: number } {
  if (declaredKw === null) return { quantity: actualKw, penaltyKw: 0 };
  const limit = declaredKw * DEMAND_TOLERANCE;
  return actualKw <= limit ? { quantity: declaredKw, penaltyKw: 0 } : { quantity: actualKw, penaltyKw: actualKw - limit };
}

/** The month's power factor: kWh / √(kWh² + kvarh²) from the counters, else the PF point's mean; rounded 0.01. */
export function monthPowerFactor(reactive: { kwh: number; kvarh: number } | undefined, mean: number | undefined): { pf: number | null; source: PfSource | null } {
  if (reactive && reactive.kwh > 0) return { pf: round(reactive.kwh / Math.hypot(reactive.kwh, reactive.kvarh), 2), source: 'energy' };
  if (mean !== undefined) return { pf: round(mean, 2), source: 'pf_mean' };
  return { pf: null, source: null };
}

/**
 * The site's bill by month (docs/energy-model.md, "Billing"):
 * - energy charge: each hour's grid energy at its TOU band price, with the tariff valid that day;
 * - basic charge: capacity kVA × price, or the month's maximum 15-minute demand (kW) of the grid meters against
 *   the declared demand (billedDemand) × price, per month; a month billed in part pays days/days-in-month of it,
 *   each day at its own tariff's price;
 * - power-factor adjustment: (energy + basic charge) × the table's percentage for the month's power factor
 *   (monthPowerFactor: from kWh and kvarh, else the PF point's mean);
 * - feed-in revenue: exported energy × the feed-in price of the day's tariff;
 * - total = energy + basic + adjustment − feed-in revenue.
 */
export function siteBill(input: BillInput): Bill {
  const grid = new Set(input.gridPoints);
  const exported = new Set(input.exportPoints);
  type Acc = { energy: number; feedE: number; feedR: number; basicPerUnit: number; capacity: number; days: number; last: string };
  const months = new Map<string, Acc>();
  const acc = (m: string) => {
    let a = months.get(m);
    if (!a) months.set(m, (a = { energy: 0, feedE: 0, feedR: 0, basicPerUnit: 0, capacity: 0, days: 0, last: '' }));
    return a;
  };
  for (const r of input.rows) {
    const isGrid = grid.has(r.point_id);
    const isExport = exported.has(r.point_id);
    if (!isGrid && !isExport) continue;
    const t = input.ofSegment(r.seg);
    const a = acc(r.ym);
    if (isGrid) a.energy += r.energy * hourRate(t, Number(r.ym.slice(5, 7)), r.hour);
    if (isExport) {
      a.feedE += r.energy;
      a.feedR += r.energy * (t?.row.feed_in_price ?? 0);
    }
  }
  // Basic charge accrues per billed day at that day's tariff.
  const modes = new Map<string, DemandMode>();
  for (const day of datesBetween(input.from, input.to)) {
    const t = input.tariffOn(day);
    const a = acc(day.slice(0, 7));
    a.days += 1;
    a.last = day;
    if (!t || t.row.demand_mode === 'none') continue;
    modes.set(day.slice(0, 7), t.row.demand_mode as DemandMode);
    const share = 1 / daysInMonth(day);
    if (t.row.demand_mode === 'capacity') {
      a.capacity = t.row.capacity_kva ?? 0;
      a.basicPerUnit += share * t.row.basic_price * (t.row.capacity_kva ?? 0);
    } else a.basicPerUnit += share * t.row.basic_price;
  }
  const rows: BillMonth[] = [...months.entries()]
    .filter(([, a]) => a.days > 0)
    .sort(([x], [y]) => (x < y ? -1 : 1))
    .map(([month, a]) => {
      const mode = modes.get(month) ?? 'none';
      const t = input.tariffOn(a.last);
      const hourly = input.demand.get(month);
      const quarter = input.quarterDemand?.get(month);
      // The 15-minute maximum where quarter-hour rollups exist; an hourly mean is a lower bound of it.
      const actual = round(Math.max(hourly ?? 0, quarter ?? 0), 1);
      const demandSource: DemandSource | null = mode !== 'demand' ? null : quarter !== undefined && quarter >= (hourly ?? 0) ? 'quarter_hour' : 'hourly';
      const declared = mode === 'demand' ? (t?.row.declared_demand_kw ?? null) : null;
      const d = billedDemand(actual, declared);
      const penalty = mode === 'demand' ? a.basicPerUnit * d.penaltyKw : 0;
      const basic = mode === 'demand' ? a.basicPerUnit * d.quantity + penalty : a.basicPerUnit;
      const standard = t?.row.pf_standard ?? null;
      const reactive = input.reactive?.get(month);
      const { pf, source } = monthPowerFactor(reactive, input.powerFactor.get(month));
      const pct = standard !== null && pf !== null ? pfAdjustmentPct(pf, standard) : null;
      const adj = pct === null ? 0 : ((a.energy + basic) * pct) / 100;
      return {
        month,
        energy_charge: round(a.energy, 2),
        demand_mode: mode,
        basic_quantity: mode === 'capacity' ? a.capacity : mode === 'demand' ? round(d.quantity, 1) : null,
        basic_charge: round(basic, 2),
        demand_actual_kw: mode === 'demand' ? actual : null,
        demand_source: demandSource,
        declared_demand_kw: declared,
        demand_penalty: round(penalty, 2),
        pf_standard: standard,
        power_factor: pf,
        pf_source: source,
        pf_kwh: source === 'energy' && reactive ? round(reactive.kwh) : null,
        pf_kvarh: source === 'energy' && reactive ? round(reactive.kvarh) : null,
        pf_adjust_pct: pct,
        pf_adjustment: round(adj, 2),
        feed_in_energy: round(a.feedE),
        feed_in_revenue: round(a.feedR, 2),
        total: round(a.energy + basic + adj - a.feedR, 2),
      };
    });
  const sum = (f: (m: BillMonth) => number) => round(rows.reduce((s, m) => s + f(m), 0), 2);
  return {
    energy_charge: sum((m) => m.energy_charge),
    basic_charge: sum((m) => m.basic_charge),
    pf_adjustment: sum((m) => m.pf_adjustment),
    feed_in_revenue: sum((m) => m.feed_in_revenue),
    total: sum((m) => m.total),
    months: rows,
  };
}
