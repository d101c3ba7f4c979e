/**
 * Energisation (docs/energy-model.md, "Energisation"): which parts of a single-line diagram or device tree are
 * live, dead or unknown, computed from switch states and sources the way a SCADA topology processor does. The
 * live single-line diagram (web, from the diagram's live states) and the energy flow (server, from the metering
 * tree's devices) both call {@link energise}.
 */
export const ENERGISATION_STATES = ['live', 'dead', 'unknown'] as const;
export type Energisation = (typeof ENERGISATION_STATES)[number];
export type SwitchState = 'closed' | 'open' | 'unknown';

export interface EnergisationNode {
  id: string;
  /** A switching device (breaker, load switch, disconnector): passes energy only when closed. */
  switch?: SwitchState;
  /** A source (grid incomer, PV, storage, generator) and whether it is live itself. */
  source?: Energisation;
}

export interface EnergisationGraph {
  nodes: readonly EnergisationNode[];
  /** Connections, without direction: a ring fed from two incomers, or PV feeding back, is walked both ways. */
  edges: readonly (readonly [string, string])[];
}

/**
 * Energisation of every node. A node is live when a path of closed switches connects it to a live source;
 * unknown when it is not live but a path exists through switches of unknown state or from a source of unknown
 * state (stale telemetry); otherwise dead (every path is broken by an open switch, or its sources are dead).
 * A switch itself takes the state of the side it is reached from: an open incomer breaker under a live grid is
 * live on its line side, and what lies beyond it is dead.
 */
export function energise(graph: EnergisationGraph): Map<string, Energisation> {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const adj = new Map<string, string[]>();
  for (const [a, b] of graph.edges) {
    if (!byId.has(a) || !byId.has(b) || a === b) continue;
    adj.set(a, [...(adj.get(a) ?? []), b]);
    adj.set(b, [...(adj.get(b) ?? []), a]);
  }
  /** Nodes reached from the starting sources, passing through switches whose state is in `pass`. */
  const reach = (start: (n: EnergisationNode) => boolean, pass: ReadonlySet<SwitchState>): Set<string> => {
    const seen = new Set<string>();
    const stack = graph.nodes.filter(start).map((n) => n.id);
    while (stack.length) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      const n = byId.get(id);
      // A switch is reached (its near side is energised) but passes on only when its state allows.
      if (n?.switch !== undefined && !pass.has(n.switch)) continue;
      for (const next of adj.get(id) ?? []) if (!seen.has(next)) stack.push(next);
    }
    return seen;
  };
  const live = reach((n) => n.source === 'live', new Set<SwitchState>(['closed']));
  const maybe = reach((n) => n.source === 'live' || n.source === 'unknown', new Set<SwitchState>(['closed', 'unknown']));
  const out = new Map<string, Energisation>();
  for (const n of graph.nodes) out.set(n.id, live.has(n.id) ? 'live' : maybe.has(n.id) ? 'unknown' : 'dead');
  return out;
}

/** A switch's state from its telemetry: a value that is stale or missing is unknown, not the last one seen. */
export function switchStateOf(closed: boolean | null | undefined, fresh: boolean): SwitchState {
  if (!fresh || closed === null || closed === undefined) return 'unknown';
  return closed ? 'closed' : 'open';
}

/**
 * A grid incomer is live when voltage is present on its line side: above 10 % of nominal when the nominal is
 * known, else above 50 V (phase or line, whichever is measured). No fresh voltage: unknown.
 */
export function gridSourceState(voltageV: number | null | undefined, fresh: boolean, nominalV?: number): Energisation {
  if (!fresh || voltageV === null || voltageV === undefined || !Number.isFinite(voltageV)) return 'unknown';
  const threshold = nominalV && nominalV > 0 ? nominalV * 0.1 : 50;
  return voltageV > threshold ? 'live' : 'dead';
}

/** PV, storage or a generator is a live source when it reports running (its status point, else power ≠ 0). */
export function runningSourceState(running: boolean | null | undefined, fresh: boolean): Energisation {
  if (!fresh || running === null || running === undefined) return 'unknown';
  return running ? 'live' : 'dead';
}
