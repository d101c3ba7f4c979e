import { describe, expect, it } from 'vitest';
import { nodeSeries, topMost, wouldCycle, type TreeNode } from './tree.js';

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

