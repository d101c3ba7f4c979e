import { describe, expect, it } from 'vitest';
import { INGEST_REJECT_CAUSES, pointValueRange } from '@gridops/contract';
import { decodeTelemetry, scaled } from './decode.js';
import { effectiveRange } from './registry.js';
import type { DeviceEntry, PointLookup, PointMeta } from './registry.js';

const meta = (pointId: number, key: string): PointMeta => ({
  pointId,
  key,
  name: key,
  nameEn: key,
  unit: '',
  kind: 'analog',
  precision: 2,
  scale: 1,
  range: pointValueRange({ key, unit: key === 'P' ? 'kW' : '', kind: key === 'breaker' ? 'digital' : 'analog' }),
  deviceId: 1,
  deviceKind: 'feeder',
  deviceName: 'F1',
  deviceNameEn: 'F1',
  projectId: 1,
  projectName: 'S',
  projectNameEn: 'S',
});
const f1: DeviceEntry = { deviceId: 1, points: new Map([['P', meta(10, 'P')], ['breaker', meta(11, 'breaker')]]) };
const lookup: PointLookup = {
  device: (gw, sn) => (gw === 'GW1' && sn === 'F1' ? f1 : undefined),
  point: () => undefined,
};
const now = Date.UTC(2026, 10, 22, 12);

describe('decodeTelemetry', () => {
  it('decodes numbers and booleans of known points', () => {
    const r = decodeTelemetry('GW1', JSON.stringify({ ts: now, devices: [{ sn: 'F1', values: { P: 12.5, breaker: true } }] }), lookup, now);
    expect(r.samples).toEqual([
      { pointId: 10, ts: now, value: 12.5 },
      { pointId: 11, ts: now, value: 1 },
    ]);
    expect(r.rejects).toEqual([]);
  });

  it('keeps the valid part of a batch and counts every problem with its cause', () => {
    const payload = {
      ts: now,
      devices: [
        { sn: 'F1', values: { P: 'high', breaker: 0, XX: 1 } },
        { sn: 'NOPE', values: { P: 1 } },
        { sn: 'F1', values: { P: null } },
      ],
    };
    const r = decodeTelemetry('GW1', JSON.stringify(payload), lookup, now);
    expect(r.samples).toEqual([{ pointId: 11, ts: now, value: 0 }]);
    expect(r.rejects.map((x) => x.cause).sort()).toEqual(['unknown_device', 'unknown_point', 'wrong_type', 'wrong_type']);
    expect(r.unknownDevices).toBe(1);
  });

  it('rejects garbage, wrong shapes and broken clocks without throwing', () => {
    expect(decodeTelemetry('GW1', '{{{', lookup, now).rejects[0]?.cause).toBe('garbage');
    expect(decodeTelemetry('GW1', Buffer.from([0xff, 0x00, 0x12]), lookup, now).rejects[0]?.cause).toBe('garbage');
    expect(decodeTelemetry('GW1', JSON.stringify({ devices: [] }), lookup, now).rejects[0]?.cause).toBe('bad_shape');
    expect(decodeTelemetry('GW1', JSON.stringify([1, 2]), lookup, now).rejects[0]?.cause).toBe('bad_shape');
    expect(decodeTelemetry('GW1', JSON.stringify({ ts: now + 2 * 86_400_000, devices: [] }), lookup, now).rejects[0]?.cause).toBe('future_timestamp');
    expect(decodeTelemetry('GW1', JSON.stringify({ ts: 1000, devices: [] }), lookup, now).rejects[0]?.cause).toBe('bad_timestamp');
  });

  it('rejects NaN-like and infinite values', () => {
    const r = decodeTelemetry('GW1', '{"ts":' + now + ',"devices":[{"sn":"F1","values":{"P":1e400}}]}', lookup, now);
    expect(r.samples).toEqual([]);
    expect(r.rejects[0]?.cause).toBe('wrong_type');
  });

  it('refuses a timestamp further ahead than the allowed clock skew (default 5 minutes), not only a day ahead', () => {
    const at = (ts: number, skewMs?: number) => decodeTelemetry('GW1', JSON.stringify({ ts, devices: [{ sn: 'F1', values: { P: 1 } }] }), lookup, now, skewMs);
    expect(at(now + 23 * 3600_000).rejects).toEqual([{ cause: 'future_timestamp', detail: expect.stringContaining('82800 s ahead') }]);
    expect(at(now + 23 * 3600_000).samples).toEqual([]);
    expect(at(now + 301_000).rejects[0]?.cause).toBe('future_timestamp');
    expect(at(now + 300_000).samples).toHaveLength(1);
    expect(at(now + 60_000, 30_000).rejects[0]?.cause).toBe('future_timestamp');
    expect(at(now + 60_000, 120_000).samples).toHaveLength(1);
  });

  it('refuses values outside their point type\'s sane range and keeps the rest of the message', () => {
    const r = decodeTelemetry('GW1', JSON.stringify({ ts: now, devices: [{ sn: 'F1', values: { P: 1e308, breaker: 1 } }, { sn: 'F1', values: { P: -2e7 } }, { sn: 'F1', values: { breaker: 7 } }] }), lookup, now);
    expect(r.samples).toEqual([{ pointId: 11, ts: now, value: 1 }]);
    expect(r.rejects.map((x) => x.cause)).toEqual(['out_of_range', 'out_of_range', 'out_of_range']);
    expect(r.rejects[0]?.detail).toBe('F1.P=1e+308 outside [-10000000, 10000000]');
  });

  it('names every reject cause in the contract\'s closed list', () => {
    const causes = new Set<string>();
    const cases = ['{{{', '{"devices":1}', JSON.stringify({ ts: 5, devices: [] }), JSON.stringify({ ts: now + 86_400_000, devices: [] })];
    for (const c of cases) for (const r of decodeTelemetry('GW1', c, lookup, now).rejects) causes.add(r.cause);
    const mixed = { ts: now, devices: [{ sn: 'NOPE', values: {} }, { sn: 'F1', values: { XX: 1, P: 'x', breaker: 2 } }] };
    for (const r of decodeTelemetry('GW1', JSON.stringify(mixed), lookup, now).rejects) causes.add(r.cause);
    for (const c of causes) expect(INGEST_REJECT_CAUSES).toContain(c);
    expect(causes.size).toBe(8);
  });

  describe('a template point\'s scale and limits', () => {
    // A meter whose gateway sends raw registers: current in 0.1 A, a breaker state; its own limits 0…500 A.
    const current: PointMeta = { ...meta(20, 'Ia'), unit: 'A', scale: 0.1, range: effectiveRange(pointValueRange({ key: 'Ia', unit: 'A', kind: 'analog' }), 0, 500) };
    const state: PointMeta = { ...meta(21, 'breaker'), kind: 'digital', scale: 10, range: pointValueRange({ key: 'breaker', unit: '', kind: 'digital' }) };
    const m1: DeviceEntry = { deviceId: 2, points: new Map([['Ia', current], ['breaker', state]]) };
    const scaledLookup: PointLookup = { device: (gw, sn) => (gw === 'GW1' && sn === 'M1' ? m1 : undefined), point: () => undefined };
    const decode = (values: Record<string, number | boolean>) => decodeTelemetry('GW1', JSON.stringify({ ts: now, devices: [{ sn: 'M1', values }] }), scaledLookup, now);

    it('stores the sent value times the scale (not for digital points), without float noise', () => {
      const r = decode({ Ia: 123, breaker: true });
      expect(r.samples).toEqual([
        { pointId: 20, ts: now, value: 12.3 },
        { pointId: 21, ts: now, value: 1 },
      ]);
      expect(r.rejects).toEqual([]);
      expect(scaled(3, { kind: 'analog', scale: 0.1 })).toBe(0.3);
      expect(scaled(7, { kind: 'counter', scale: 1 })).toBe(7);
      expect(scaled(1, { kind: 'digital', scale: 0.5 })).toBe(1);
    });

    it('checks the scaled value against the point\'s own low/high', () => {
      // 5000 × 0.1 = 500 A is the limit itself; 5001 → 500.1 A is over it, though well inside the catalogue's range.
      expect(decode({ Ia: 5000 }).samples).toEqual([{ pointId: 20, ts: now, value: 500 }]);
      const over = decode({ Ia: 5001 });
      expect(over.samples).toEqual([]);
      expect(over.rejects).toEqual([{ cause: 'out_of_range', detail: 'M1.Ia=500.1 (sent 5001 × scale 0.1) outside [0, 500]' }]);
      expect(decode({ Ia: -1 }).rejects[0]?.cause).toBe('out_of_range');
    });

    it('keeps the catalogue range as the outer bound', () => {
      const catalogue = pointValueRange({ key: 'Ia', unit: 'A', kind: 'analog' });
      // Limits wider than the catalogue's do not widen it; unset limits leave it as it is.
      expect(effectiveRange(catalogue, catalogue.min - 1e9, catalogue.max + 1e9)).toEqual(catalogue);
      expect(effectiveRange(catalogue, null, null)).toEqual(catalogue);
      expect(effectiveRange(catalogue, 10, null)).toEqual({ min: 10, max: catalogue.max });
      expect(effectiveRange(catalogue, null, 20)).toEqual({ min: catalogue.min, max: 20 });
      // Limits that leave nothing inside the catalogue's range fall back to it.
      expect(effectiveRange(catalogue, catalogue.max + 1, null)).toEqual(catalogue);
      expect(effectiveRange({ min: 0, max: 1 }, 5, 10)).toEqual({ min: 0, max: 1 });
    });
  });
});
