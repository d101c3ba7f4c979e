import type { SldDocument } from '@gridops/contract';
import { describe, expect, it } from 'vitest';
import { anchor, buildDiagramModel, fitLabel } from './model';
import type { LiveState } from './model';

// Shaped like the server's generated diagram for a room with one incomer, one transformer and two feeders.
const doc: SldDocument = {
  version: 1,
  width: 600,
  height: 680,
  elements: [
    { id: 'BUS-HV', type: 'busbar', x: 40, y: 160, length: 520, orientation: 'h', voltage_kv: 10, label: '10kV母线', label_en: '10 kV busbar' },
    { id: 'SRC-15', type: 'source', x: 300, y: 30, device_id: 15, label: '电网进线', label_en: 'Grid supply' },
    { id: 'QF-15', type: 'breaker', x: 300, y: 95, device_id: 15, label: '进线柜', label_en: 'Incomer' },
    { id: 'TR-16', type: 'transformer', x: 160, y: 280, device_id: 16, ratio: '10/0.4 kV', label: '1#变压器', label_en: 'Transformer T1' },
    { id: 'BUS-LV-1', type: 'busbar', x: 50, y: 400, length: 220, orientation: 'h', voltage_kv: 0.4, label: '0.4kV', label_en: '' },
    { id: 'QF-18', type: 'breaker', x: 100, y: 470, device_id: 18, label: '1#回路', label_en: 'Feeder 1' },
    { id: 'FD-18', type: 'feeder', x: 100, y: 590, device_id: 18, label: '1#回路', label_en: 'Feeder 1' },
    { id: 'QF-20', type: 'breaker', x: 220, y: 470, device_id: 20, label: '3#回路', label_en: 'Feeder 3' },
    { id: 'FD-20', type: 'feeder', x: 220, y: 590, device_id: 20, label: '3#回路', label_en: 'Feeder 3' },
  ],
  wires: [
    { from: 'SRC-15', to: 'QF-15', points: [] },
    { from: 'QF-15', to: 'BUS-HV', points: [[300, 160]] },
    { from: 'BUS-HV', to: 'TR-16', points: [[160, 160]] },
    { from: 'TR-16', to: 'BUS-LV-1', points: [[160, 400]] },
    { from: 'BUS-LV-1', to: 'QF-18', points: [[100, 400]] },
    { from: 'QF-18', to: 'FD-18', points: [] },
    { from: 'BUS-LV-1', to: 'QF-20', points: [[220, 400]] },
    { from: 'QF-20', to: 'FD-20', points: [] },
    { from: 'QF-20', to: 'NOPE', points: [] },
  ],
};

const state = (element_id: string, device_id: number, breaker_closed: boolean | null, p_kw: number | null = 10, u_v: number | null = null): LiveState => ({
  element_id,
  device_id,
  breaker_closed,
  p_kw,
  i_a: 20,
  u_v,
  load_rate: null,
  ts: '2026-01-01T00:00:00Z',
  quality: 'fresh',
});

describe('single-line diagram model', () => {
  // The grid source is bound to the incomer: voltage present on its line side.
  const grid = state('SRC-15', 15, null, 100, 5681.5);
  const states = [grid, state('QF-15', 15, true), state('QF-18', 18, true), state('FD-18', 18, true), state('QF-20', 20, false, 0)];

  it('resolves breaker states: closed, open, and unknown when unbound or without a value', () => {
    const m = buildDiagramModel(doc, states, 'zh');
    const by = new Map(m.elements.map((e) => [e.id, e]));
    expect(by.get('QF-15')?.breaker).toBe('closed');
    expect(by.get('QF-20')?.breaker).toBe('open');
    expect(buildDiagramModel(doc, [], 'zh').elements.find((e) => e.id === 'QF-18')?.breaker).toBe('unknown');
    expect(by.get('FD-18')?.live?.p_kw).toBe(10);
    expect(by.get('BUS-HV')?.clickable).toBe(false);
    expect(by.get('TR-16')?.clickable).toBe(true);
  });

  it('labels follow the language, falling back to Chinese where no English label is stored', () => {
    const en = buildDiagramModel(doc, states, 'en').elements;
    expect(en.find((e) => e.id === 'TR-16')?.label).toBe('Transformer T1');
    expect(en.find((e) => e.id === 'BUS-LV-1')?.label).toBe('0.4kV');
    expect(buildDiagramModel(doc, states, 'zh').elements.find((e) => e.id === 'TR-16')?.label).toBe('1#变压器');
  });

  it('busbars end where they are drawn; wires meet a busbar at the nearest point on it and drop dangling ends', () => {
    const m = buildDiagramModel(doc, states, 'zh');
    const bus = m.elements.find((e) => e.id === 'BUS-HV');
    expect([bus?.x2, bus?.y2]).toEqual([560, 160]);
    const up = m.wires.find((w) => w.id.includes('QF-15-BUS-HV'));
    expect(up?.points).toEqual([
      [300, 95],
      [300, 160],
      [300, 160],
    ]);
    const down = m.wires.find((w) => w.id.includes('BUS-HV-TR-16'));
    expect(down?.points[0]).toEqual([160, 160]);
    expect(m.wires.some((w) => w.id.includes('NOPE'))).toBe(false);
    expect(m.wires).toHaveLength(8);
  });

  it('colours by energisation: below an open feeder breaker dead, the rest live', () => {
    const m = buildDiagramModel(doc, states, 'zh');
    const wire = (id: string) => m.wires.find((w) => w.id.includes(id))?.state;
    const el = (mm: typeof m, id: string) => mm.elements.find((e) => e.id === id)?.energisation;
    expect(wire('QF-20-FD-20')).toBe('dead');
    expect(wire('QF-18-FD-18')).toBe('live');
    expect(wire('BUS-LV-1-QF-20')).toBe('live');
    expect(el(m, 'FD-20')).toBe('dead');
    expect(el(m, 'BUS-LV-1')).toBe('live');
    expect(m.wires.find((w) => w.id.includes('QF-15-BUS-HV'))?.hv).toBe(true);
    expect(m.wires.find((w) => w.id.includes('QF-18-FD-18'))?.hv).toBe(false);
  });

  it('opening the incomer kills both busbars and everything below; the source side stays live', () => {
    const dark = buildDiagramModel(doc, [grid, state('QF-15', 15, false), state('QF-18', 18, true)], 'zh');
    const el = (id: string) => dark.elements.find((e) => e.id === id)?.energisation;
    expect(el('SRC-15')).toBe('live');
    expect(el('QF-15')).toBe('live');
    for (const id of ['BUS-HV', 'TR-16', 'BUS-LV-1', 'FD-18']) expect(el(id)).toBe('dead');
    expect(dark.wires.filter((w) => w.state === 'live').map((w) => w.id)).toEqual([dark.wires[0]!.id]);
  });

  it('an incomer breaker whose gateway is offline makes the room unknown, not live', () => {
    const m = buildDiagramModel(doc, [grid, { ...state('QF-15', 15, true), quality: 'offline' }, state('QF-18', 18, true)], 'zh');
    expect(m.elements.find((e) => e.id === 'QF-15')?.breaker).toBe('unknown');
    expect(m.elements.find((e) => e.id === 'BUS-LV-1')?.energisation).toBe('unknown');
  });

  it('the 10 kV incomer shows line voltage in kV; LV elements their phase voltage', () => {
    const m = buildDiagramModel(doc, [...states, state('FD-18', 18, true, 10, 229.6)], 'zh');
    const src = m.elements.find((e) => e.id === 'SRC-15')?.voltage;
    expect(src?.kind).toBe('line');
    expect(src?.unit).toBe('kV');
    expect(src?.value).toBeCloseTo(9.84, 2);
    expect(m.elements.find((e) => e.id === 'FD-18')?.voltage).toEqual({ kind: 'phase', value: 229.6, unit: 'V' });
  });

  it('anchors clamp to the bar and handle vertical bars', () => {
    const v = { id: 'B', type: 'busbar', x: 10, y: 10, length: 100, orientation: 'v', voltage_kv: 10, label: '', label_en: '' } as const;
    expect(anchor(v, [50, 500])).toEqual([10, 110]);
    expect(anchor(doc.elements[0]!, [0, 0])).toEqual([40, 160]);
  });

  it('fits labels by display width, CJK counting double', () => {
    expect(fitLabel('Feeder 1', 14)).toBe('Feeder 1');
    expect(fitLabel('2#车间动力回路', 8)).toBe('2#车间…');
    expect(fitLabel('Workshop power feeder 2', 14)).toBe('Workshop powe…');
  });
});
