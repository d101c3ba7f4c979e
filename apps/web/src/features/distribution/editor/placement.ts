import type { SldDocument, SldElement } from '@gridops/contract';
import { fitLabel } from '../diagram/model';
import { nodeBox } from './flow';
import { GRID, snap } from './history';

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Rough width of a label: CJK characters are square, Latin ones about 0.6 of the font size. */
export function textWidth(text: string, fontPx: number): number {
  let w = 0;
  for (const ch of text) w += /[\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60]/.test(ch) ? fontPx : fontPx * 0.6;
  return Math.ceil(w);
}

/** An element's label in the page's language, as the editor draws it (SldNode.tsx). */
export const elementText = (el: SldElement, lang: 'zh' | 'en') => (lang === 'en' && el.label_en ? el.label_en : el.label);

/**
 * Everything an element covers on the canvas, in document units, as the editor draws it (SldNode.tsx): the
 * symbol's box and its label to the right (11 px, shortened to 16 units, a ⚡ when bound to a device); a
 * busbar's bar and its label above; a text label's own box.
 */
export function footprint(el: SldElement, text: string): Rect {
  const box = nodeBox(el);
  if (el.type === 'label') return box;
  if (el.type === 'busbar') {
    const labelH = 18;
    return { x: box.x, y: box.y - labelH, w: Math.max(box.w, textWidth(text, 12)), h: box.h + labelH };
  }
  const label = textWidth(fitLabel(text, 16), 11) + (el.device_id !== null ? 14 : 0);
  const labelH = 16;
  const top = Math.min(box.y, box.y + box.h / 2 - 8);
  return { x: box.x, y: top, w: box.w + 4 + label, h: Math.max(box.h, box.y + box.h / 2 - 8 + labelH - top) };
}

const overlaps = (a: Rect, b: Rect, gap: number) =>
  a.x < b.x + b.w + gap && b.x < a.x + a.w + gap && a.y < b.y + b.h + gap && b.y < a.y + a.h + gap;

/** Grid steps the search moves by (two grid cells) and how far it looks before giving up. */
const STEP = GRID * 2;
const RINGS = 60;
/** Free space kept around every element's footprint. */
export const PLACE_GAP = GRID;

/**
 * Where a new element goes: the grid point nearest to `wanted` (where it was dropped, or the middle of the
 * visible canvas for a palette click) at which its footprint, label included, overlaps no existing element's
 * footprint and stays on the canvas (x, y ≥ 0). Searched ring by ring around `wanted`; if nothing within
 * RINGS × STEP is free, below everything. Pure: `make` builds the element at a position (newElement).
 */
export function placeFree(
  doc: SldDocument,
  wanted: { x: number; y: number },
  make: (x: number, y: number) => SldElement,
  lang: 'zh' | 'en',
): { x: number; y: number } {
  const taken = doc.elements.map((e) => footprint(e, elementText(e, lang)));
  const start = { x: snap(wanted.x), y: snap(wanted.y) };
  const fits = (x: number, y: number) => {
    const el = make(x, y);
    const f = footprint(el, elementText(el, lang));
    return f.x >= 0 && f.y >= 0 && !taken.some((t) => overlaps(f, t, PLACE_GAP));
  };
  const offsets: [number, number][] = [];
  for (let j = -RINGS; j <= RINGS; j++) for (let i = -RINGS; i <= RINGS; i++) offsets.push([i, j]);
  // Nearest first; at equal distance the lower, then the right-hand one (a diagram grows down and right).
  offsets.sort((a, b) => a[0] ** 2 + a[1] ** 2 - (b[0] ** 2 + b[1] ** 2) || b[1] - a[1] || b[0] - a[0]);
  for (const [i, j] of offsets) {
    const x = start.x + i * STEP;
    const y = start.y + j * STEP;
    if (x >= 0 && y >= 0 && fits(x, y)) return { x, y };
  }
  const bottom = Math.max(0, ...taken.map((t) => t.y + t.h));
  return { x: start.x, y: snap(bottom + PLACE_GAP * 4) };
}
