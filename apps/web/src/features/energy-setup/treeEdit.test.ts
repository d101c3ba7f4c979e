import type { MeterNode, MeterPoint } from '@gridops/contract';
import { describe, expect, it } from 'vitest';
import { autoLayout, changedPositions, clampPosition, initialPositions } from './flowLayout';
import { loopMembers } from './loops';
import {
  allowedParents,
  canDelete,
  flatToTree,
  focusIds,
  nextSort,
  pointOptions,
  validateMove,
} from './treeEdit';

const node = (id: number, parent_id: number | null, extra: Partial<MeterNode> = {}): MeterNode => ({
  id,
  project_id: 2,
  energy_type: 'power',
  parent_id,
  node_type: 'load',
  name: `N${id}`,
  name_en: '',
  point_id: null,
  power_point_id: null,
  sort: id,
  layout_x: null,
  layout_y: null,
  device_id: null,
  device_name: null,
  device_name_en: null,
  point_key: null,
  unit: 'kWh',
  ...extra,
});

// 1 ─┬─ 2 ─┬─ 4
//    │     └─ 5 (pv)
//    └─ 3 ─── 6 (storage_charge)
const nodes = [
  node(1, null, { node_type: 'grid', point_id: 100 }),
  node(3, 1, { sort: 0 }),
  node(2, 1, { sort: 1, point_id: 101 }),
  node(4, 2),
  node(5, 2, { node_type: 'pv', point_id: 102 }),
  node(6, 3, { node_type: 'storage_charge' }),
];

describe('flatToTree', () => {
  it('nests by parent and orders siblings by sort', () => {
    const tree = flatToTree(nodes);
    expect(tree.map((e) => e.node.id)).toEqual([1]);
    expect(tree[0]!.children.map((e) => e.node.id)).toEqual([3, 2]);
    expect(tree[0]!.children[1]!.children.map((e) => [e.node.id, e.depth])).toEqual([
      [4, 2],
      [5, 2],
    ]);
  });

  it('keeps a node whose parent is missing as a root, and survives a cycle in bad data', () => {
    expect(flatToTree([node(7, 99)]).map((e) => e.node.id)).toEqual([7]);
    const cyclic = [node(1, null), node(8, 9), node(9, 8)];
    expect(flatToTree(cyclic).map((e) => e.node.id)).toEqual([1]);
  });
});

describe('validateMove (checked before the server is called)', () => {
  it('refuses the node itself and its descendants as parent', () => {
    expect(validateMove(nodes, 2, 2)).toBe('self');
    expect(validateMove(nodes, 2, 4)).toBe('descendant');
    expect(validateMove(nodes, 1, 6)).toBe('descendant');
  });
  it('accepts another branch or the top level, and reports no-ops and unknown targets', () => {
    expect(validateMove(nodes, 4, 3)).toBeNull();
    expect(validateMove(nodes, 4, null)).toBeNull();
    expect(validateMove(nodes, 4, 2)).toBe('unchanged');
    expect(validateMove(nodes, 4, 42)).toBe('missing');
    expect(validateMove(nodes, 42, 1)).toBe('missing');
  });
  it('offers as parents only nodes outside the subtree', () => {
    expect(allowedParents(nodes, 2).map((n) => n.id)).toEqual([1, 3, 6]);
  });
});

describe('tree helpers', () => {
  it('only leaves can be deleted', () => {
    expect(canDelete(nodes, 2)).toBe(false);
    expect(canDelete(nodes, 4)).toBe(true);
  });
  it('a new child goes after its last sibling', () => {
    expect(nextSort(nodes, 2)).toBe(6);
    expect(nextSort(nodes, 4)).toBe(0);
  });
  it('focus keeps the focused types with their ancestors', () => {
    expect([...focusIds(nodes, ['pv'])].sort()).toEqual([1, 2, 5]);
    expect([...focusIds(nodes, ['storage_charge', 'storage_discharge'])].sort()).toEqual([1, 3, 6]);
    expect(focusIds(nodes).size).toBe(6);
  });
});

describe('pointOptions', () => {
  const point = (
    point_id: number,
    kind: 'counter' | 'analog',
    bound_node_id: number | null,
    energy_type: MeterPoint['energy_type'] = 'power',
  ): MeterPoint => ({
    point_id,
    device_id: 1,
    device_name: '柜',
    device_name_en: 'Cabinet',
    device_kind: 'feeder',
    key: kind === 'counter' ? 'EP' : 'P',
    name: '电能',
    name_en: 'Energy',
    unit: 'kWh',
    kind,
    energy_type,
    bound_node_id,
  });
  const points = [
    point(100, 'counter', 1),
    point(101, 'counter', 2),
    point(103, 'counter', null),
    point(200, 'analog', 1),
    point(300, 'counter', null, 'water'),
  ];

  it('names the node already using each counter, except the node being edited', () => {
    const opts = pointOptions(points, nodes, { kind: 'counter', energyType: 'power', editingId: 2 });
    expect(opts.map((o) => [o.point.point_id, o.boundTo?.id ?? null])).toEqual([
      [100, 1],
      [101, null],
      [103, null],
    ]);
  });
  it('lists power points separately and leaves other energy types out', () => {
    expect(
      pointOptions(points, nodes, { kind: 'analog', energyType: 'power' }).map((o) => o.point.point_id),
    ).toEqual([200]);
    expect(
      pointOptions(points, nodes, { kind: 'counter', energyType: 'water' }).map((o) => o.point.point_id),
    ).toEqual([300]);
  });
});

describe('loops and flow layout', () => {
  it('groups loop members by class and counts members that no longer exist', () => {
    const { byClass, missing } = loopMembers(
      { id: 1, project_id: 2, name: 'L', name_en: '', node_ids: [1, 5, 6, 4, 77] },
      nodes,
    );
    expect(byClass.grid.map((n) => n.id)).toEqual([1]);
    expect(byClass.source.map((n) => n.id)).toEqual([5]);
    expect(byClass.storage.map((n) => n.id)).toEqual([6]);
    expect(byClass.load.map((n) => n.id)).toEqual([4]);
    expect(missing).toBe(1);
  });
  it('auto layout puts levels in columns and centres parents on their children', () => {
    const pos = autoLayout(nodes);
    expect(pos.get(1)!.x).toBeLessThan(pos.get(2)!.x);
    expect(pos.get(4)!.x).toBe(pos.get(6)!.x);
    const y2 = pos.get(2)!.y;
    expect(Math.abs(y2 - (pos.get(4)!.y + pos.get(5)!.y) / 2)).toBeLessThanOrEqual(10);
    expect(y2 % 10).toBe(0);
  });
  it('keeps saved positions, sends only what changed, and clamps to the canvas grid', () => {
    const saved = nodes.map((n) => (n.id === 1 ? { ...n, layout_x: 100, layout_y: 200 } : n));
    const pos = initialPositions(saved);
    expect(pos.get(1)).toEqual({ x: 100, y: 200 });
    // Right after opening nothing has changed, saved or not (issue 11: "保存布局（17 处改动）" on opening).
    expect(changedPositions(saved, pos)).toEqual([]);
    const moved = new Map(pos).set(1, { x: 120, y: 200 }).set(5, { x: 900, y: 100 });
    expect(changedPositions(saved, moved)).toEqual([
      { node_id: 1, x: 120, y: 200 },
      { node_id: 5, x: 900, y: 100 },
    ]);
    expect(clampPosition({ x: -50, y: 1234.4 })).toEqual({ x: 30, y: 570 });
    expect(clampPosition({ x: 503, y: 207 })).toEqual({ x: 500, y: 210 });
  });
});
