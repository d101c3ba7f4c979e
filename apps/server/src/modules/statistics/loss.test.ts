import { describe, expect, it } from 'vitest';
import type { TreeNode } from '../metering/tree.js';
import { lossLevels, lossRows } from './loss.js';

const n = (
  id: number,
  parent_id: number | null,
  node_type: TreeNode['node_type'],
  point_id: number | null = id * 10,
): TreeNode => ({ id, parent_id, node_type, point_id, name: `n${id}`, name_en: `n${id}` });
// Incomer 1 → transformers 2, 3; feeders 4, 5 under 2; PV 6 and storage charge 7 on 3's bus; feeder 8 under 3.
const nodes = [
  n(1, null, 'grid'),
  n(2, 1, 'load'),
  n(3, 1, 'load'),
  n(4, 2, 'load'),
  n(5, 2, 'load'),
  n(6, 3, 'pv'),
  n(7, 3, 'storage_charge'),
  n(8, 3, 'load'),
];

describe('losses on the metering tree', () => {
  it('computes loss per node: own input plus sources, minus the other children', () => {
    const energy = new Map([
      [1, 1000],
      [2, 600],
      [3, 380],
      [4, 330],
      [5, 240],
      [6, 200],
      [7, 100],
      [8, 470],
    ]);
    const rows = lossRows(nodes, energy, 5);
    // 1: 1000 − (600 + 380) = 20 → 2 %. 2: 600 − 570 = 30 → 5 % (not above 5). 3: (380 + 200) − (100 + 470) = 10 → 1.724 %.
    expect(
      rows.map((r) => [r.node_id, r.level, r.input, r.output, r.loss, r.loss_rate_pct, r.flagged]),
    ).toEqual([
      [1, 1, 1000, 980, 20, 2, false],
      [2, 2, 600, 570, 30, 5, false],
      [3, 2, 580, 570, 10, 1.72, false],
    ]);
    expect(
      lossRows(nodes, energy, 1.9)
        .filter((r) => r.flagged)
        .map((r) => r.node_id),
    ).toEqual([1, 2]);
    expect(lossLevels(rows)).toEqual([
      { level: 1, input: 1000, output: 980, loss: 20, loss_rate_pct: 2 },
      { level: 2, input: 1180, output: 1140, loss: 40, loss_rate_pct: 3.39 },
    ]);
  });

  it('gives a loss rate of null (not Infinity) when the input is zero', () => {
    expect(lossRows(nodes, new Map(), 5)[0]!.loss_rate_pct).toBeNull();
  });

});
