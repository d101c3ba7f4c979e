import type { CarbonSite, ExpenseResponse, MonthReportFigures, TariffPart } from '@gridops/contract';
import type { EventCountRow, GatewayOutageRow } from './repository.js';

/**
 * Assembles a site-month's figures from what the other modules answered (pure, tested from fixtures in
 * figures.test.ts). Nothing is recomputed differently: energy and cost are the expense report's, new energy and
 * storage the overviews' `month` values, carbon the carbon page's month; only events, work orders and gateway
 * availability are counted here, from their own tables.
 */
export interface FigureSources {
  project: { id: number; name: string; name_en: string; zone: string };
  month: string;
  expense: ExpenseResponse;
  peakDemandKw: number | null;
  newEnergy: { capacity_kwp: number; generation: { month: number }; self_consumption_pct: { month: number | null }; equivalent_hours: { month: number } };
  storage: { capacity_kwh: number; charged: { month: number }; discharged: { month: number }; efficiency_pct: { month: number | null }; cycles: { month: number } };
  carbon: Pick<CarbonSite, 'by_month'>;
  events: EventCountRow[];
  inspection: { total: number; done: number; overdue: number; late: number; rate: number; findings: number };
  workOrders: { opened: number; closed: number; open: number };
  gateways: GatewayOutageRow[];
  /** The month's window [from, to) as instants. */
  window: { from: Date; to: Date };
}

const round = (v: number, digits = 1) => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};

function sumBy<T>(rows: T[], key: (r: T) => number, value: (r: T) => number) {
  const m = new Map<number, number>();
  for (const r of rows) m.set(key(r), (m.get(key(r)) ?? 0) + value(r));
  return [...m.entries()].sort((a, b) => a[0] - b[0]).map(([k, count]) => ({ key: k, count }));
}

export function eventFigures(rows: EventCountRow[]): MonthReportFigures['events'] {
  const total = rows.reduce((a, r) => a + r.count, 0);
  const acknowledged = rows.reduce((a, r) => a + r.acknowledged, 0);
  const closed = rows.reduce((a, r) => a + r.closed, 0);
  const ackSeconds = rows.reduce((a, r) => a + (r.ack_seconds ?? 0), 0);
  const closeSeconds = rows.reduce((a, r) => a + (r.close_seconds ?? 0), 0);
  return {
    total,
    by_level: sumBy(rows, (r) => r.level, (r) => r.count),
    by_type: sumBy(rows, (r) => r.event_type, (r) => r.count),
    acknowledged,
    closed,
    mean_ack_minutes: acknowledged ? round(ackSeconds / acknowledged / 60) : null,
    mean_close_minutes: closed ? round(closeSeconds / closed / 60) : null,
  };
}

/**
 * Availability over the whole month: the time without a communication-loss event. A gateway registered during
 * the month had no such event before, so it is not marked down for the days before it existed.
 */
export function gatewayFigures(rows: GatewayOutageRow[], window: { from: Date; to: Date }): MonthReportFigures['gateways'] {
  const span = (window.to.getTime() - window.from.getTime()) / 1000;
  return rows.map((g) => {
    const down = Math.min(span, g.outage_seconds);
    return {
      id: g.id,
      sn: g.sn,
      name: g.name,
      name_en: g.name_en,
      availability_pct: span > 0 ? round(((span - down) / span) * 100, 2) : 100,
      outages: g.outages,
      outage_minutes: round(down / 60),
    };
  });
}

/** The tariffs that priced the periods, one entry per tariff with the first and last date it covered. */
export function mergedTariffParts(periods: ExpenseResponse['periods']): TariffPart[] {
  const byId = new Map<number, TariffPart>();
  for (const p of periods)
    for (const t of p.tariffs ?? []) {
      const seen = byId.get(t.tariff_id);
      byId.set(t.tariff_id, seen ? { ...seen, from: seen.from < t.from ? seen.from : t.from, to: seen.to > t.to ? seen.to : t.to } : { ...t });
    }
  return [...byId.values()].sort((a, b) => a.from.localeCompare(b.from));
}

export function assembleFigures(s: FigureSources): MonthReportFigures {
  const e = s.expense;
  const billMonth = e.bill?.months.find((m) => m.month === s.month);
  const carbonMonth = s.carbon.by_month.find((m) => m.month === s.month);
  const emissions = carbonMonth?.total_kg ?? 0;
  const avoided = carbonMonth?.avoided_kg ?? 0;
  return {
    project_id: s.project.id,
    name: s.project.name,
    name_en: s.project.name_en,
    month: s.month,
    zone: s.project.zone,
    currency: 'CNY',
    energy: {
      tariff_configured: e.tariff_configured,
      total_kwh: e.total.energy,
      // The report states "no tariff" itself (tables.ts); its figure stays a number.
      total_cost: e.total.cost ?? 0,
      bands: e.total.bands,
      daily: e.periods.map((p) => ({ date: p.key, energy: p.energy, cost: p.cost })),
      energy_charge: e.bill?.energy_charge ?? 0,
      basic_charge: e.bill?.basic_charge ?? 0,
      pf_adjustment: e.bill?.pf_adjustment ?? 0,
      feed_in_revenue: e.bill?.feed_in_revenue ?? 0,
      bill_total: e.bill?.total ?? 0,
      power_factor: billMonth?.power_factor ?? null,
      pf_source: billMonth?.pf_source ?? null,
      pf_standard: billMonth?.pf_standard ?? null,
      pf_adjust_pct: billMonth?.pf_adjust_pct ?? null,
      // The bill's 15-minute maximum when it bills demand; otherwise the meters' own maximum.
      peak_demand_kw: billMonth?.demand_actual_kw ?? (s.peakDemandKw === null ? null : round(s.peakDemandKw)),
      declared_demand_kw: billMonth?.declared_demand_kw ?? null,
      demand_penalty: billMonth?.demand_mode === 'demand' ? billMonth.demand_penalty : null,
      tariffs: mergedTariffParts(e.periods),
    },
    new_energy: {
      pv_capacity_kwp: s.newEnergy.capacity_kwp,
      generation_kwh: s.newEnergy.generation.month,
      self_consumption_pct: s.newEnergy.self_consumption_pct.month,
      equivalent_hours: s.newEnergy.equivalent_hours.month,
      storage_capacity_kwh: s.storage.capacity_kwh,
      charged_kwh: s.storage.charged.month,
      discharged_kwh: s.storage.discharged.month,
      storage_efficiency_pct: s.storage.efficiency_pct.month,
      cycles: s.storage.cycles.month,
    },
    carbon: { emissions_kg: emissions, avoided_kg: avoided, net_kg: round(emissions - avoided) },
    events: eventFigures(s.events),
    inspection: s.inspection,
    defects: s.workOrders,
    gateways: gatewayFigures(s.gateways, s.window),
  };
}
