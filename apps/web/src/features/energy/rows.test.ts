import type { StatsResponse } from '@gridops/contract';
import { describe, expect, it } from 'vitest';
import type { ExpenseResponse, LossResponse, ReadingsResponse } from './api';
import {
  bucketLabel,
  bucketRows,
  comparisonInput,
  expenseNodeRows,
  expensePeriodRows,
  flaggedRows,
  isFutureBucket,
  lossFlag,
  lossRows,
  nodeRows,
  readingRows,
  siteNowKey,
  storageRows,
} from './rows';

const change = { mom_value: null, yoy_value: null, mom_pct: null, yoy_pct: null, mom_reason: null, yoy_reason: null };

function stats(over: Partial<StatsResponse> = {}): StatsResponse {
  return {
    project_id: 2,
    category: 'power_use',
    energy_type: 'power',
    unit: 'kWh',
    period: 'day',
    granularity: 'hour',
    range: { from: '2026-11-23', to: '2026-11-23' },
    mom_range: { from: '2026-11-22', to: '2026-11-22' },
    yoy_range: { from: '2025-11-23', to: '2025-11-23' },
    data_since: '2024-01-01T00:00:00.000Z',
    buckets: [
      { key: '2026-11-23 09:00', value: 120, mom_value: 100, yoy_value: 0, mom_pct: 20, yoy_pct: null, mom_reason: null, yoy_reason: null },
      { key: '2026-11-23 10:00', value: 80, mom_value: 100, yoy_value: 50, mom_pct: -20, yoy_pct: 60, mom_reason: null, yoy_reason: null },
      { key: '2026-11-23 11:00', value: 0, mom_value: 90, yoy_value: 40, mom_pct: -100, yoy_pct: -100, mom_reason: null, yoy_reason: null },
    ],
    total: { value: 200, mom_value: 290, yoy_value: 90, mom_pct: -31.03, yoy_pct: 122.22, mom_reason: null, yoy_reason: null },
    nodes: [
      { node_id: 11, parent_id: null, name: '进线', name_en: 'Incomer', node_type: 'grid', value: 200, ...change, series: [120, 80, 0] },
      { node_id: 12, parent_id: 11, name: '1#变压器', name_en: 'T1', node_type: 'load', value: 150, ...change, series: [90, 60, 0] },
      { node_id: 14, parent_id: 12, name: '办公', name_en: 'Office', node_type: 'load', value: 50, ...change, series: [30, 20, 0] },
    ],
    ...over,
  };
}

describe('site clock and buckets', () => {
  it('reads the Shanghai wall clock whatever the browser zone', () => {
    expect(siteNowKey('Asia/Shanghai', Date.UTC(2026, 10, 22, 16, 30))).toBe('2026-11-23 00:30');
  });
  it('treats buckets after the site clock as future, the current one as not', () => {
    const now = '2026-11-23 10:53';
    expect(isFutureBucket('2026-11-23 10:00', now)).toBe(false);
    expect(isFutureBucket('2026-11-23 11:00', now)).toBe(true);
    expect(isFutureBucket('2026-11-23', now)).toBe(false);
    expect(isFutureBucket('2026-11-24', now)).toBe(true);
    expect(isFutureBucket('2026-11', now)).toBe(false);
    expect(isFutureBucket('2026-12', now)).toBe(true);
  });
  it('labels hours, days and months; days across years keep the year', () => {
    expect(bucketLabel('2026-11-23 07:00', 'hour')).toBe('07:00');
    expect(bucketLabel('2026-11-05', 'day', { from: '2026-11-01', to: '2026-11-30' })).toBe('11-05');
    expect(bucketLabel('2025-12-31', 'day', { from: '2025-12-20', to: '2026-01-05' })).toBe('2025-12-31');
    expect(bucketLabel('2026-03', 'month')).toBe('2026-03');
  });
});

describe('statistics rows', () => {
  it('empties future buckets instead of showing 0 and ↓100 %', () => {
    const rows = bucketRows(stats(), '2026-11-23 10:20');
    expect(rows.map((r) => r.value)).toEqual([120, 80, null]);
    expect(rows[2]?.mom_pct).toBeNull();
    expect(rows[2]?.mom_value).toBe(90);
    expect(rows[0]?.label).toBe('09:00');
  });
  it('keeps a zero base as null change (shown "-")', () => {
    const rows = bucketRows(stats(), '2026-11-23 23:59');
    expect(rows[0]?.yoy_value).toBe(0);
    expect(rows[0]?.yoy_pct).toBeNull();
  });
  it('builds the comparison chart input of the chosen mode', () => {
    const rows = bucketRows(stats(), '2026-11-23 10:20');
    const mom = comparisonInput(rows, 'mom', 'kWh');
    expect(mom).toMatchObject({ categories: ['09:00', '10:00', '11:00'], current: [120, 80, null], previous: [100, 100, 90], changePct: [20, -20, null], mode: 'mom' });
    const yoy = comparisonInput(rows, 'yoy', 'kWh');
    expect(yoy.previous).toEqual([0, 50, 40]);
    expect(yoy.changePct).toEqual([null, 60, null]);
  });
  it('gives node rows their tree depth and the name of the language', () => {
    const rows = nodeRows(stats(), 'en');
    expect(rows.map((r) => [r.name, r.depth])).toEqual([['Incomer', 0], ['T1', 1], ['Office', 2]]);
    expect(nodeRows(stats(), 'zh')[1]?.name).toBe('1#变压器');
  });
});

describe('storage rows', () => {
  it('merges charge and discharge per bucket with efficiency and cycles', () => {
    const charge = stats({ category: 'storage_charge', buckets: [
      { key: '2026-11-23 09:00', value: 200, ...change },
      { key: '2026-11-23 10:00', value: 0, ...change },
      { key: '2026-11-23 11:00', value: 0, ...change },
    ] });
    const discharge = stats({ category: 'storage_discharge', buckets: [
      { key: '2026-11-23 09:00', value: 180, ...change, mom_pct: 5 },
      { key: '2026-11-23 10:00', value: 150, ...change },
      { key: '2026-11-23 11:00', value: 0, ...change },
    ] });
    const rows = storageRows(charge, discharge, 1000, '2026-11-23 10:30');
    expect(rows[0]).toMatchObject({ charged: 200, discharged: 180, efficiency_pct: 90, cycles: 0.18, mom_pct: 5 });
    // Nothing charged: no efficiency (not Infinity); discharge still counts as cycles.
    expect(rows[1]).toMatchObject({ charged: 0, discharged: 150, efficiency_pct: null, cycles: 0.15 });
    expect(rows[2]).toMatchObject({ charged: null, discharged: null, efficiency_pct: null, cycles: null });
    expect(storageRows(charge, discharge, null, '2026-11-23 23:00')[0]?.cycles).toBeNull();
  });
});

describe('readings', () => {
  it('keys rows by node and picks the name by language', () => {
    const resp: ReadingsResponse = {
      project_id: 2,
      range: { from: '2026-11-01', to: '2026-11-23' },
      rows: [{ node_id: 18, name: '1#光伏逆变器', name_en: 'PV inverter 1', node_type: 'pv', device_name: null, device_name_en: null, point_key: 'EP', unit: 'kWh', start_reading: 100, start_ts: null, end_reading: 90, end_ts: null, energy: 40, resets: 1 }],
    };
    expect(readingRows(resp, 'en')[0]).toMatchObject({ key: 18, display_name: 'PV inverter 1', energy: 40, resets: 1 });
  });
});

describe('loss rows', () => {
  const resp: LossResponse = {
    project_id: 2,
    energy_type: 'power',
    unit: 'kWh',
    range: { from: '2026-11-01', to: '2026-11-30' },
    threshold_pct: 5,
    rows: [
      { node_id: 11, name: '进线', name_en: 'Incomer', level: 1, input: 1000, output: 985, loss: 15, loss_rate_pct: 1.5, flagged: false, children: 2 },
      { node_id: 12, name: 'T1', name_en: 'T1', level: 2, input: 500, output: 460, loss: 40, loss_rate_pct: 8, flagged: true, children: 3 },
      { node_id: 13, name: 'T2', name_en: 'T2', level: 2, input: 400, output: 440, loss: -40, loss_rate_pct: -10, flagged: true, children: 2 },
      { node_id: 16, name: 'F3', name_en: 'F3', level: 3, input: 0, output: 0, loss: 0, loss_rate_pct: null, flagged: false, children: 6 },
    ],
    levels: [],
  };
  it('says which way a flagged row is off', () => {
    expect(lossFlag(8, 5)).toBe('high');
    expect(lossFlag(-10, 5)).toBe('negative');
    expect(lossFlag(5, 5)).toBeNull();
    expect(lossFlag(null, 5)).toBeNull();
  });
  it('flags the rows the server flagged, and only those', () => {
    const rows = lossRows(resp, 'en');
    expect(rows.map((r) => r.flag)).toEqual([null, 'high', 'negative', null]);
    expect(flaggedRows(rows).map((r) => r.node_id)).toEqual([12, 13]);
    // antd's Table reads `children` as tree rows; the count travels as child_count.
    expect(rows[0]).not.toHaveProperty('children');
    expect(rows[0]?.child_count).toBe(2);
  });
});

describe('expense rows', () => {
  const bands = (sharp: number, peak: number) => [
    { band: 'sharp' as const, energy: sharp, cost: sharp * 1.2 },
    { band: 'peak' as const, energy: peak, cost: peak },
  ];
  const resp: ExpenseResponse = {
    project_id: 2,
    currency: 'CNY',
    range: { from: '2026-11-01', to: '2026-11-30' },
    granularity: 'day',
    tariff_configured: true,
    cost_unknown: null,
    periods: [
      {
        key: '2026-11-22',
        energy: 30,
        cost: 32,
        bands: bands(10, 20),
        tariffs: [
          { tariff_id: 1, name: '旧电价', name_en: 'Old tariff', version: 2, valid_from: '2025-01-01', valid_to: '2026-11-21', from: '2026-11-22', to: '2026-11-22' },
        ],
      },
      { key: '2026-11-24', energy: 0, cost: 0, bands: [], tariffs: [] },
    ],
    nodes: [{ node_id: 12, name: '1#变压器', name_en: 'T1', node_type: 'load', energy: 30, cost: 32, bands: bands(10, 20) }],
    total: { energy: 30, cost: 32, avg_price: 1.0667, bands: bands(10, 20) },
  };
  it('flattens bands into columns, missing bands as 0, and drops future days', () => {
    const rows = expensePeriodRows(resp, '2026-11-23 08:00', 'zh');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ key: '2026-11-22', label: '11-22', energy: 30, sharp_energy: 10, sharp_cost: 12, peak_cost: 20, flat_energy: 0, valley_cost: 0 });
  });
  it('names the tariff, version and validity of each period, each part when a period spans two', () => {
    expect(expensePeriodRows(resp, '2026-11-23 08:00', 'zh')[0]!.tariff).toBe('旧电价 v2（有效期 2025-01-01 – 2026-11-21）');
    const two: ExpenseResponse = {
      ...resp,
      granularity: 'month',
      periods: [
        {
          key: '2026-11',
          energy: 30,
          cost: 32,
          bands: bands(10, 20),
          tariffs: [
            { tariff_id: 1, name: '旧电价', name_en: 'Old tariff', version: 2, valid_from: '2025-01-01', valid_to: '2026-11-14', from: '2026-11-01', to: '2026-11-14' },
            { tariff_id: 2, name: '新电价', name_en: 'New tariff', version: 1, valid_from: '2026-11-15', valid_to: null, from: '2026-11-15', to: '2026-11-30' },
          ],
        },
      ],
    };
    expect(expensePeriodRows(two, '2026-12-01 08:00', 'en')[0]!.tariff).toBe(
      'Old tariff v2 (valid 2025-01-01 – 2026-11-14) · 2026-11-01 – 2026-11-14; New tariff v1 (valid from 2026-11-15) · 2026-11-15 – 2026-11-30',
    );
  });
  it('lists branches by name in the language', () => {
    expect(expenseNodeRows(resp, 'en')[0]).toMatchObject({ key: '12', label: 'T1', cost: 32, peak_energy: 20 });
  });
});
