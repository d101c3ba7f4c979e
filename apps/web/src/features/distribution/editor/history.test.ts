import type { SldDocument } from '@gridops/contract';
import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, editorReducer, emptyState, fitCanvas, newElement, nextId, type EditorState } from './history';

const doc: SldDocument = {
  version: 1,
  width: 600,
  height: 400,
  elements: [
    { id: 'BUS1', type: 'busbar', x: 40, y: 100, length: 400, orientation: 'h', voltage_kv: 0.4, label: '母线', label_en: 'Busbar' },
    { id: 'QF1', type: 'breaker', x: 100, y: 200, device_id: null, label: '断路器', label_en: 'Breaker' },
  ],
  wires: [{ from: 'BUS1', to: 'QF1', points: [[100, 100]] }],
};
const names = { label: '负荷开关', label_en: 'Load switch' };
const run = (s: EditorState, ...actions: Parameters<typeof editorReducer>[1][]) => actions.reduce(editorReducer, s);

describe('diagram editor reducer (undo/redo)', () => {
  it('replaces the whole drawing with a generated draft as one undo step (unlike load)', () => {
    const draft: SldDocument = { ...doc, elements: [doc.elements[0]!], wires: [] };
    const s = editorReducer(emptyState(doc), { type: 'replace', doc: draft });
    expect(s.doc).toBe(draft);
    expect(s.past).toEqual([doc]);
    expect(editorReducer(s, { type: 'undo' }).doc).toBe(doc);
    expect(editorReducer(emptyState(doc), { type: 'load', doc: draft }).past).toEqual([]);
  });

  it('makes each change one undo step and walks back and forth', () => {
    const s0 = emptyState(doc);
    const ql = newElement(doc, 'switch', 203, 298, names);
    expect(ql).toMatchObject({ id: 'QL1', type: 'switch', x: 200, y: 300, device_id: null });
    const s = run(s0, { type: 'add', element: ql }, { type: 'connect', from: 'QF1', to: 'QL1' }, { type: 'update', id: 'QF1', patch: { device_id: 7, label: '1#出线' } });
    expect(s.past).toHaveLength(3);
    expect(s.doc.wires).toHaveLength(2);
    expect(s.doc.elements[1]).toMatchObject({ device_id: 7, label: '1#出线' });

    const u1 = editorReducer(s, { type: 'undo' });
    expect(u1.doc.elements[1]).toMatchObject({ device_id: null, label: '断路器' });
    const u3 = run(u1, { type: 'undo' }, { type: 'undo' });
    expect(u3.doc).toBe(doc);
    expect(editorReducer(u3, { type: 'undo' })).toBe(u3);
    const r2 = run(u3, { type: 'redo' }, { type: 'redo' });
    expect(r2.doc.wires).toHaveLength(2);
    expect(r2.future).toHaveLength(1);
    // A new edit after undo drops what could have been redone.
    const branched = editorReducer(r2, { type: 'move', id: 'QL1', x: 260, y: 300 });
    expect(branched.future).toHaveLength(0);
    expect(editorReducer(branched, { type: 'redo' })).toBe(branched);
  });

  it('ignores edits that change nothing (no empty undo steps)', () => {
    const s0 = emptyState(doc);
    expect(editorReducer(s0, { type: 'connect', from: 'QF1', to: 'QF1' })).toBe(s0);
    expect(editorReducer(s0, { type: 'connect', from: 'QF1', to: 'BUS1' })).toBe(s0); // already wired (either way round)
    expect(editorReducer(s0, { type: 'connect', from: 'QF1', to: 'GONE' })).toBe(s0);
    expect(editorReducer(s0, { type: 'move', id: 'QF1', x: 102, y: 198 })).toBe(s0); // snaps to where it is
    expect(editorReducer(s0, { type: 'update', id: 'QF1', patch: { label: '断路器' } })).toBe(s0);
    expect(editorReducer(s0, { type: 'update', id: 'QF1', patch: { voltage_kv: 10 } })).toBe(s0); // not a breaker field
    expect(editorReducer(s0, { type: 'remove', ids: ['NOPE'] })).toBe(s0);
  });

  it('snaps moves to the grid and re-routes the wires of a moved element', () => {
    const s = editorReducer(emptyState(doc), { type: 'move', id: 'QF1', x: 147, y: 243 });
    expect(s.doc.elements[1]).toMatchObject({ x: 150, y: 240 });
    expect(s.doc.wires[0]!.points).toEqual([]);
  });

  it('removes elements with their wires, and single wires, in one step', () => {
    const s = editorReducer(emptyState(doc), { type: 'remove', ids: ['QF1'] });
    expect(s.doc.elements.map((e) => e.id)).toEqual(['BUS1']);
    expect(s.doc.wires).toEqual([]);
    const w = editorReducer(emptyState(doc), { type: 'remove', ids: [], wires: [{ from: 'BUS1', to: 'QF1' }] });
    expect(w.doc.elements).toHaveLength(2);
    expect(w.doc.wires).toHaveLength(0);
    expect(editorReducer(w, { type: 'undo' }).doc).toBe(doc);
  });

  it(`keeps at most ${HISTORY_LIMIT} undo steps; load starts a fresh history`, () => {
    let s = emptyState(doc);
    for (let i = 1; i <= HISTORY_LIMIT + 20; i += 1) s = editorReducer(s, { type: 'move', id: 'QF1', x: 100 + i * 10, y: 200 });
    expect(s.past).toHaveLength(HISTORY_LIMIT);
    expect(editorReducer(s, { type: 'load', doc })).toEqual(emptyState(doc));
  });

  it('names new elements by kind and sizes the canvas to the drawing', () => {
    expect(nextId(doc, 'breaker')).toBe('QF2');
    expect(nextId(doc, 'ct')).toBe('TA1');
    expect(newElement(doc, 'busbar', 0, 0, names)).toMatchObject({ type: 'busbar', length: 400, voltage_kv: 0.4 });
    expect(newElement(doc, 'transformer', 0, 0, names)).toMatchObject({ ratio: '10/0.4 kV', device_id: null });
    const big = fitCanvas({ ...doc, elements: [...doc.elements, { id: 'G1', type: 'generator', x: 900, y: 700, device_id: null, label: '', label_en: '' }] });
    expect(big).toMatchObject({ width: 980, height: 780 });
    expect(fitCanvas({ ...doc, elements: [] })).toMatchObject({ width: 600, height: 400 });
  });
});
