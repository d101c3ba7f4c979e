import { nodeTypesForEnergy, type MeterNode, type MeterNodeType, type MeterPoint } from '@gridops/contract';

/** A node of the editor's tree: the flat node plus its children, ordered by `sort` then id. */
export interface EditorNode {
  node: MeterNode;
  children: EditorNode[];
  depth: number;
}

const bySort = (a: MeterNode, b: MeterNode) => a.sort - b.sort || a.id - b.id;

/**
 * Flat list (meterTree `nodes`) → nested tree. A node whose parent is missing from the list becomes a root
 * rather than vanishing, so a half-loaded or inconsistent tree still shows every node.
 */
export function flatToTree(nodes: readonly MeterNode[]): EditorNode[] {
  const ids = new Set(nodes.map((n) => n.id));
  const childrenOf = new Map<number | null, MeterNode[]>();
  for (const n of nodes) {
    const parent = n.parent_id !== null && ids.has(n.parent_id) ? n.parent_id : null;
    const list = childrenOf.get(parent) ?? [];
    list.push(n);
    childrenOf.set(parent, list);
  }
  const seen = new Set<number>();
  const build = (parent: number | null, depth: number): EditorNode[] =>
    (childrenOf.get(parent) ?? [])
      .slice()
      .sort(bySort)
      // A cycle in bad data would recurse forever; each node is placed once.
      .filter((n) => !seen.has(n.id) && seen.add(n.id))
      .map((n) => ({ node: n, depth, children: build(n.id, depth + 1) }));
  return build(null, 0);
}

/** Ids of `id` and everything below it. */
export function subtreeIds(nodes: readonly MeterNode[], id: number): Set<number> {
  const out = new Set<number>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const n of nodes)
      if (n.parent_id !== null && out.has(n.parent_id) && !out.has(n.id)) {
        out.add(n.id);
        grew = true;
      }
  }
  return out;
}

export type MoveProblem = 'self' | 'descendant' | 'missing' | 'unchanged';

/**
 * Checks a move before it is sent: the new parent must exist and must not be the node or one of its
 * descendants (the server refuses a cycle too, 10006 `parent_id`, but the editor should not offer it).
 * `null` as the new parent makes the node a root. Returns null when the move is fine.
 */
export function validateMove(
  nodes: readonly MeterNode[],
  nodeId: number,
  newParentId: number | null,
): MoveProblem | null {
  const node = nodes.find((n) => n.id === nodeId);
  if (!node) return 'missing';
  if (node.parent_id === newParentId) return 'unchanged';
  if (newParentId === null) return null;
  if (newParentId === nodeId) return 'self';
  if (!nodes.some((n) => n.id === newParentId)) return 'missing';
  if (subtreeIds(nodes, nodeId).has(newParentId)) return 'descendant';
  return null;
}

/** Parents a node may move under: every node outside its own subtree. */
export function allowedParents(nodes: readonly MeterNode[], nodeId: number): MeterNode[] {
  const banned = subtreeIds(nodes, nodeId);
  return nodes.filter((n) => !banned.has(n.id));
}

/** A node with children cannot be deleted (server 10008); the editor says so before asking. */
export function canDelete(nodes: readonly MeterNode[], nodeId: number): boolean {
  return !nodes.some((n) => n.parent_id === nodeId);
}

/** Sort value for a new child: after its last sibling. */
export function nextSort(nodes: readonly MeterNode[], parentId: number | null): number {
  const siblings = nodes.filter((n) => n.parent_id === parentId);
  return Math.min(
    10_000,
    siblings.reduce((m, n) => Math.max(m, n.sort + 1), 0),
  );
}

/**
 * The part of the tree a configuration page focuses on: nodes of `types` plus their ancestors (for context)
 * and descendants. Without `types` the whole tree. Returns the ids to show.
 */
export function focusIds(nodes: readonly MeterNode[], types?: readonly MeterNodeType[]): Set<number> {
  if (!types) return new Set(nodes.map((n) => n.id));
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const out = new Set<number>();
  for (const n of nodes) {
    if (!types.includes(n.node_type)) continue;
    for (const id of subtreeIds(nodes, n.id)) out.add(id);
    let p = n.parent_id;
    while (p !== null && !out.has(p)) {
      out.add(p);
      p = byId.get(p)?.parent_id ?? null;
    }
  }
  return out;
}

export interface PointOption {
  point: MeterPoint;
  /** Node that already binds the point in this tree (other than the node being edited). */
  boundTo: MeterNode | null;
  /** Bound by a node whose id is not in the loaded tree (another energy tree). */
  boundElsewhere: boolean;
}

/**
 * Points a node may bind, each with who already uses it. `kind: 'counter'` for the energy point (bound at most
 * once per tree), `'analog'` for the live power point (may be shared, e.g. one PCS power for charge and
 * discharge). Points of another energy type are left out: the server would refuse them.
 */
export function pointOptions(
  points: readonly MeterPoint[],
  nodes: readonly MeterNode[],
  opts: { kind: 'counter' | 'analog'; energyType: MeterNode['energy_type']; editingId?: number | null },
): PointOption[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  // bound_node_id names one node; counters are found through the tree itself so the editing node is excluded.
  const counterOwner = new Map<number, MeterNode>();
  for (const n of nodes) if (n.point_id !== null) counterOwner.set(n.point_id, n);
  return points
    .filter((p) => p.kind === opts.kind && p.energy_type === opts.energyType)
    .map((p) => {
      const owner = opts.kind === 'counter' ? counterOwner.get(p.point_id) : undefined;
      const viaServer = p.bound_node_id === null ? undefined : byId.get(p.bound_node_id);
      const boundTo = owner ?? viaServer ?? null;
      const isSelf = boundTo !== null && boundTo.id === opts.editingId;
      return {
        point: p,
        boundTo: isSelf ? null : boundTo,
        boundElsewhere:
          !owner && p.bound_node_id !== null && !viaServer && p.bound_node_id !== opts.editingId,
      };
    });
}

/** Default node type for a new child on each configuration page. */
export function defaultChildType(
  focus: readonly MeterNodeType[] | undefined,
  energyType: string,
): MeterNodeType {
  if (energyType !== 'power') return 'load';
  return focus?.[0] ?? 'load';
}

/** Node types a tree accepts: PV, storage, EV and export belong to the power tree only (server rule). */
export function typesForTree(energyType: MeterNode['energy_type']): MeterNodeType[] {
  return nodeTypesForEnergy(energyType);
}
