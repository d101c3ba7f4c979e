import { formatNumber } from '@gridops/format';
import { describe, expect, it } from 'vitest';
import { carbonMonthRows, carbonSummary, kgToT, monthOrYear } from './carbonRows';

const m = (month: string, power: number, gas: number, avoided: number) => ({
  month,
  emissions_kg: { power, gas, heat: 0, water: 0 },
  total_kg: power + gas,
  avoided_kg: avoided,
});
const prevYear = [
  m('2023-01', 900_000, 0, 0),
  m('2023-02', 1_000_000, 0, 0),
  m('2023-12', 2_000_000, 500_000, 100_000),
];
const year = [
  m('2024-01', 1_500_000, 500_000, 200_000),
  m('2024-02', 1_000_000, 0, 50_000),
  m('2024-03', 0, 0, 0),
];

describe('carbon table rows', () => {
  it('converts kg to tonnes and computes net, MoM across January and YoY', () => {
    const rows = carbonMonthRows(year, prevYear, '2024-02');
    expect(rows[0]).toMatchObject({
      month: '2024-01',
      power: 1500,
      gas: 500,
      total: 2000,
      avoided: 200,
      net: 1800,
      prevMonth: 2500,
      lastYear: 900,
    });
    expect(rows[0]!.momPct).toBeCloseTo(-20, 6); // (2000 − 2500) / 2500
    expect(rows[0]!.yoyPct).toBeCloseTo(122.222, 3); // (2000 − 900) / 900
    expect(rows[1]!.momPct).toBeCloseTo(-50, 6);
    expect(rows[1]!.yoyPct).toBeCloseTo(0, 6);
  });
  it('shows months that have not happened as empty, not as a 100 % drop', () => {
    const rows = carbonMonthRows(year, prevYear, '2024-02');
    expect(rows[2]).toMatchObject({ total: null, net: null, momPct: null, yoyPct: null });
  });
  it('has no MoM for January and no YoY without the previous year', () => {
    const rows = carbonMonthRows(year, null, '2024-12');
    expect(rows[0]).toMatchObject({ prevMonth: null, momPct: null, lastYear: null, yoyPct: null });
    expect(rows[1]!.momPct).toBeCloseTo(-50, 6);
  });
  it('a zero base gives no percentage', () => {
    const rows = carbonMonthRows([m('2024-02', 10, 0, 0)], [m('2024-01', 0, 0, 0)], '2024-12');
    expect(rows[0]!.momPct).toBeNull();
  });
});

describe('carbon summary', () => {
  const rows = carbonMonthRows(year, prevYear, '2024-02');
  it('a month takes its row with MoM and YoY', () => {
    const s = carbonSummary(
      { period: 'month', date: '2024-01-15' },
      { total_kg: 3_000_000, avoided_kg: 250_000 },
      null,
      rows,
    );
    expect(s).toMatchObject({
      total: 2000,
      avoided: 200,
      net: 1800,
      mom: { previous: 2500 },
      yoy: { previous: 900 },
    });
  });
  it('a year compares with the previous year total, like the server', () => {
    const s = carbonSummary(
      { period: 'year', date: '2024-05-01' },
      { total_kg: 3_000_000, avoided_kg: 250_000 },
      { total_kg: 4_400_000 },
      rows,
    );
    expect(s.total).toBe(3000);
    expect(s.net).toBe(2750);
    expect(s.mom).toBeNull();
    expect(s.yoy.previous).toBe(4400);
    expect(s.yoy.pct).toBeCloseTo(-31.818, 3);
  });
  it('helpers', () => {
    expect(kgToT(1234.6)).toBe(1.2346);
    // Rounded once, at display: not to the kilogram first (which would give 5 743.735 → 5 743.73).
    expect(formatNumber(kgToT(5_743_735.4) ?? 0, 2)).toBe('5,743.74');
    expect(kgToT(null)).toBeNull();
    expect(monthOrYear({ period: 'day', date: '2024-03-04' })).toEqual({
      period: 'month',
      date: '2024-03-04',
    });
    expect(monthOrYear({ period: 'custom', from: '2024-01-01', to: '2024-02-03' })).toEqual({
      period: 'month',
      date: '2024-02-03',
    });
  });
});

describe('future buckets', () => {
  it('reads the sites clock and blanks buckets that have not begun', async () => {
    const { maskFuture, siteNow } = await import('./carbonRows');
    expect(siteNow('Asia/Shanghai', Date.UTC(2024, 0, 31, 17, 5))).toBe('2024-02-01 01:05');
    const now = '2024-02-01 01:05';
    expect(maskFuture(['2024-02-01 00:00', '2024-02-01 01:00', '2024-02-01 02:00'], [1, 2, 3], now)).toEqual([
      1,
      2,
      null,
    ]);
    expect(maskFuture(['2024-01-31', '2024-02-01', '2024-02-02'], [1, 2, 3], now)).toEqual([1, 2, null]);
    expect(maskFuture(['2024-01', '2024-02', '2024-03'], [1, 2, 3], now)).toEqual([1, 2, null]);
  });
});
