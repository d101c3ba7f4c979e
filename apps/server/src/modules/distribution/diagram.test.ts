import { describe, expect, it } from 'vitest';
import { ErrorCode, sldDocument, SLD_KINDS, type SldDocument } from '@gridops/contract';
import { AppError } from '../../lib/errors.js';
import { generateDiagram, validateDiagram } from './diagram.js';

const doc = (over: Partial<SldDocument> = {}): SldDocument =>
  sldDocument.parse({
    width: 800,
    height: 500,
    elements: SLD_KINDS.map((type, i) =>
      type === 'busbar' ? { id: 'BUS', type, x: 20, y: 40, length: 600, voltage_kv: 0.4 } : { id: `E${i}`, type, x: 40 + i * 40, y: 200, ...(type === 'label' ? {} : { device_id: i === 2 ? 7 : null }) },
    ),
    wires: [{ from: 'BUS', to: 'E2' }],
    ...over,
  });

const fieldOf = (fn: () => void) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).code).toBe(ErrorCode.Validation);
    return (e as AppError).field;
  }
  throw new Error('no error');
};

describe('single-line diagram model validation', () => {
  it('accepts every symbol kind of the palette, bound to devices of the site', () => {
    expect(SLD_KINDS).toHaveLength(15);
    expect(() => validateDiagram(doc(), new Set([7]))).not.toThrow();
  });

  it('refuses unknown symbol kinds in the schema, naming the element', () => {
    const r = sldDocument.safeParse({ width: 10, height: 10, elements: [{ id: 'X', type: 'teleporter', x: 1, y: 1 }], wires: [] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path.slice(0, 2)).toEqual(['elements', 0]);
  });

  it('names the field of duplicate ids, positions off the canvas, foreign devices and dangling wires', () => {
    const d = doc();
    expect(fieldOf(() => validateDiagram(d, new Set([8])))).toBe('doc.elements[2].device_id');
    expect(fieldOf(() => validateDiagram({ ...d, elements: [...d.elements, d.elements[3]!] }, new Set([7])))).toBe(`doc.elements[${d.elements.length}].id`);
    expect(fieldOf(() => validateDiagram({ ...d, width: 100 }, new Set([7])))).toMatch(/^doc\.elements\[\d+\]\.x$/);
    expect(fieldOf(() => validateDiagram({ ...d, wires: [...d.wires, { from: 'E2', to: 'NOPE', points: [] }] }, new Set([7])))).toBe('doc.wires[1].to');
    expect(fieldOf(() => validateDiagram({ ...d, wires: [{ from: 'NOPE', to: 'E2', points: [] }] }, new Set([7])))).toBe('doc.wires[0].from');
  });

  it('generates a valid diagram from a room without devices and with them', () => {
    expect(() => validateDiagram(generateDiagram([]), new Set())).not.toThrow();
    const devices = [
      { id: 1, parent_id: null, kind: 'incomer', name: '进线', name_en: 'Incomer' },
      { id: 2, parent_id: 1, kind: 'transformer', name: '1#变', name_en: 'T1' },
      { id: 3, parent_id: 2, kind: 'feeder', name: '出线', name_en: 'Feeder' },
    ];
    expect(() => validateDiagram(generateDiagram(devices), new Set([1, 2, 3]))).not.toThrow();
  });
});
