import type { Bill, BillMonth, DemandMode } from '@gridops/contract';
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
  /** Average power factor per site month of the incoming meters. */
  powerFactor: Map<string, number>;
}

/**
 * The site's bill by month (docs/energy-model.md, "Billing"):
 * - energy charge: each hour's grid energy at its TOU band price, with the tariff valid that day;
 * - basic charge: capacity kVA × price, or the month's maximum demand (kW, the highest hourly mean of the
 *   grid meters) × price, per month; a month billed in part pays days/days-in-month of it, each day at its
 *   own tariff's price;
 * - power-factor adjustment: (energy + basic charge) × the table's percentage for the month's power factor;
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
      const demand = input.demand.get(month) ?? 0;
      const basic = mode === 'demand' ? a.basicPerUnit * demand : a.basicPerUnit;
      const t = input.tariffOn(a.last);
      const standard = t?.row.pf_standard ?? null;
      const pf = input.powerFactor.get(month) ?? null;
      const pct = standard !== null && pf !== null ? pfAdjustmentPct(pf, standard) : null;
      const adj = pct === null ? 0 : ((a.energy + basic) * pct) / 100;
      return {
        month,
        energy_charge: round(a.energy, 2),
        demand_mode: mode,
        basic_quantity: mode === 'capacity' ? a.capacity : mode === 'demand' ? round(demand, 1) : null,
        basic_charge: round(basic, 2),
        pf_standard: standard,
        power_factor: pf === null ? null : round(pf, 3),
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
