import type { SldDocument, SldKind } from '@gridops/contract';
import { describe, expect, it } from 'vitest';
import { newElement } from './history';
import { elementText, footprint, placeFree, PLACE_GAP } from './placement';

const doc: SldDocument = {
  version: 1,
  width: 800,
  height: 600,
  elements: [
    { id: 'BUS1', type: 'busbar', x: 40, y: 100, length: 400, orientation: 'h', voltage_kv: 0.4, label: '0.4kV 母线', label_en: '0.4 kV busbar' },
    { id: 'QF1', type: 'breaker', x: 200, y: 200, device_id: 3, label: '1#进线断路器', label_en: 'Incomer breaker 1' },
    { id: 'T1', type: 'label', x: 300, y: 300, label: '配电房说明文字', label_en: 'Room notes' },
  ],
  wires: [],
};
const names = { label: '断路器', label_en: 'Breaker' };
const make = (kind: SldKind) => (x: number, y: number) => newElement(doc, kind, x, y, names);
const disjoint = (a: { x: number; y: number; w: number; h: number }, b: { x: number; y: number; w: number; h: number }) =>
  a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;

describe('footprint', () => {
  it("covers a symbol's label to its right, a busbar's label above it", () => {
    const qf = footprint(doc.elements[1]!, '1#进线断路器');
    expect(qf.x).toBe(189); // 22 px wide symbol centred on 200
    expect(qf.w).toBeGreaterThan(22 + 60); // the label's six CJK characters and more
    const bus = footprint(doc.elements[0]!, '0.4kV 母线');
    expect(bus.y).toBeLessThan(100 - 8); // above the bar
    expect(bus.w).toBe(400);
  });
});

describe('placeFree', () => {
  it('keeps the wanted spot when it is free', () => {
    expect(placeFree(doc, { x: 600, y: 400 }, make('breaker'), 'zh')).toEqual({ x: 600, y: 400 });
  });

  it("moves off an existing symbol's label, to the nearest free grid point", () => {
    // Wanted: just right of QF1, on its label.
    const wanted = { x: 250, y: 200 };
    const at = placeFree(doc, wanted, make('breaker'), 'zh');
    const el = make('breaker')(at.x, at.y);
    const mine = footprint(el, elementText(el, 'zh'));
    for (const other of doc.elements) {
      const f = footprint(other, elementText(other, 'zh'));
      expect(disjoint(mine, { x: f.x - PLACE_GAP, y: f.y - PLACE_GAP, w: f.w + 2 * PLACE_GAP, h: f.h + 2 * PLACE_GAP })).toBe(true);
    }
    expect(Math.hypot(at.x - wanted.x, at.y - wanted.y)).toBeLessThan(120);
  });

  it('never lands on a busbar or its label, nor off the canvas', () => {
    const at = placeFree(doc, { x: 100, y: 90 }, make('busbar'), 'en');
    const el = make('busbar')(at.x, at.y);
    const mine = footprint(el, elementText(el, 'en'));
    expect(mine.x).toBeGreaterThanOrEqual(0);
    expect(mine.y).toBeGreaterThanOrEqual(0);
    for (const other of doc.elements) expect(disjoint(mine, footprint(other, elementText(other, 'en')))).toBe(true);
  });

  it('places consecutive additions at the same spot side by side, never stacked', () => {
    let d: SldDocument = { ...doc, elements: [...doc.elements] };
    const placed = [];
    for (let i = 0; i < 6; i++) {
      const mk = (x: number, y: number) => newElement(d, 'meter', x, y, { label: '电表', label_en: 'Meter' });
      const at = placeFree(d, { x: 560, y: 200 }, mk, 'zh');
      const el = mk(at.x, at.y);
      placed.push(footprint(el, '电表'));
      d = { ...d, elements: [...d.elements, el] };
    }
    for (let i = 0; i < placed.length; i++) for (let j = i + 1; j < placed.length; j++) expect(disjoint(placed[i]!, placed[j]!)).toBe(true);
  });
});
