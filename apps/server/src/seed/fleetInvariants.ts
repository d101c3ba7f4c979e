import type { FlowGraph } from '../modules/overview/live.js';

/**
 * The physics invariants of a flow answer (issue 11, docs/energy-model.md "Site physics"): what comes in
 * (grid import, generation, storage discharge) equals what goes out (loads, charging, losses) within 2 %,
 * and losses stay within 5 % of it. Shared by the fleet's unit test and the live integration test.
 */
export interface FlowFigures {
  /** Grid import + every source at the top of the tree (PV feeder or inverters on a bus, discharge), kW. */
  incomingKw: number;
  lossKw: number;
  imbalanceKw: number;
}

export function flowFigures(graph: Pick<FlowGraph, 'nodes' | 'links' | 'imbalance_kw'>): FlowFigures {
  const kind = new Map(graph.nodes.map((n) => [n.id, n.kind]));
  const sourceKinds = new Set(['pv', 'wind', 'storage_discharge']);
  let incomingKw = 0;
  for (const l of graph.links) {
    if (l.source === 'grid') incomingKw += l.kw;
    // A source feeding a non-source parent is new power on a bus; inverter → PV feeder is the same power again.
    else if (sourceKinds.has(kind.get(l.source) ?? '') && !sourceKinds.has(kind.get(l.target) ?? '')) incomingKw += l.kw;
  }
  const lossKw = graph.nodes.find((n) => n.id === 'loss')?.kw ?? 0;
  return { incomingKw, lossKw, imbalanceKw: graph.imbalance_kw };
}

/** Problems with one flow answer, empty when it obeys physics. */
export function flowViolations(graph: Pick<FlowGraph, 'nodes' | 'links' | 'imbalance_kw'>, label: string): string[] {
  const f = flowFigures(graph);
  const out: string[] = [];
  if (f.incomingKw <= 0) return [`${label}: no incoming power`];
  if (f.imbalanceKw > 0.02 * f.incomingKw + 0.1) out.push(`${label}: imbalance ${f.imbalanceKw} kW of ${f.incomingKw.toFixed(1)} kW`);
  if (f.lossKw > 0.05 * f.incomingKw) out.push(`${label}: losses ${f.lossKw} kW of ${f.incomingKw.toFixed(1)} kW`);
  return out;
}
