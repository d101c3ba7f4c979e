import { ErrorCode, type SldDocument, type SldElement } from '@gridops/contract';
import { AppError } from '../../lib/errors.js';

/** What the generator needs of a device. */
export interface LayoutDevice {
  id: number;
  parent_id: number | null;
  kind: string;
  name: string;
  name_en: string;
}

const COL = 120;
const HV_Y = 160;
const LV_Y = 400;

/**
 * Generates a room's single-line diagram from its devices: incomers (source + breaker) feed the 10 kV busbar,
 * each transformer hangs off it with its own 0.4 kV busbar, and each feeder (breaker + load) hangs off its
 * transformer's busbar (by devices.parent_id). Used by the seed and when a room has no stored diagram yet.
 */
export function generateDiagram(devices: LayoutDevice[]): SldDocument {
  const incomers = devices.filter((d) => d.kind === 'incomer');
  const transformers = devices.filter((d) => d.kind === 'transformer');
  const feeders = devices.filter((d) => d.kind === 'feeder');
  const feedersOf = new Map<number | null, LayoutDevice[]>();
  for (const f of feeders) {
    // A feeder whose parent is not one of the room's transformers goes to the first transformer's busbar.
    const parent = transformers.some((t) => t.id === f.parent_id) ? f.parent_id : (transformers[0]?.id ?? null);
    feedersOf.set(parent, [...(feedersOf.get(parent) ?? []), f]);
  }
  const groups = transformers.length ? transformers.map((t) => ({ t, fs: feedersOf.get(t.id) ?? [] })) : [{ t: null, fs: feedersOf.get(null) ?? [] }];
  const columns = groups.reduce((n, g) => n + Math.max(1, g.fs.length), 0);
  const width = Math.max(600, columns * COL + 80);
  const elements: SldElement[] = [];
  const wires: SldDocument['wires'] = [];
  const label = (d: LayoutDevice) => ({ label: d.name.slice(0, 60), label_en: d.name_en.slice(0, 60) });

  elements.push({ id: 'BUS-HV', type: 'busbar', x: 40, y: HV_Y, length: width - 80, orientation: 'h', voltage_kv: 10, label: '10kV母线', label_en: '10 kV busbar' });
  incomers.forEach((inc, i) => {
    const x = Math.round((width / (incomers.length + 1)) * (i + 1));
    elements.push({ id: `SRC-${inc.id}`, type: 'source', x, y: 30, device_id: inc.id, label: '电网进线', label_en: 'Grid supply' });
    elements.push({ id: `QF-${inc.id}`, type: 'breaker', x, y: 95, device_id: inc.id, ...label(inc) });
    wires.push({ from: `SRC-${inc.id}`, to: `QF-${inc.id}`, points: [] }, { from: `QF-${inc.id}`, to: 'BUS-HV', points: [[x, HV_Y]] });
  });

  let col = 0;
  groups.forEach((g, gi) => {
    const n = Math.max(1, g.fs.length);
    const left = 40 + col * COL;
    const cx = Math.round(left + (n * COL) / 2);
    const bus = `BUS-LV-${gi + 1}`;
    elements.push({ id: bus, type: 'busbar', x: left + 10, y: LV_Y, length: n * COL - 20, orientation: 'h', voltage_kv: 0.4, label: `0.4kV ${gi + 1}段母线`, label_en: `0.4 kV busbar section ${gi + 1}` });
    if (g.t) {
      elements.push({ id: `TR-${g.t.id}`, type: 'transformer', x: cx, y: 280, device_id: g.t.id, ratio: '10/0.4 kV', ...label(g.t) });
      wires.push({ from: 'BUS-HV', to: `TR-${g.t.id}`, points: [[cx, HV_Y]] }, { from: `TR-${g.t.id}`, to: bus, points: [[cx, LV_Y]] });
    }
    g.fs.forEach((f, k) => {
      const x = left + COL / 2 + k * COL;
      elements.push({ id: `QF-${f.id}`, type: 'breaker', x, y: 470, device_id: f.id, ...label(f) });
      elements.push({ id: `FD-${f.id}`, type: 'feeder', x, y: 590, device_id: f.id, ...label(f) });
      wires.push({ from: bus, to: `QF-${f.id}`, points: [[x, LV_Y]] }, { from: `QF-${f.id}`, to: `FD-${f.id}`, points: [] });
    });
    col += n;
  });
  return { version: 1, width, height: 680, elements, wires };
}

/**
 * Checks what the schema cannot: unique element ids, wires between existing elements, coordinates inside the
 * canvas, and device bindings to devices of the room's project. Throws 10006 naming the field.
 */
export function validateDiagram(doc: SldDocument, projectDeviceIds: Set<number>): void {
  const bad = (field: string, zh: string, en: string): never => {
    throw new AppError(ErrorCode.Validation, { zh: `${field}: ${zh}`, en: `${field}: ${en}` }, field);
  };
  const ids = new Set<string>();
  doc.elements.forEach((e, i) => {
    const f = `doc.elements[${i}]`;
    if (ids.has(e.id)) bad(`${f}.id`, `重复的元素 id “${e.id}”`, `duplicate element id "${e.id}"`);
    ids.add(e.id);
    if (e.x > doc.width || e.y > doc.height) bad(`${f}.x`, '坐标超出画布', 'position outside the canvas');
    if ('device_id' in e && e.device_id !== null && !projectDeviceIds.has(e.device_id)) {
      bad(`${f}.device_id`, `设备 ${e.device_id} 不属于该站点`, `device ${e.device_id} is not a device of this site`);
    }
  });
  doc.wires.forEach((w, i) => {
    if (!ids.has(w.from)) bad(`doc.wires[${i}].from`, `元素 “${w.from}” 不存在`, `no element "${w.from}"`);
    if (!ids.has(w.to)) bad(`doc.wires[${i}].to`, `元素 “${w.to}” 不存在`, `no element "${w.to}"`);
  });
}
