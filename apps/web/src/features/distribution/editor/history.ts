import type { SldDocument, SldElement, SldKind } from '@gridops/contract';

/** Editor state: the document being drawn and its undo/redo stacks (whole documents: they are small). */
export interface EditorState {
  doc: SldDocument;
  past: SldDocument[];
  future: SldDocument[];
}

/** Fields an inspector may change on one element (whatever the element's kind has). */
export interface ElementPatch {
  label?: string;
  label_en?: string;
  device_id?: number | null;
  length?: number;
  voltage_kv?: number;
  orientation?: 'h' | 'v';
  ratio?: string;
}

export type EditorAction =
  | { type: 'load'; doc: SldDocument }
  /** The whole drawing replaced (a generated draft): one undo step, unlike 'load'. */
  | { type: 'replace'; doc: SldDocument }
  | { type: 'add'; element: SldElement }
  | { type: 'move'; id: string; x: number; y: number }
  | { type: 'update'; id: string; patch: ElementPatch }
  | { type: 'remove'; ids: string[]; wires?: { from: string; to: string }[] }
  | { type: 'connect'; from: string; to: string }
  | { type: 'disconnect'; from: string; to: string }
  | { type: 'undo' }
  | { type: 'redo' };

/** How many steps undo reaches back. */
export const HISTORY_LIMIT = 100;
export const GRID = 10;

export const snap = (v: number) => Math.max(0, Math.round(v / GRID) * GRID);
export const emptyState = (doc: SldDocument): EditorState => ({ doc, past: [], future: [] });

/** Applies one edit to a document; returns the same object when nothing changes (no undo step then). */
function apply(doc: SldDocument, a: EditorAction): SldDocument {
  switch (a.type) {
    case 'replace':
      return a.doc;
    case 'add':
      return doc.elements.some((e) => e.id === a.element.id) ? doc : { ...doc, elements: [...doc.elements, a.element] };
    case 'move': {
      const el = doc.elements.find((e) => e.id === a.id);
      const x = snap(a.x);
      const y = snap(a.y);
      if (!el || (el.x === x && el.y === y)) return doc;
      // Bends drawn for the old position would cross the drawing: wires of a moved element are re-routed.
      return {
        ...doc,
        elements: doc.elements.map((e) => (e.id === a.id ? { ...e, x, y } : e)),
        wires: doc.wires.map((w) => (w.from === a.id || w.to === a.id ? { ...w, points: [] } : w)),
      };
    }
    case 'update': {
      const el = doc.elements.find((e) => e.id === a.id);
      if (!el) return doc;
      const next = { ...el } as Record<string, unknown>;
      let changed = false;
      for (const [k, v] of Object.entries(a.patch)) {
        if (v === undefined || !(k in el) || next[k] === v) continue;
        next[k] = v;
        changed = true;
      }
      return changed ? { ...doc, elements: doc.elements.map((e) => (e.id === a.id ? (next as SldElement) : e)) } : doc;
    }
    case 'remove': {
      // Elements, the wires touching them, and any wires named on their own — one undo step.
      const ids = new Set(a.ids);
      const cut = new Set((a.wires ?? []).map((w) => `${w.from}>${w.to}`));
      const elements = doc.elements.filter((e) => !ids.has(e.id));
      const wires = doc.wires.filter((w) => !ids.has(w.from) && !ids.has(w.to) && !cut.has(`${w.from}>${w.to}`));
      if (elements.length === doc.elements.length && wires.length === doc.wires.length) return doc;
      return { ...doc, elements, wires };
    }
    case 'connect': {
      const known = (id: string) => doc.elements.some((e) => e.id === id);
      const exists = doc.wires.some((w) => (w.from === a.from && w.to === a.to) || (w.from === a.to && w.to === a.from));
      if (a.from === a.to || !known(a.from) || !known(a.to) || exists) return doc;
      return { ...doc, wires: [...doc.wires, { from: a.from, to: a.to, points: [] }] };
    }
    case 'disconnect': {
      const wires = doc.wires.filter((w) => !(w.from === a.from && w.to === a.to));
      return wires.length === doc.wires.length ? doc : { ...doc, wires };
    }
    default:
      return doc;
  }
}

/** The editor's reducer: every edit that changes the document is one undo step; a new edit clears redo. */
export function editorReducer(state: EditorState, a: EditorAction): EditorState {
  switch (a.type) {
    case 'load':
      return emptyState(a.doc);
    case 'undo': {
      const prev = state.past[state.past.length - 1];
      return prev ? { doc: prev, past: state.past.slice(0, -1), future: [state.doc, ...state.future] } : state;
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      return next ? { doc: next, past: [...state.past, state.doc], future: rest } : state;
    }
    default: {
      const doc = apply(state.doc, a);
      if (doc === state.doc) return state;
      return { doc, past: [...state.past, state.doc].slice(-HISTORY_LIMIT), future: [] };
    }
  }
}

const PREFIX: Record<SldKind, string> = {
  busbar: 'BUS',
  source: 'SRC',
  breaker: 'QF',
  switch: 'QL',
  disconnector: 'QS',
  transformer: 'TR',
  ct: 'TA',
  pt: 'TV',
  feeder: 'FD',
  meter: 'PJ',
  pv: 'PV',
  storage: 'ESS',
  charger: 'EV',
  generator: 'G',
  label: 'TXT',
};

/** A fresh id for a new element of the kind (designation letters of GB/T 5094: QF breaker, TA CT, …). */
export function nextId(doc: SldDocument, kind: SldKind): string {
  const taken = new Set(doc.elements.map((e) => e.id));
  let n = 1;
  while (taken.has(`${PREFIX[kind]}${n}`)) n += 1;
  return `${PREFIX[kind]}${n}`;
}

/** A new element of the kind at (x, y), with the defaults its kind needs. */
export function newElement(doc: SldDocument, kind: SldKind, x: number, y: number, names: { label: string; label_en: string }): SldElement {
  const base = { id: nextId(doc, kind), x: snap(x), y: snap(y), ...names };
  switch (kind) {
    case 'busbar':
      return { ...base, type: 'busbar', length: 400, orientation: 'h', voltage_kv: 0.4 };
    case 'label':
      return { ...base, type: 'label' };
    case 'transformer':
      return { ...base, type: 'transformer', device_id: null, ratio: '10/0.4 kV' };
    case 'ct':
    case 'pt':
      return { ...base, type: kind, device_id: null, ratio: '' };
    default:
      return { ...base, type: kind, device_id: null };
  }
}

/** The canvas the saved document declares: large enough for every element (the server checks positions). */
export function fitCanvas(doc: SldDocument): SldDocument {
  let w = 600;
  let h = 400;
  for (const e of doc.elements) {
    const right = e.type === 'busbar' && e.orientation === 'h' ? e.x + e.length : e.x;
    const bottom = e.type === 'busbar' && e.orientation === 'v' ? e.y + e.length : e.y;
    w = Math.max(w, right + 80);
    h = Math.max(h, bottom + 80);
  }
  return { ...doc, width: Math.min(10_000, w), height: Math.min(10_000, h) };
}
