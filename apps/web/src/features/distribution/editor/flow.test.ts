import type { SldDocument } from '@gridops/contract';
import { describe, expect, it } from 'vitest';
import { wirePoints } from '../diagram/model';
import { elementAt, nodeBox, toEdges, toNodes, withPositions } from './flow';

const doc: SldDocument = {
  version: 1,
  width: 600,
  height: 400,
  elements: [
    { id: 'BUS1', type: 'busbar', x: 40, y: 100, length: 400, orientation: 'h', voltage_kv: 0.4, label: '母线', label_en: 'Busbar' },
    { id: 'QF1', type: 'breaker', x: 100, y: 200, device_id: 3, label: '断路器', label_en: '' },
    { id: 'PV1', type: 'pv', x: 300, y: 320, device_id: null, label: '光伏', label_en: 'PV' },
  ],
  wires: [
    { from: 'BUS1', to: 'QF1', points: [] },
    { from: 'QF1', to: 'PV1', points: [] },
    { from: 'PV1', to: 'GONE', points: [] },
  ],
};

describe('editor ↔ React Flow mapping', () => {
  it('centres symbol nodes on the element and lays busbars along their length', () => {
    expect(nodeBox(doc.elements[0]!)).toEqual({ x: 40, y: 92, w: 400, h: 16 });
    expect(nodeBox(doc.elements[1]!)).toEqual({ x: 89, y: 184, w: 22, h: 32 });
    const nodes = toNodes(doc, 'en', 'QF1', false);
    expect(nodes.map((n) => [n.id, n.selected, n.data.text])).toEqual([
      ['BUS1', false, 'Busbar'],
      ['QF1', true, '断路器'], // no English label: the Chinese one
      ['PV1', false, 'PV'],
    ]);
    expect(toNodes(doc, 'zh', null, true).every((n) => n.draggable === false && n.connectable === false)).toBe(true);
  });

  it('turns a dragged node position back into a snapped element position', () => {
    expect(elementAt(doc.elements[1]!, { x: 150, y: 250 })).toEqual({ x: 160, y: 270 });
    expect(elementAt(doc.elements[0]!, { x: 61, y: 200 })).toEqual({ x: 60, y: 210 });
  });

  it('routes edges like the live view and drops wires to missing elements', () => {
    const edges = toEdges(doc, 'QF1>PV1');
    expect(edges.map((e) => [e.id, e.selected])).toEqual([
      ['BUS1>QF1', false],
      ['QF1>PV1', true],
    ]);
    expect(edges[0]!.data!.points).toEqual([
      [100, 100],
      [100, 200],
    ]);
    // Symbol to symbol with both coordinates different: down, across at mid-height, down.
    expect(edges[1]!.data!.points).toEqual(wirePoints(doc.elements[1]!, doc.elements[2]!));
    expect(edges[1]!.data!.points).toEqual([
      [100, 200],
      [100, 260],
      [300, 260],
      [300, 320],
    ]);
  });

  it('draws a drag in progress without touching the document', () => {
    const moved = withPositions(doc, { QF1: { x: 300, y: 200 } });
    expect(moved.elements[1]).toMatchObject({ x: 300, y: 200 });
    expect(doc.elements[1]).toMatchObject({ x: 100, y: 200 });
    expect(withPositions(doc, {})).toBe(doc);
  });
});
