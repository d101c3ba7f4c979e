import type { SldDocument, SldElement } from '@gridops/contract';
import type { Edge, Node } from '@xyflow/react';
import { wirePoints } from '../diagram/model';
import { SYMBOL_BOX } from '../diagram/symbols';
import { snap } from './history';

/** Thickness of a busbar's node box (the bar is drawn in its middle, connection strips along its edges). */
export const BUS_THICK = 16;
const LABEL_H = 20;

export interface SldNodeData extends Record<string, unknown> {
  el: SldElement;
  /** The label in the page's language. */
  text: string;
  readOnly: boolean;
}
export interface SldEdgeData extends Record<string, unknown> {
  points: [number, number][];
}
export type SldNode = Node<SldNodeData, 'sld'>;
export type SldEdge = Edge<SldEdgeData, 'sld'>;

/** The node box of an element: top-left position and size, in document units. */
export function nodeBox(el: SldElement): { x: number; y: number; w: number; h: number } {
  if (el.type === 'busbar') {
    return el.orientation === 'v' ? { x: el.x - BUS_THICK / 2, y: el.y, w: BUS_THICK, h: el.length } : { x: el.x, y: el.y - BUS_THICK / 2, w: el.length, h: BUS_THICK };
  }
  if (el.type === 'label') return { x: el.x, y: el.y - LABEL_H + 4, w: Math.max(40, [...(el.label || el.id)].length * 12), h: LABEL_H };
  const b = SYMBOL_BOX[el.type];
  return { x: el.x - b.w / 2, y: el.y - b.h / 2, w: b.w, h: b.h };
}

/** Where an element whose node is dragged to `pos` (top-left) stands, snapped to the grid. */
export function elementAt(el: SldElement, pos: { x: number; y: number }): { x: number; y: number } {
  const box = nodeBox(el);
  return { x: snap(pos.x + (el.x - box.x)), y: snap(pos.y + (el.y - box.y)) };
}

/** The document's elements as React Flow nodes (positions overridden while a drag is in progress). */
export function toNodes(doc: SldDocument, lang: 'zh' | 'en', selected: string | null, readOnly: boolean): SldNode[] {
  return doc.elements.map((el) => {
    const box = nodeBox(el);
    return {
      id: el.id,
      type: 'sld',
      position: { x: box.x, y: box.y },
      width: box.w,
      height: box.h,
      selected: el.id === selected,
      draggable: !readOnly,
      connectable: !readOnly && el.type !== 'label',
      data: { el, text: lang === 'en' && el.label_en ? el.label_en : el.label, readOnly },
    };
  });
}

export const edgeId = (from: string, to: string) => `${from}>${to}`;

/** The document's wires as React Flow edges, routed by the live view's own wire function. */
export function toEdges(doc: SldDocument, selected: string | null): SldEdge[] {
  const byId = new Map(doc.elements.map((e) => [e.id, e]));
  return doc.wires.flatMap((w) => {
    const from = byId.get(w.from);
    const to = byId.get(w.to);
    if (!from || !to) return [];
    const id = edgeId(w.from, w.to);
    return [{ id, type: 'sld', source: w.from, target: w.to, selected: id === selected, data: { points: wirePoints(from, to, w.points) } }];
  });
}

/** The document with some elements moved (a drag in progress), for drawing only. */
export function withPositions(doc: SldDocument, moved: Record<string, { x: number; y: number }>): SldDocument {
  if (Object.keys(moved).length === 0) return doc;
  return {
    ...doc,
    elements: doc.elements.map((e) => (moved[e.id] ? { ...e, ...moved[e.id] } : e)),
    wires: doc.wires.map((w) => (moved[w.from] || moved[w.to] ? { ...w, points: [] } : w)),
  };
}
