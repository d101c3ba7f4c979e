import type { ExpenseResponse, MonthReportFigures } from '@gridops/contract';
import type { FigureSources } from './figures.js';

/** Sources of one site-month as the other modules answer them (unit tests of figures.ts, pdf.ts, workbook.ts). */
export const month = '2026-10';
const expense: ExpenseResponse = {
  project_id: 1,
  currency: 'CNY',
  range: { from: '2026-10-01', to: '2026-10-31' },
  granularity: 'day',
  tariff_configured: true,
  periods: [
    { key: '2026-10-01', energy: 400.5, cost: 300.25, bands: [] },
    { key: '2026-10-02', energy: 420, cost: 310, bands: [] },
  ],
  nodes: [],
  total: {
    energy: 820.5,
    cost: 610.25,
    avg_price: 0.7438,
    bands: [
      { band: 'sharp', energy: 100, cost: 150 },
      { band: 'peak', energy: 300, cost: 250 },
      { band: 'flat', energy: 220.5, cost: 130.25 },
      { band: 'valley', energy: 200, cost: 80 },
    ],
  },
  bill: {
    energy_charge: 610.25,
    basic_charge: 1200,
    pf_adjustment: -10.5,
    feed_in_revenue: 20,
    total: 1779.75,
    months: [{ month, energy_charge: 610.25, demand_mode: 'demand', basic_quantity: 50, basic_charge: 1200, demand_actual_kw: 48.2, demand_source: 'hourly', declared_demand_kw: 50, demand_penalty: 0, pf_standard: 0.9, power_factor: 0.953, pf_source: 'energy', pf_kwh: 820.5, pf_kvarh: 262.1, pf_adjust_pct: -0.6, pf_adjustment: -10.5, feed_in_energy: 40, feed_in_revenue: 20, total: 1779.75 }],
  },
} as unknown as ExpenseResponse;

export const sources: FigureSources = {
  project: { id: 1, name: '苏州工业园区站', name_en: 'Suzhou Industrial Park', zone: 'Asia/Shanghai' },
  month,
  expense,
  peakDemandKw: 48.24,
  newEnergy: { capacity_kwp: 400, generation: { month: 30000 }, self_consumption_pct: { month: 92.5 }, equivalent_hours: { month: 75 } },
  storage: { capacity_kwh: 1000, charged: { month: 8000 }, discharged: { month: 7200 }, efficiency_pct: { month: 90 }, cycles: { month: 7.2 } },
  carbon: { by_month: [{ month: '2026-09', emissions_kg: { power: 1, gas: 0, heat: 0, water: 0 }, total_kg: 1, avoided_kg: 0 } as never, { month, emissions_kg: { power: 7000, gas: 0, heat: 0, water: 0 }, total_kg: 7000, avoided_kg: 17000.4 } as never] },
  events: [
    { event_type: 2, level: 1, count: 2, acknowledged: 2, closed: 1, ack_seconds: 1200, close_seconds: 3600 },
    { event_type: 3, level: 2, count: 1, acknowledged: 0, closed: 0, ack_seconds: null, close_seconds: null },
    { event_type: 2, level: 3, count: 3, acknowledged: 1, closed: 0, ack_seconds: 600, close_seconds: null },
  ],
  inspection: { total: 30, done: 27, overdue: 3, late: 1, rate: 90, findings: 2 },
  workOrders: { opened: 4, closed: 3, open: 2 },
  gateways: [
    { id: 5, sn: 'GW-SZIP-01', name: '1#网关', name_en: 'Gateway 1', outages: 1, outage_seconds: 5400 },
    { id: 6, sn: 'GW-SZIP-02', name: '2#网关', name_en: 'Gateway 2', outages: 0, outage_seconds: 0 },
  ],
  window: { from: new Date('2026-09-30T16:00:00Z'), to: new Date('2026-10-31T16:00:00Z') },
};

export const emptyMonth = (f: MonthReportFigures): MonthReportFigures => ({ ...f, energy: { ...f.energy, daily: [] }, gateways: [] });
