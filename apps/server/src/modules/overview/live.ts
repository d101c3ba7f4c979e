import type { MeterNodeType } from '@gridops/contract';
import { childrenOf, isSource, nodeBalance } from '../metering/tree.js';
import type { StatNode } from '../statistics/compute.js';
import { round } from '../statistics/counterEnergy.js';

/**
 * Live power on the metering tree (docs/energy-model.md, "Energy flow"): the latest value of each node's
 * power point, ignored when older than STALE_AFTER_S. A PCS reports discharge positive, so a storage_charge
 * node shows −P and a storage_discharge node +P (each clipped at 0).
 */
export const STALE_AFTER_S = 300;

export function nodeKw(
  nodes: StatNode[],
  latest: Map<number, { value: number; ts: Date }>,
  now: Date,
): Map<number, number | null> {
  const kids = childrenOf(nodes);
  const out = new Map<number, number | null>();
  const raw = (n: StatNode): number | null => {
    if (n.power_point_id === null) return null;
    const l = latest.get(n.power_point_id);
    if (!l || now.getTime() - new Date(l.ts).getTime() > STALE_AFTER_S * 1000) return null;
    if (n.node_type === 'storage_charge') return Math.max(0, -l.value);
    if (n.node_type === 'storage_discharge') return Math.max(0, l.value);
    return Math.max(0, l.value);
  };
  const of = (n: StatNode, guard = 0): number | null => {
    if (out.has(n.id)) return out.get(n.id)!;
    let v = raw(n);
    if (v === null && n.power_point_id === null && guard < nodes.length) {
      const vals = (kids.get(n.id) ?? []).map((c) => of(c, guard + 1)).filter((x): x is number => x !== null);
      v = vals.length ? vals.reduce((a, b) => a + b, 0) : null;
    }
    out.set(n.id, v);
    return v;
  };
  nodes.forEach((n) => of(n));
  return out;
}

export interface FlowGraph {
  nodes: {
    id: string;
    node_id: number | null;
    name: string;
    name_en: string;
    kind: MeterNodeType | 'external' | 'loss';
    kw: number | null;
    x: number | null;
    y: number | null;
  }[];
  links: { source: string; target: string; kw: number }[];
  imbalance_kw: number;
}

/**
 * Sankey of the power tree: grid → grid nodes, parent → child for loads, source child → parent for PV,
 * wind and storage discharge, grid_export → grid. Each metered parent's input minus its outputs is a link to
 * the shared "loss" node when positive; when negative it is metering mismatch, summed as imbalance.
 */
export function flowGraph(nodes: StatNode[], kw: Map<number, number | null>): FlowGraph {
  const kids = childrenOf(nodes);
  const key = (id: number) => `n${id}`;
  const graph: FlowGraph = {
    nodes: [
      {
        id: 'grid',
        node_id: null,
        name: '电网',
        name_en: 'Grid',
        kind: 'external',
        kw: null,
        x: null,
        y: null,
      },
      ...nodes.map((n) => ({
        id: key(n.id),
        node_id: n.id,
        name: n.name,
        name_en: n.name_en,
        kind: n.node_type,
        kw: kw.get(n.id) === null ? null : round(kw.get(n.id)!, 2),
        x: n.layout_x,
        y: n.layout_y,
      })),
    ],
    links: [],
    imbalance_kw: 0,
  };
  let loss = 0;
  for (const n of nodes) {
    const v = kw.get(n.id) ?? null;
    if (n.parent_id === null && v !== null && v > 0) {
      if (n.node_type === 'grid') graph.links.push({ source: 'grid', target: key(n.id), kw: round(v, 2) });
      if (n.node_type === 'grid_export')
        graph.links.push({ source: key(n.id), target: 'grid', kw: round(v, 2) });
    }
    if (n.parent_id !== null && v !== null && v > 0) {
      graph.links.push(
        isSource(n.node_type)
          ? { source: key(n.id), target: key(n.parent_id), kw: round(v, 2) }
          : { source: key(n.parent_id), target: key(n.id), kw: round(v, 2) },
      );
    }
    const children = kids.get(n.id) ?? [];
    if (v === null || children.length === 0 || n.power_point_id === null) continue;
    const { input, output } = nodeBalance(n, children, (x) => (x.id === n.id ? v : (kw.get(x.id) ?? 0)));
    const diff = input - output;
    if (diff > 0) {
      graph.links.push({ source: key(n.id), target: 'loss', kw: round(diff, 2) });
      loss += diff;
    } else graph.imbalance_kw += -diff;
  }
  if (loss > 0)
    graph.nodes.push({
      id: 'loss',
      node_id: null,
      name: '损耗',
      name_en: 'Losses',
      kind: 'loss',
      kw: round(loss, 2),
      x: null,
      y: null,
    });
  graph.imbalance_kw = round(graph.imbalance_kw, 2);
  return graph;
}
