import { energise, gridSourceState, runningSourceState, switchStateOf } from '@gridops/contract';
import type { Energisation, EnergisationNode, MeterNodeType } from '@gridops/contract';
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
    state: Energisation;
  }[];
  links: { source: string; target: string; kw: number }[];
  imbalance_kw: number;
}

/**
 * Sankey of the power tree: grid → grid nodes, parent → child for loads, source child → parent for PV,
 * wind and storage discharge, grid_export → grid. Each metered parent's input minus its outputs is a link to
 * the shared "loss" node when positive; when negative it is metering mismatch, summed as imbalance.
 */
export function flowGraph(nodes: StatNode[], kw: Map<number, number | null>, energy: Map<number, Energisation> = new Map()): FlowGraph {
  const kids = childrenOf(nodes);
  const key = (id: number) => `n${id}`;
  const states = [...energy.values()];
  const overall: Energisation = states.includes('live') ? 'live' : states.includes('unknown') || states.length === 0 ? 'unknown' : 'dead';
  // A dead node carries nothing: 0 kW (a reading that is missing because the circuit is off is not "no data").
  const kwOf = (id: number): number | null => {
    const v = kw.get(id) ?? null;
    return v === null && energy.get(id) === 'dead' ? 0 : v;
  };
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
        state: overall,
      },
      ...nodes.map((n) => ({
        id: key(n.id),
        node_id: n.id,
        name: n.name,
        name_en: n.name_en,
        kind: n.node_type,
        kw: kwOf(n.id) === null ? null : round(kwOf(n.id)!, 2),
        x: n.layout_x,
        y: n.layout_y,
        state: energy.get(n.id) ?? ('unknown' as const),
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
      state: overall,
    });
  graph.imbalance_kw = round(graph.imbalance_kw, 2);
  return graph;
}

/** What the energisation of the power tree reads of each node's device: latest values with their time. */
export interface DeviceSignals {
  breaker?: { value: number; ts: Date };
  /** Phase (or single) voltage, V. */
  voltage?: { value: number; ts: Date };
  /** Running status of an inverter or PCS (1 running). */
  status?: { value: number; ts: Date };
}

/**
 * Energisation of the power tree's nodes (docs/energy-model.md, "Energisation"), by the contract's
 * `energise` — the same function the live single-line diagram uses. Each node is a circuit joined to its
 * parent; a node whose device has a breaker point joins through that breaker. A root grid node is fed by the
 * grid, live when its device measures voltage (line side of the incomer); without a voltage point, when it
 * draws power. PV, wind and storage discharge nodes are sources live while running (status point, else
 * power > 0). Values older than STALE_AFTER_S make switches and sources unknown.
 */
export function flowEnergisation(nodes: StatNode[], kw: Map<number, number | null>, signals: Map<number, DeviceSignals>, now: Date): Map<number, Energisation> {
  const fresh = (s: { ts: Date } | undefined) => s !== undefined && now.getTime() - new Date(s.ts).getTime() <= STALE_AFTER_S * 1000;
  const graph: { nodes: EnergisationNode[]; edges: [string, string][] } = { nodes: [], edges: [] };
  for (const n of nodes) {
    const sig = n.device_id === null ? undefined : signals.get(n.device_id);
    const head = sig?.breaker ? `q${n.id}` : `n${n.id}`;
    graph.nodes.push({ id: `n${n.id}` });
    if (sig?.breaker) {
      graph.nodes.push({ id: head, switch: switchStateOf(sig.breaker.value >= 0.5, fresh(sig.breaker)) });
      graph.edges.push([head, `n${n.id}`]);
    }
    if (n.parent_id !== null) graph.edges.push([`n${n.parent_id}`, head]);
    if (n.parent_id === null && n.node_type === 'grid') {
      const v = kw.get(n.id) ?? null;
      const source = sig?.voltage
        ? gridSourceState(sig.voltage.value, fresh(sig.voltage))
        : v === null
          ? 'unknown'
          : v > 0
            ? 'live'
            : 'unknown';
      graph.nodes.push({ id: `s${n.id}`, source });
      graph.edges.push([`s${n.id}`, head]);
    }
    if (isSource(n.node_type)) {
      const v = kw.get(n.id) ?? null;
      const source = sig?.status ? runningSourceState(sig.status.value >= 0.5, fresh(sig.status)) : runningSourceState(v === null ? null : v > 0, v !== null);
      graph.nodes.push({ id: `s${n.id}`, source });
      graph.edges.push([`s${n.id}`, `n${n.id}`]);
    }
  }
  const energy = energise(graph);
  return new Map(nodes.map((n) => [n.id, energy.get(`n${n.id}`) ?? 'unknown']));
}
