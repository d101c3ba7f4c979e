import { describe, expect, it } from 'vitest';
import { doubleCounted, isAssignable } from '@gridops/contract';
import type { IeCategoryRow } from '../metering/ieRepository.js';
import { categoryBreakdown } from './categoryBreakdown.js';

const cat = (id: number, key: string): IeCategoryRow => ({ id, project_id: 1, energy_type: 'power', key, name: key, name_en: key, sort: id, builtin: true, version: 1, meter_count: 0 });
// grid(1) → virtual(2) → feeders 3, 4; feeder 5 under grid.
const nodes = [
  { id: 1, parent_id: null, point_id: 11 },
  { id: 2, parent_id: 1, point_id: null },
  { id: 3, parent_id: 2, point_id: 13 },
  { id: 4, parent_id: 2, point_id: 14 },
  { id: 5, parent_id: 1, point_id: 15 },
];
const series = { keys: ['a', 'b'], resets: new Map(), byNode: new Map([[1, [100, 80]], [3, [20, 10]], [4, [30, 5]], [5, [40, 60]]]) };

describe('integrated energy by use category', () => {
  it('sums a virtual node from the meters below it and puts the rest under "unassigned"', () => {
    const out = categoryBreakdown(nodes, [cat(7, 'hvac'), cat(8, 'power')], [{ node_id: 2, category_id: 7 }, { node_id: 5, category_id: 8 }], series, [100, 80]);
    expect(out.categories!.map((c) => [c.key, c.value, c.series])).toEqual([
      ['hvac', 65, [50, 15]],
      ['power', 100, [40, 60]],
      ['unassigned', 15, [10, 5]],
    ]);
    expect(out.categories!.map((c) => c.share_pct)).toEqual([36.1, 55.6, 8.3]);
  });

  it('gives nothing when no meter has a category, and no share of a zero total', () => {
    expect(categoryBreakdown(nodes, [cat(7, 'hvac')], [], series, [100, 80])).toEqual({});
    const zero = categoryBreakdown(nodes, [cat(7, 'hvac')], [{ node_id: 3, category_id: 7 }], { ...series, byNode: new Map() }, [0, 0]);
    expect(zero.categories!.map((c) => c.share_pct)).toEqual([null, null]);
  });

  it('finds a meter assigned below another assigned one', () => {
    expect(doubleCounted(nodes, new Set([3, 4, 5]))).toEqual([]);
    expect(doubleCounted(nodes, new Set([2, 3]))).toEqual([[3, 2]]);
    expect(doubleCounted(nodes, new Set([1, 4]))).toEqual([[4, 1]]);
  });

  it('assigns only consumption in the power tree, anything in the others', () => {
    expect(['load', 'ev_charging', 'virtual'].every((t) => isAssignable('power', t as never))).toBe(true);
    expect(['grid', 'grid_export', 'pv', 'storage_charge'].some((t) => isAssignable('power', t as never))).toBe(false);
    expect(isAssignable('water', 'grid')).toBe(true);
  });
});
