import type { Quality, SldDocument, SldElement } from '@gridops/contract';

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
  /** Elements bound to a device open the detail drawer on click. */
  clickable: boolean;
}

export interface WireModel {
  id: string;
  points: [number, number][];
  /** A wire below an open breaker carries no power; drawn dimmed so the dead part of the room shows. */
  energised: boolean;
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

export function breakerState(live: LiveState | null): BreakerState {
  if (!live || live.breaker_closed === null) return 'unknown';
  return live.breaker_closed ? 'closed' : 'open';
}

/**
 * Turns the stored diagram document and the live states into what the SVG draws: labels in the chosen
 * language, breaker states, and wire polylines with their end points resolved. Wires whose ends are missing
 * are dropped (the server validates documents on save, but a half-edited one should still draw).
 * A wire is dead when it hangs below an open breaker: de-energising is followed downstream from every open
 * breaker along the wires' direction (from → to).
 */
export function buildDiagramModel(doc: SldDocument, states: readonly LiveState[], lang: 'zh' | 'en'): DiagramModel {
  const byId = new Map(doc.elements.map((e) => [e.id, e]));
  const liveOf = new Map(states.map((s) => [s.element_id, s]));

  const elements: ElementModel[] = doc.elements.map((e) => {
    const label = lang === 'en' && e.label_en ? e.label_en : e.label;
    const live = liveOf.get(e.id) ?? null;
    const deviceId = 'device_id' in e ? e.device_id : null;
    const base: ElementModel = { id: e.id, type: e.type, x: e.x, y: e.y, label, deviceId, live, clickable: deviceId !== null };
    if (e.type === 'busbar') {
      const [x2, y2] = e.orientation === 'v' ? [e.x, e.y + e.length] : [e.x + e.length, e.y];
      return { ...base, x2, y2, voltageKv: e.voltage_kv };
    }
    if (e.type === 'breaker' || e.type === 'switch' || e.type === 'disconnector') return { ...base, breaker: breakerState(live) };
    if (e.type === 'transformer' || e.type === 'ct' || e.type === 'pt') return { ...base, ratio: e.ratio };
    return base;
  });

  // Downstream of an open breaker: walk the wires from → to.
  const out = new Map<string, string[]>();
  for (const w of doc.wires) out.set(w.from, [...(out.get(w.from) ?? []), w.to]);
  const dead = new Set<string>();
  const stack = elements.filter((e) => e.breaker === 'open').map((e) => e.id);
  const openIds = new Set(stack);
  while (stack.length) {
    const id = stack.pop() as string;
    for (const next of out.get(id) ?? []) {
      if (dead.has(next)) continue;
      dead.add(next);
      stack.push(next);
    }
  }

  const wires: WireModel[] = doc.wires.flatMap((w, i) => {
    const from = byId.get(w.from);
    const to = byId.get(w.to);
    if (!from || !to) return [];
    const energised = !(openIds.has(w.from) || dead.has(w.from));
    return [{ id: `w${i}-${w.from}-${w.to}`, points: wirePoints(from, to, w.points), energised }];
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
