import type { SldDocument, SldElement } from '@gridops/contract';
import type { LayoutDevice } from './diagram.js';

/**
 * The draft single-line diagram of a room (docs/diagram-draft.md): a pure function of the room's devices, so the
 * same devices always give the same ids and positions (the editor, the tests and a second click agree).
 *
 *   incomers (source → breaker [→ meters measuring it]) on top
 *   ── 10 kV busbar ──                     (only when the room has transformers; otherwise one busbar)
 *   transformers, each with its own 0.4 kV busbar section
 *   branches spaced on their section: feeder breaker [→ meters measuring it] → load; PV, storage, charger
 *   meters whose breaker is unknown hang beside the bus, at the right end of their section
 *
 * Every symbol that stands for a device is bound to it (`device_id`), which is all the live view needs: a
 * switching symbol shows the device's `breaker` point, the others P, I, U.
 */

/** Device kinds drawn as a branch of their own on a busbar, and the symbol each becomes. */
const BRANCH_SYMBOL: Record<string, { type: 'feeder' | 'pv' | 'storage' | 'charger'; prefix: string }> = {
  feeder: { type: 'feeder', prefix: 'FD' },
  pv_inverter: { type: 'pv', prefix: 'PV' },
  pcs: { type: 'storage', prefix: 'ESS' },
  ev_charger: { type: 'charger', prefix: 'EV' },
};
export const DRAFT_KINDS: readonly string[] = ['incomer', 'transformer', 'meter', ...Object.keys(BRANCH_SYMBOL)];
/** The schema's limit on elements of one document (sldDocument). */
export const DRAFT_MAX_ELEMENTS = 500;

const COL = 120;
const ROW = 65;
const MARGIN = 40;
const MAX_SIZE = 9_900;

export interface DiagramDraft {
  doc: SldDocument;
  /** Devices of the room drawn on the draft, in drawing order. */
  drawn: number[];
  /** Devices of the room that have no single-line symbol (sensors, cameras, …). */
  skipped: LayoutDevice[];
}

interface Branch {
  device: LayoutDevice;
  meters: LayoutDevice[];
}
interface Section {
  transformer: LayoutDevice | null;
  branches: Branch[];
  /** Meters on this section with no known breaker: drawn beside the bus. */
  busMeters: LayoutDevice[];
}

const label = (d: LayoutDevice) => ({ label: d.name.slice(0, 60), label_en: d.name_en.slice(0, 60) });

export function draftDiagram(devices: readonly LayoutDevice[]): DiagramDraft {
  const byId = new Map(devices.map((d) => [d.id, d]));
  const incomers = devices.filter((d) => d.kind === 'incomer');
  const transformers = devices.filter((d) => d.kind === 'transformer');
  const branchDevices = devices.filter((d) => d.kind in BRANCH_SYMBOL);
  const meters = devices.filter((d) => d.kind === 'meter');

  // A meter measures the breaker it hangs under (devices.parent_id): an incomer or a feeder of this room.
  const metersOf = new Map<number, LayoutDevice[]>();
  const looseMeters: LayoutDevice[] = [];
  for (const m of meters) {
    const parent = m.parent_id === null ? undefined : byId.get(m.parent_id);
    if (parent && (parent.kind === 'incomer' || parent.kind === 'feeder')) metersOf.set(parent.id, [...(metersOf.get(parent.id) ?? []), m]);
    else looseMeters.push(m);
  }

  // Sections: one per transformer (branches by parent_id, else the first one), or one busbar for the room.
  const sections: Section[] = transformers.length ? transformers.map((t) => ({ transformer: t, branches: [], busMeters: [] })) : [{ transformer: null, branches: [], busMeters: [] }];
  const sectionOf = (d: LayoutDevice) => sections.find((s) => s.transformer !== null && s.transformer.id === d.parent_id) ?? sections[0]!;
  for (const b of branchDevices) sectionOf(b).branches.push({ device: b, meters: metersOf.get(b.id) ?? [] });
  for (const m of looseMeters) sectionOf(m).busMeters.push(m);

  // Rows: as many meter rows under a breaker as the most-metered branch (or incomer) needs.
  const incomerMeterRows = Math.max(0, ...incomers.map((i) => metersOf.get(i.id)?.length ?? 0));
  const branchMeterRows = Math.max(0, ...branchDevices.map((b) => metersOf.get(b.id)?.length ?? 0));
  const yIncomerBreaker = 30 + ROW;
  const yHv = yIncomerBreaker + ROW * (incomerMeterRows + 1);
  const yLv = transformers.length ? yHv + ROW * 4 : yHv;
  const yBranchBreaker = yLv + ROW;
  const yLoad = yBranchBreaker + ROW * (branchMeterRows + 1);

  const columns = sections.reduce((n, s) => n + Math.max(1, s.branches.length + s.busMeters.length), 0);
  const col = Math.max(40, Math.min(COL, Math.floor((MAX_SIZE - 2 * MARGIN) / columns)));
  const width = Math.min(MAX_SIZE, Math.max(600, columns * col + 2 * MARGIN, incomers.length * COL + 2 * MARGIN));
  const elements: SldElement[] = [];
  const wires: SldDocument['wires'] = [];
  const drawn: number[] = [];
  const wire = (from: string, to: string, points: [number, number][] = []) => wires.push({ from, to, points });
  /** A chain of meters under a breaker at x, from row y; returns the last element id. */
  const meterChain = (from: string, list: readonly LayoutDevice[], x: number, y: number) =>
    list.reduce((prev, m, k) => {
      const id = `PJ-${m.id}`;
      elements.push({ id, type: 'meter', x, y: y + k * ROW, device_id: m.id, ...label(m) });
      drawn.push(m.id);
      wire(prev, id);
      return id;
    }, from);

  const mainBus = transformers.length ? 'BUS-HV' : 'BUS-1';
  elements.push(
    transformers.length
      ? { id: mainBus, type: 'busbar', x: MARGIN, y: yHv, length: width - 2 * MARGIN, orientation: 'h', voltage_kv: 10, label: '10kV母线', label_en: '10 kV busbar' }
      : { id: mainBus, type: 'busbar', x: MARGIN, y: yHv, length: width - 2 * MARGIN, orientation: 'h', voltage_kv: 0.4, label: '母线', label_en: 'Busbar' },
  );
  incomers.forEach((inc, i) => {
    const x = Math.round((width / (incomers.length + 1)) * (i + 1));
    elements.push({ id: `SRC-${inc.id}`, type: 'source', x, y: 30, device_id: inc.id, label: '电网进线', label_en: 'Grid supply' });
    elements.push({ id: `QF-${inc.id}`, type: 'breaker', x, y: yIncomerBreaker, device_id: inc.id, ...label(inc) });
    drawn.push(inc.id);
    wire(`SRC-${inc.id}`, `QF-${inc.id}`);
    const last = meterChain(`QF-${inc.id}`, metersOf.get(inc.id) ?? [], x, yIncomerBreaker + ROW);
    wire(last, mainBus, [[x, yHv]]);
  });

  let left = MARGIN;
  sections.forEach((s, si) => {
    const n = Math.max(1, s.branches.length + s.busMeters.length);
    const cx = Math.round(left + (n * col) / 2);
    let bus = mainBus;
    if (s.transformer) {
      const t = s.transformer;
      bus = `BUS-LV-${si + 1}`;
      elements.push({ id: bus, type: 'busbar', x: left + 10, y: yLv, length: n * col - 20, orientation: 'h', voltage_kv: 0.4, label: `0.4kV ${si + 1}段母线`, label_en: `0.4 kV busbar section ${si + 1}` });
      elements.push({ id: `TR-${t.id}`, type: 'transformer', x: cx, y: yHv + ROW * 2, device_id: t.id, ratio: '10/0.4 kV', ...label(t) });
      drawn.push(t.id);
      wire(mainBus, `TR-${t.id}`, [[cx, yHv]]);
      wire(`TR-${t.id}`, bus, [[cx, yLv]]);
    }
    s.branches.forEach((b, k) => {
      const x = Math.round(left + col / 2 + k * col);
      const d = b.device;
      const sym = BRANCH_SYMBOL[d.kind]!;
      const end = `${sym.prefix}-${d.id}`;
      drawn.push(d.id);
      if (sym.type === 'feeder') {
        // A feeder is its breaker (state) and the load it supplies (P, I, U), both bound to the feeder device.
        elements.push({ id: `QF-${d.id}`, type: 'breaker', x, y: yBranchBreaker, device_id: d.id, ...label(d) });
        wire(bus, `QF-${d.id}`, [[x, yLv]]);
        const last = meterChain(`QF-${d.id}`, b.meters, x, yBranchBreaker + ROW);
        elements.push({ id: end, type: 'feeder', x, y: yLoad, device_id: d.id, ...label(d) });
        wire(last, end);
      } else {
        elements.push({ id: end, type: sym.type, x, y: yLoad, device_id: d.id, ...label(d) });
        wire(bus, end, [[x, yLv]]);
      }
    });
    s.busMeters.forEach((m, k) => {
      const x = Math.round(left + col / 2 + (s.branches.length + k) * col);
      elements.push({ id: `PJ-${m.id}`, type: 'meter', x, y: yBranchBreaker, device_id: m.id, ...label(m) });
      drawn.push(m.id);
      wire(bus, `PJ-${m.id}`, [[x, yLv]]);
    });
    left += n * col;
  });

  const drawnSet = new Set(drawn);
  return {
    doc: { version: 1, width, height: Math.min(MAX_SIZE, yLoad + 90), elements, wires },
    drawn,
    skipped: devices.filter((d) => !drawnSet.has(d.id)),
  };
}
