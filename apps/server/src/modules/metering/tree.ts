import { SOURCE_NODE_TYPES, type MeterNodeType } from '@gridops/contract';

/**
 * Pure tree arithmetic over the metering tree (docs/energy-model.md, "Metering tree"): what statistics (losses,
 * series of virtual nodes) and the live flow build on.
 */
export interface TreeNode {
  id: number;
  parent_id: number | null;
  node_type: MeterNodeType;
  point_id: number | null;
  name: string;
  name_en: string;
}

export function childrenOf<T extends TreeNode>(nodes: T[]): Map<number | null, T[]> {
  const map = new Map<number | null, T[]>();
  for (const n of nodes) map.set(n.parent_id, [...(map.get(n.parent_id) ?? []), n]);
  return map;
}

/** True when making `parentId` the parent of `nodeId` would close a loop (the parent is the node or below it). */
export function wouldCycle(nodes: TreeNode[], nodeId: number, parentId: number | null): boolean {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  for (let at = parentId, steps = 0; at !== null && steps <= nodes.length; steps++) {
    if (at === nodeId) return true;
    at = byId.get(at)?.parent_id ?? null;
  }
  return false;
}

export function depthOf(nodes: TreeNode[]): Map<number, number> {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const depth = new Map<number, number>();
  const of = (n: TreeNode, guard = 0): number => {
    const known = depth.get(n.id);
    if (known !== undefined) return known;
    const parent = n.parent_id === null ? undefined : byId.get(n.parent_id);
    const d = parent && guard < nodes.length ? of(parent, guard + 1) + 1 : 1;
    depth.set(n.id, d);
    return d;
  };
  nodes.forEach((n) => of(n));
  return depth;
}

/**
 * Energy series of every node: a metered node its counter's series; a virtual node the sum of its children
 * (recursively). `pointSeries` maps point id → values per bucket; missing points count as zeros.
 */
export function nodeSeries(
  nodes: TreeNode[],
  pointSeries: Map<number, number[]>,
  length: number,
): Map<number, number[]> {
  const kids = childrenOf(nodes);
  const out = new Map<number, number[]>();
  const zero = () => new Array<number>(length).fill(0);
  const of = (n: TreeNode, guard = 0): number[] => {
    const done = out.get(n.id);
    if (done) return done;
    let s: number[];
    if (n.point_id !== null) s = pointSeries.get(n.point_id) ?? zero();
    else {
      s = zero();
      if (guard < nodes.length)
        for (const c of kids.get(n.id) ?? []) of(c, guard + 1).forEach((v, i) => (s[i]! += v));
    }
    out.set(n.id, s);
    return s;
  };
  nodes.forEach((n) => of(n));
  return out;
}

/** Selected nodes that have no selected ancestor: summing these counts nothing twice. */
export function topMost<T extends TreeNode>(nodes: T[], selected: T[]): T[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const ids = new Set(selected.map((n) => n.id));
  return selected.filter((n) => {
    for (let at = n.parent_id, steps = 0; at !== null && steps < nodes.length; steps++) {
      if (ids.has(at)) return false;
      at = byId.get(at)?.parent_id ?? null;
    }
    return true;
  });
}

export const isSource = (t: MeterNodeType) => SOURCE_NODE_TYPES.includes(t);

/**
 * What flows into and out of a metered node with children. A load-side node (grid, transformer, feeder)
 * takes in its own reading plus what source children feed onto its bus, and gives out what its other
 * children draw. A source node with children (a PV grid-connection meter over its inverters) takes in what
 * its source children produce and gives out its own reading (plus any load children).
 */
export function nodeBalance<T extends TreeNode>(n: T, children: T[], value: (x: T) => number) {
  let input = isSource(n.node_type) ? 0 : value(n);
  let output = isSource(n.node_type) ? value(n) : 0;
  for (const c of children) {
    if (isSource(c.node_type)) input += value(c);
    else output += value(c);
  }
  return { input, output };
}
