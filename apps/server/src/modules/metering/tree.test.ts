import { describe, expect, it } from 'vitest';
import { co2Kg, coalKgce, treesFor } from './factors.js';
import { lossLevels, lossRows, nodeSeries, topMost, wouldCycle, type TreeNode } from './tree.js';

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

describe('metering tree arithmetic', () => {
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

  it('refuses a parent that is the node itself or below it', () => {
    expect(wouldCycle(nodes, 2, 4)).toBe(true);
    expect(wouldCycle(nodes, 2, 2)).toBe(true);
    expect(wouldCycle(nodes, 4, 3)).toBe(false);
    expect(wouldCycle(nodes, 1, null)).toBe(false);
  });

  it('sums virtual nodes from their children and counts only top-most selected nodes', () => {
    const tree = [n(1, null, 'virtual', null), n(2, 1, 'pv'), n(3, 1, 'pv')];
    const s = nodeSeries(
      tree,
      new Map([
        [20, [1, 2]],
        [30, [3, 4]],
      ]),
      2,
    );
    expect(s.get(1)).toEqual([4, 6]);
    expect(topMost(nodes, [nodes[1]!, nodes[3]!, nodes[5]!]).map((x) => x.id)).toEqual([2, 6]);
  });
});

describe('factors', () => {
  it('converts with the documented factors', () => {
    expect(co2Kg('power', 1000)).toBeCloseTo(570.3, 6); // 0.5703 kgCO2/kWh
    expect(co2Kg('gas', 100)).toBeCloseTo(216.22, 6); // 2.1622 kgCO2/m³
    expect(co2Kg('heat', 10)).toBeCloseTo(1100, 6); // 0.11 tCO2/GJ
    expect(co2Kg('water', 100)).toBe(0);
    expect(coalKgce('power', 10_000)).toBeCloseTo(1229, 6);
    expect(coalKgce('gas', 1000)).toBeCloseTo(1214.3, 6);
    expect(coalKgce('water', 1000)).toBeCloseTo(85.7, 6);
    expect(coalKgce('heat', 1)).toBeCloseTo(34.12, 6); // 1 GJ = 1000 MJ × 0.03412
    expect(treesFor(1830)).toBe(100);
    expect(treesFor(477_300)).toBe(26_082); // 477.30 t: "2.61万棵" on every page
  });
});
