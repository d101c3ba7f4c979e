import { describe, expect, it } from 'vitest';
import { sldDocument, type SldDocument, type SldElement } from '@gridops/contract';
import type { LayoutDevice } from './diagram.js';
import { validateDiagram } from './diagram.js';
import { draftDiagram } from './diagramDraft.js';

const dev = (id: number, kind: string, parent_id: number | null = null, name = `设备${id}`, name_en = `Device ${id}`): LayoutDevice => ({ id, kind, parent_id, name, name_en });

/** A typical new site: two incomers, two transformers, feeders on each, meters on a feeder, an incomer and the bus. */
const site: LayoutDevice[] = [
  dev(1, 'incomer', null, '1#进线', 'Incomer 1'),
  dev(2, 'incomer', null, '2#进线', 'Incomer 2'),
  dev(10, 'transformer', 1, '1#变压器', 'Transformer 1'),
  dev(11, 'transformer', 2, '2#变压器', 'Transformer 2'),
  dev(20, 'feeder', 10, '照明出线', 'Lighting feeder'),
  dev(21, 'feeder', 10, '动力出线', 'Power feeder'),
  dev(22, 'feeder', 11, '空调出线', 'HVAC feeder'),
  dev(23, 'feeder', 999, '备用出线', ''),
  dev(30, 'meter', 20, '照明电表', 'Lighting meter'),
  dev(31, 'meter', 1, '关口表', 'Revenue meter'),
  dev(32, 'meter', null, '总表', 'Main meter'),
  dev(33, 'meter', 11, '2#变表', 'Transformer 2 meter'),
  dev(40, 'pv_inverter', 11, '光伏逆变器', 'PV inverter'),
  dev(50, 'env_sensor', null, '温湿度', 'Temperature & humidity'),
];

const byId = (doc: SldDocument, id: string): SldElement => {
  const e = doc.elements.find((x) => x.id === id);
  if (!e) throw new Error(`no element ${id}`);
  return e;
};
const bound = (e: SldElement) => ('device_id' in e ? e.device_id : undefined);
const connected = (doc: SldDocument, a: string, b: string) => doc.wires.some((w) => (w.from === a && w.to === b) || (w.from === b && w.to === a));

describe('diagram draft layout (pure: devices of a room → single-line document)', () => {
  const draft = draftDiagram(site);
  const { doc } = draft;

  it('is a valid document the save path accepts, every drawn device bound to itself', () => {
    expect(sldDocument.parse(doc)).toEqual(doc);
    expect(() => validateDiagram(doc, new Set(site.map((d) => d.id)))).not.toThrow();
    for (const id of draft.drawn) expect(doc.elements.some((e) => bound(e) === id)).toBe(true);
    expect(draft.skipped.map((d) => d.id)).toEqual([50]);
    expect(new Set(doc.elements.map((e) => e.id)).size).toBe(doc.elements.length);
  });

  it('draws incomers on top, the busbar, transformers, then feeders spaced on their section', () => {
    const src = byId(doc, 'SRC-1');
    const qf = byId(doc, 'QF-1');
    const hv = byId(doc, 'BUS-HV');
    const tr = byId(doc, 'TR-10');
    const lv1 = byId(doc, 'BUS-LV-1');
    const f20 = byId(doc, 'QF-20');
    expect(src.y).toBeLessThan(qf.y);
    expect(qf.y).toBeLessThan(hv.y);
    expect(hv.y).toBeLessThan(tr.y);
    expect(tr.y).toBeLessThan(lv1.y);
    expect(lv1.y).toBeLessThan(f20.y);
    expect(hv).toMatchObject({ type: 'busbar', voltage_kv: 10 });
    expect(byId(doc, 'QF-1')).toMatchObject({ type: 'breaker', device_id: 1, label: '1#进线', label_en: 'Incomer 1' });
    expect(byId(doc, 'SRC-1')).toMatchObject({ type: 'source', device_id: 1 });
    expect(connected(doc, 'BUS-HV', 'TR-10') && connected(doc, 'TR-10', 'BUS-LV-1')).toBe(true);
    // Feeders hang on their transformer's section, by parent; an unknown parent goes to the first section.
    for (const f of ['QF-20', 'QF-21', 'QF-23']) expect(connected(doc, 'BUS-LV-1', f)).toBe(true);
    expect(connected(doc, 'BUS-LV-2', 'QF-22')).toBe(true);
    const xs = ['QF-20', 'QF-21', 'QF-23'].map((id) => byId(doc, id).x);
    expect(new Set(xs).size).toBe(3);
    expect(byId(doc, 'FD-20')).toMatchObject({ type: 'feeder', device_id: 20, x: byId(doc, 'QF-20').x });
    expect(byId(doc, 'FD-23')).toMatchObject({ label: '备用出线', label_en: '' });
    expect(byId(doc, 'PV-40')).toMatchObject({ type: 'pv', device_id: 40 });
    expect(connected(doc, 'BUS-LV-2', 'PV-40')).toBe(true);
  });

  it('puts a meter on the branch of the breaker it measures, else beside the bus', () => {
    // On the feeder's branch: breaker → meter → load.
    expect(connected(doc, 'QF-20', 'PJ-30') && connected(doc, 'PJ-30', 'FD-20')).toBe(true);
    expect(connected(doc, 'QF-20', 'FD-20')).toBe(false);
    expect(byId(doc, 'PJ-30')).toMatchObject({ type: 'meter', device_id: 30, x: byId(doc, 'QF-20').x });
    // On the incomer: breaker → meter → busbar.
    expect(connected(doc, 'QF-1', 'PJ-31') && connected(doc, 'PJ-31', 'BUS-HV')).toBe(true);
    // No known breaker: beside its section's bus (the transformer's when that is the parent).
    expect(connected(doc, 'BUS-LV-1', 'PJ-32')).toBe(true);
    expect(connected(doc, 'BUS-LV-2', 'PJ-33')).toBe(true);
    const lv1 = byId(doc, 'BUS-LV-1');
    if (lv1.type !== 'busbar') throw new Error('busbar');
    expect(byId(doc, 'PJ-32').x).toBeGreaterThan(byId(doc, 'QF-23').x);
    expect(byId(doc, 'PJ-32').x).toBeLessThan(lv1.x + lv1.length);
  });

  it('is deterministic: the same devices give the same ids and positions', () => {
    expect(draftDiagram(site)).toEqual(draft);
    expect(JSON.stringify(draftDiagram(structuredClone(site)).doc)).toBe(JSON.stringify(doc));
  });

  it('draws a room without transformers on one 0.4 kV busbar', () => {
    const small = draftDiagram([dev(1, 'incomer'), dev(2, 'feeder', 1), dev(3, 'feeder', 1), dev(4, 'meter', 3)]);
    expect(small.doc.elements.filter((e) => e.type === 'busbar')).toEqual([expect.objectContaining({ id: 'BUS-1', voltage_kv: 0.4 })]);
    expect(connected(small.doc, 'QF-1', 'BUS-1') && connected(small.doc, 'BUS-1', 'QF-2') && connected(small.doc, 'BUS-1', 'QF-3')).toBe(true);
    expect(connected(small.doc, 'QF-3', 'PJ-4') && connected(small.doc, 'PJ-4', 'FD-3')).toBe(true);
    expect(() => validateDiagram(small.doc, new Set([1, 2, 3, 4]))).not.toThrow();
  });

  it('draws only a bus for a room of sensors, and keeps a large room inside the canvas', () => {
    const none = draftDiagram([dev(1, 'camera')]);
    expect(none.drawn).toEqual([]);
    expect(none.doc.elements.map((e) => e.id)).toEqual(['BUS-1']);
    const big = draftDiagram([dev(1, 'incomer'), dev(2, 'transformer'), ...Array.from({ length: 150 }, (_, i) => dev(100 + i, 'feeder', 2))]);
    expect(sldDocument.safeParse(big.doc).success).toBe(true);
    expect(() => validateDiagram(big.doc, new Set(big.drawn))).not.toThrow();
  });
});
