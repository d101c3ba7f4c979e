import { energise, gridSourceState, runningSourceState, switchStateOf, voltageReading } from '@gridops/contract';
import type { Energisation, EnergisationNode, Quality, SldDocument, SldElement, VoltageReading } from '@gridops/contract';

/** Live values the server joined to one bound element (contract `sldLiveState`). */
export interface LiveState {
  element_id: string;
  device_id: number;
  breaker_closed: boolean | null;
  p_kw: number | null;
  i_a: number | null;
  /** Voltage (V); absent in answers of servers before the editor (treated as unknown). */
  u_v?: number | null;
  load_rate: number | null;
  ts: string | null;
  quality: Quality;
}

export type BreakerState = 'closed' | 'open' | 'unknown';

/** One drawable element: everything the SVG needs, already resolved (label language, state, values). */
export interface ElementModel {
  id: string;
  type: SldElement['type'];
  x: number;
  y: number;
  label: string;
  deviceId: number | null;
  /** Busbars: end point of the bar. */
  x2?: number;
  y2?: number;
  voltageKv?: number;
  ratio?: string;
  /** Switching devices (breaker, load switch, disconnector): their state. */
  breaker?: BreakerState;
  live: LiveState | null;
  /** Live, dead or unknown (contract `energise`): what colours the symbol. */
  energisation: Energisation;
  /** The voltage as shown: line kV for HV, phase V for LV (contract `voltageReading`). */
  voltage: VoltageReading | null;
  /** Elements bound to a device open the detail drawer on click. */
  clickable: boolean;
}

export interface WireModel {
  id: string;
  points: [number, number][];
  /** The lesser of its two ends' energisation: live, dead (grey, dashed) or unknown (amber, dashed). */
  state: Energisation;
  /** On a high-voltage (≥ 1 kV) part of the room: drawn in the HV colour when live. */
  hv: boolean;
}

export interface DiagramModel {
  width: number;
  height: number;
  elements: ElementModel[];
  wires: WireModel[];
}

type Pt = [number, number];

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * Where a wire meets an element: a busbar is met at the point on the bar nearest the wire's neighbouring
 * point (the generator puts a bend right on the bar), anything else at its centre — symbols are drawn over
 * the wires with an opaque fill, so the wire seems to end at their outline.
 */
export function anchor(el: SldElement, towards: Pt): Pt {
  if (el.type === 'busbar') {
    return el.orientation === 'v' ? [el.x, clamp(towards[1], el.y, el.y + el.length)] : [clamp(towards[0], el.x, el.x + el.length), el.y];
  }
  return [el.x, el.y];
}

const centre = (el: SldElement): Pt =>
  el.type === 'busbar' ? (el.orientation === 'v' ? [el.x, el.y + el.length / 2] : [el.x + el.length / 2, el.y]) : [el.x, el.y];

/**
 * The polyline of a wire: from its start element through its bends to its end element. A wire without bends
 * between two points that differ in both x and y is routed orthogonally (down, across at mid-height, down),
 * the way single-line diagrams are drawn; the editor draws its edges with this same function.
 */
export function wirePoints(from: SldElement, to: SldElement, bends: readonly (readonly [number, number])[] = []): Pt[] {
  const inner = bends.map(([x, y]) => [x, y] as Pt);
  const start = anchor(from, inner[0] ?? centre(to));
  const end = anchor(to, inner[inner.length - 1] ?? start);
  if (inner.length === 0 && start[0] !== end[0] && start[1] !== end[1]) {
    const mid = Math.round((start[1] + end[1]) / 2);
    return [start, [start[0], mid], [end[0], mid], end];
  }
  return [start, ...inner, end];
}

/**
 * A switch's state: unknown without a value or when its gateway is offline (nothing says where it is now). A
 * stale value (a few samples missed) keeps its last state and is drawn faded, as every stale value is.
 */
export function breakerState(live: LiveState | null): BreakerState {
  return switchStateOf(live?.breaker_closed ?? null, reliable(live));
}

/** Telemetry the diagram trusts for energisation: reported, and its gateway online (fresh or merely stale). */
const reliable = (live: LiveState | null): boolean => live !== null && live.quality !== 'offline';

const SOURCE_KINDS: readonly SldElement['type'][] = ['source', 'pv', 'storage', 'generator'];

/**
 * A source element's own state: the grid incomer is live when voltage is present on it; PV, storage and a
 * generator when they deliver (or take) power. Unbound or stale: unknown.
 */
function sourceState(type: SldElement['type'], live: LiveState | null, nominalKv: number | undefined): Energisation {
  const fresh = reliable(live);
  if (type === 'source') {
    const nominalPhaseV = nominalKv ? (nominalKv * 1000) / Math.sqrt(3) : undefined;
    return gridSourceState(live?.u_v ?? null, fresh, nominalPhaseV);
  }
  const p = live?.p_kw ?? null;
  return runningSourceState(p === null ? null : Math.abs(p) > 0.05, fresh);
}

const RANK: Record<Energisation, number> = { dead: 0, unknown: 1, live: 2 };
const lesser = (a: Energisation, b: Energisation): Energisation => (RANK[a] <= RANK[b] ? a : b);

/**
 * Nominal voltage (kV) of each element: that of the nearest busbar reached over wires without crossing a
 * transformer. Transformers themselves get none (which side they measure is the device's business).
 */
function nominalKvs(doc: SldDocument): Map<string, number> {
  const adj = new Map<string, string[]>();
  for (const w of doc.wires) {
    adj.set(w.from, [...(adj.get(w.from) ?? []), w.to]);
    adj.set(w.to, [...(adj.get(w.to) ?? []), w.from]);
  }
  const type = new Map(doc.elements.map((e) => [e.id, e.type]));
  const out = new Map<string, number>();
  const queue: { id: string; kv: number }[] = doc.elements.flatMap((e) => (e.type === 'busbar' ? [{ id: e.id, kv: e.voltage_kv }] : []));
  for (let i = 0; i < queue.length; i++) {
    const { id, kv } = queue[i]!;
    if (out.has(id)) continue;
    out.set(id, kv);
    if (type.get(id) === 'transformer') continue;
    for (const next of adj.get(id) ?? []) if (!out.has(next) && type.get(next) !== 'transformer') queue.push({ id: next, kv });
  }
  return out;
}

/**
 * Turns the stored diagram document and the live states into what the SVG draws: labels in the chosen
 * language, breaker states, and wire polylines with their end points resolved. Wires whose ends are missing
 * are dropped (the server validates documents on save, but a half-edited one should still draw).
 * Every element and wire is live, dead or unknown by the contract's `energise` over the wires (both ways:
 * rings and back-feeding sources), from switch states and the sources' own states.
 */
export function buildDiagramModel(doc: SldDocument, states: readonly LiveState[], lang: 'zh' | 'en'): DiagramModel {
  const byId = new Map(doc.elements.map((e) => [e.id, e]));
  const liveOf = new Map(states.map((s) => [s.element_id, s]));

  const kvOf = nominalKvs(doc);

  // Energisation: one node per element, the wires as edges (contract `energise`, shared with the energy flow).
  const nodes: EnergisationNode[] = doc.elements.map((e) => {
    const live = liveOf.get(e.id) ?? null;
    if (e.type === 'breaker' || e.type === 'switch' || e.type === 'disconnector') return { id: e.id, switch: breakerState(live) };
    if (SOURCE_KINDS.includes(e.type)) return { id: e.id, source: sourceState(e.type, live, kvOf.get(e.id)) };
    return { id: e.id };
  });
  const energy = energise({ nodes, edges: doc.wires.map((w) => [w.from, w.to] as const) });

  const elements: ElementModel[] = doc.elements.map((e) => {
    const label = lang === 'en' && e.label_en ? e.label_en : e.label;
    const live = liveOf.get(e.id) ?? null;
    const deviceId = 'device_id' in e ? e.device_id : null;
    const voltage = voltageReading({ phaseV: live?.u_v ?? null }, e.type === 'transformer' ? null : kvOf.get(e.id));
    const base: ElementModel = { id: e.id, type: e.type, x: e.x, y: e.y, label, deviceId, live, energisation: energy.get(e.id) ?? 'unknown', voltage, clickable: deviceId !== null };
    if (e.type === 'busbar') {
      const [x2, y2] = e.orientation === 'v' ? [e.x, e.y + e.length] : [e.x + e.length, e.y];
      return { ...base, x2, y2, voltageKv: e.voltage_kv };
    }
    if (e.type === 'breaker' || e.type === 'switch' || e.type === 'disconnector') return { ...base, breaker: breakerState(live) };
    if (e.type === 'transformer' || e.type === 'ct' || e.type === 'pt') return { ...base, ratio: e.ratio };
    return base;
  });

  const wires: WireModel[] = doc.wires.flatMap((w, i) => {
    const from = byId.get(w.from);
    const to = byId.get(w.to);
    if (!from || !to) return [];
    const state = lesser(energy.get(w.from) ?? 'unknown', energy.get(w.to) ?? 'unknown');
    const kv = kvOf.get(w.from) ?? kvOf.get(w.to) ?? 0;
    return [{ id: `w${i}-${w.from}-${w.to}`, points: wirePoints(from, to, w.points), state, hv: kv >= 1 }];
  });

  return { width: doc.width, height: doc.height, elements, wires };
}

/** Shortens a label to what fits under a symbol (the ellipsis takes one unit); the full text is the tooltip. */
export function fitLabel(text: string, maxUnits: number): string {
  // CJK characters are about twice as wide as Latin ones at the same font size.
  const width = (ch: string) => (/[\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60]/.test(ch) ? 2 : 1);
  const chars = [...text];
  if (chars.reduce((n, ch) => n + width(ch), 0) <= maxUnits) return text;
  let units = 0;
  let out = '';
  for (const ch of chars) {
    units += width(ch);
    if (units > maxUnits - 1) break;
    out += ch;
  }
  return `${out.trimEnd()}…`;
}
