import { describe, expect, it } from 'vitest';
import type { TariffMonth } from '@gridops/contract';
import { tariffRows } from '../metering/tariff.js';
import { versionRow } from '../../test-support/memoryTariffs.js';
import { billedDemand, monthPowerFactor, siteBill } from './bill.js';
import type { ClockEnergy } from './energyCacheRepository.js';
import { pricePoints } from './expense.js';
import { hourRate, splitOf, tariffResolver, tariffSegments } from './tariffPricing.js';
import type { TariffVersionRow } from '../metering/tariffRepository.js';

/** Valley 00–08, flat 08–17 and 21–24, peak 17–21; in July critical peak 19–20 inside the peak (Chinese provincial shape). */
function months(k = 1): TariffMonth[] {
  return Array.from({ length: 12 }, (_, i) => ({
    month: i + 1,
    periods:
      i + 1 === 7
        ? [
            { band: 'valley', start: '00:00', end: '08:00' },
            { band: 'flat', start: '08:00', end: '17:00' },
            { band: 'peak', start: '17:00', end: '19:00' },
            { band: 'sharp', start: '19:00', end: '20:00' },
            { band: 'peak', start: '20:00', end: '21:00' },
            { band: 'flat', start: '21:00', end: '24:00' },
          ]
        : [
            { band: 'valley', start: '00:00', end: '08:00' },
            { band: 'flat', start: '08:00', end: '17:00' },
            { band: 'peak', start: '17:00', end: '21:00' },
            { band: 'flat', start: '21:00', end: '24:00' },
          ],
    prices: { sharp: 1.2 * k, peak: 1 * k, flat: 0.6 * k, valley: 0.3 * k },
  }));
}

/** What the SQL does: the segment of a day is the number of boundaries at or before it. */
function resolve(tariffs: TariffVersionRow[]) {
  const tariffOn = tariffResolver(tariffs);
  const seg = tariffSegments(tariffs, tariffOn);
  const segOf = (day: string) => seg.bounds.filter((b) => b <= day).length;
  const row = (point_id: number, day: string, hour: number, energy: number, key = day.slice(0, 7)): ClockEnergy => ({ point_id, key, ym: day.slice(0, 7), hour, seg: segOf(day), energy });
  return { tariffOn, ...seg, row };
}

describe('TOU band resolution by month and hour', () => {
  const on = tariffResolver([versionRow(tariffRows(months()))]);
  it('puts the critical peak only in the months that have it', () => {
    expect([...splitOf(on('2026-07-10'), 7, 19)!]).toEqual([['sharp', 1]]);
    expect([...splitOf(on('2026-06-10'), 6, 19)!]).toEqual([['peak', 1]]);
    expect(hourRate(on('2026-07-10'), 7, 19)).toBe(1.2);
    expect(hourRate(on('2026-01-10'), 1, 3)).toBe(0.3);
    expect(hourRate(on('2026-01-10'), 1, 22)).toBe(0.6);
  });
});

describe('tariff validity', () => {
  // Until 2026-06-14 the cheaper tariff; from 2026-06-15 prices doubled; nothing before 2020.
  const r = resolve([
    versionRow(tariffRows(months(1)), { id: 1, valid_from: '2020-01-01', valid_to: '2026-06-14' }),
    versionRow(tariffRows(months(2)), { id: 2, valid_from: '2026-06-15' }),
  ]);
  it('cuts segments at every start and the day after every end', () => {
    expect(r.bounds).toEqual(['2020-01-01', '2026-06-15']);
    expect(r.ofSegment(0)).toBeUndefined();
    expect(r.ofSegment(1)!.row.id).toBe(1);
    expect(r.ofSegment(2)!.row.id).toBe(2);
  });
  it('prices each hour by the tariff valid on its site date, switching mid-month', () => {
    const { cost, energy } = pricePoints([r.row(1, '2026-06-14', 18, 10), r.row(1, '2026-06-15', 18, 10)], ['2026-06'], 'month', r.ofSegment);
    // Peak band index 1: 10 × 1.0 + 10 × 2.0.
    expect(cost.get(1)![1]).toBeCloseTo(30, 10);
    expect(energy.get(1)![1]).toBe(20);
  });
  it('leaves a day no tariff covers unpriced (flat energy, no cost)', () => {
    const { cost, energy } = pricePoints([r.row(1, '2019-06-01', 18, 10, '2019-06')], ['2019-06'], 'month', r.ofSegment);
    expect(energy.get(1)![2]).toBe(10);
    expect(cost.get(1)!.every((c) => c === 0)).toBe(true);
  });
});

describe('site bill', () => {
  const base = { gridPoints: [1], exportPoints: [2], powerFactor: new Map<string, number>(), demand: new Map<string, number>() };
  it('charges demand per kW of the month’s highest hourly mean, prorated by the days billed', () => {
    const r = resolve([versionRow(tariffRows(months()), { demand_mode: 'demand', basic_price: 40 })]);
    const rows = [r.row(1, '2026-04-01', 3, 100), r.row(1, '2026-04-01', 18, 300), r.row(1, '2026-04-02', 18, 250)];
    const input = { ...base, rows, ofSegment: r.ofSegment, tariffOn: r.tariffOn, demand: new Map([['2026-04', 300]]) };
    const b = siteBill({ ...input, from: '2026-04-01', to: '2026-04-30' });
    // Energy: 100 × 0.3 + 300 × 1 + 250 × 1 = 580; demand 300 kW × 40 = 12 000 for the whole month.
    expect(b.months[0]).toMatchObject({ month: '2026-04', energy_charge: 580, demand_mode: 'demand', basic_quantity: 300, basic_charge: 12000 });
    expect(siteBill({ ...input, from: '2026-04-01', to: '2026-04-15' }).months[0]!.basic_charge).toBe(6000);
  });
  it('charges capacity per kVA, switching price with the tariff', () => {
    const r = resolve([
      versionRow(tariffRows(months()), { id: 1, valid_to: '2026-04-15', demand_mode: 'capacity', basic_price: 30, capacity_kva: 1000 }),
      versionRow(tariffRows(months()), { id: 2, valid_from: '2026-04-16', demand_mode: 'capacity', basic_price: 24, capacity_kva: 1000 }),
    ]);
    const b = siteBill({ ...base, rows: [], ofSegment: r.ofSegment, tariffOn: r.tariffOn, from: '2026-04-01', to: '2026-04-30' });
    // 15 days at 30 000/month and 15 days at 24 000/month.
    expect(b.months[0]!.basic_charge).toBe(27000);
    expect(b.total).toBe(27000);
  });
  it('adjusts energy + basic charge by the power-factor table and subtracts feed-in revenue', () => {
    const r = resolve([versionRow(tariffRows(months()), { demand_mode: 'capacity', basic_price: 30, capacity_kva: 100, pf_standard: 0.9, feed_in_price: 0.4 })]);
    const rows = [r.row(1, '2026-04-01', 10, 1000), r.row(2, '2026-04-01', 12, 50)];
    const b = siteBill({ ...base, rows, ofSegment: r.ofSegment, tariffOn: r.tariffOn, from: '2026-04-01', to: '2026-04-30', powerFactor: new Map([['2026-04', 0.85]]) });
    // (600 + 3000) × 2.5 % = 90; feed-in 50 × 0.4 = 20.
    expect(b.months[0]).toMatchObject({ energy_charge: 600, basic_charge: 3000, pf_adjust_pct: 2.5, pf_adjustment: 90, feed_in_energy: 50, feed_in_revenue: 20, total: 3670 });
    expect(b).toMatchObject({ energy_charge: 600, basic_charge: 3000, pf_adjustment: 90, feed_in_revenue: 20, total: 3670 });
  });
});

/**
 * The worked month of docs/energy-model.md ("Billing", "A worked month"), by hand: April 2026, demand charge
 * 40 yuan/kW·month with 500 kW declared, PF standard 0.90, feed-in 0.40 yuan/kWh.
 */
describe('a hand-worked month', () => {
  const r = resolve([versionRow(tariffRows(months()), { demand_mode: 'demand', basic_price: 40, declared_demand_kw: 500, pf_standard: 0.9, feed_in_price: 0.4 })]);
  // Valley 60 000 kWh (03:00), flat 90 000 kWh (10:00), peak 50 000 kWh (18:00); 1 000 kWh exported.
  const rows = [r.row(1, '2026-04-01', 3, 60_000), r.row(1, '2026-04-01', 10, 90_000), r.row(1, '2026-04-01', 18, 50_000), r.row(2, '2026-04-01', 12, 1_000)];
  const input = {
    gridPoints: [1],
    exportPoints: [2],
    rows,
    ofSegment: r.ofSegment,
    tariffOn: r.tariffOn,
    from: '2026-04-01',
    to: '2026-04-30',
    // Highest hourly mean 520 kW; highest quarter hour 560.4 kW.
    demand: new Map([['2026-04', 520]]),
    quarterDemand: new Map([['2026-04', 560.4]]),
    // The PF point's mean (0.96) is not used: the counters give 200 000 kWh and 78 000 kvarh.
    powerFactor: new Map([['2026-04', 0.96]]),
    reactive: new Map([['2026-04', { kwh: 200_000, kvarh: 78_000 }]]),
  };
  it('bills energy by band, demand with the over-declaration penalty, PF from kWh/kvarh and its adjustment', () => {
    const m = siteBill(input).months[0]!;
    expect(m).toMatchObject({
      month: '2026-04',
      // 60 000 × 0.30 + 90 000 × 0.60 + 50 000 × 1.00 = 18 000 + 54 000 + 50 000
      energy_charge: 122_000,
      demand_mode: 'demand',
      demand_actual_kw: 560.4,
      demand_source: 'quarter_hour',
      declared_demand_kw: 500,
      // 560.4 > 1.05 × 500 = 525: 560.4 × 40 + (560.4 − 525) × 40 = 22 416 + 1 416
      basic_quantity: 560.4,
      demand_penalty: 1_416,
      basic_charge: 23_832,
      // 200 000 / √(200 000² + 78 000²) = 0.9317 → 0.93: −0.45 % of 145 832
      power_factor: 0.93,
      pf_source: 'energy',
      pf_kwh: 200_000,
      pf_kvarh: 78_000,
      pf_adjust_pct: -0.45,
      pf_adjustment: -656.24,
      feed_in_energy: 1_000,
      feed_in_revenue: 400,
      // 122 000 + 23 832 − 656.24 − 400
      total: 144_775.76,
    });
  });
  it('bills the declared demand up to 105 % of it and the actual one without a declaration', () => {
    expect(billedDemand(480, 500)).toEqual({ quantity: 500, penaltyKw: 0 });
    expect(billedDemand(525, 500)).toEqual({ quantity: 500, penaltyKw: 0 });
    expect(billedDemand(600, 500)).toEqual({ quantity: 600, penaltyKw: 75 });
    expect(billedDemand(480, null)).toEqual({ quantity: 480, penaltyKw: 0 });
    const under = siteBill({ ...input, quarterDemand: new Map([['2026-04', 510]]) }).months[0]!;
    expect(under).toMatchObject({ demand_actual_kw: 520, demand_source: 'hourly', basic_quantity: 500, basic_charge: 20_000, demand_penalty: 0 });
  });
  it('falls back to the PF readings’ mean without reactive energy, and says so', () => {
    expect(monthPowerFactor(undefined, 0.934)).toEqual({ pf: 0.93, source: 'pf_mean' });
    expect(monthPowerFactor({ kwh: 0, kvarh: 0 }, undefined)).toEqual({ pf: null, source: null });
    const m = siteBill({ ...input, reactive: undefined }).months[0]!;
    expect(m).toMatchObject({ power_factor: 0.96, pf_source: 'pf_mean', pf_kwh: null, pf_adjust_pct: -0.75 });
  });
});
