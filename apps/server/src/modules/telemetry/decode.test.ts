import { describe, expect, it } from 'vitest';
import { decodeTelemetry } from './decode.js';
import type { DeviceEntry, PointLookup, PointMeta } from './registry.js';

const meta = (pointId: number, key: string): PointMeta => ({
  pointId,
  key,
  name: key,
  nameEn: key,
  unit: '',
  kind: 'analog',
  precision: 2,
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
    expect(decodeTelemetry('GW1', JSON.stringify({ ts: now + 2 * 86_400_000, devices: [] }), lookup, now).rejects[0]?.cause).toBe('bad_timestamp');
    expect(decodeTelemetry('GW1', JSON.stringify({ ts: 1000, devices: [] }), lookup, now).rejects[0]?.cause).toBe('bad_timestamp');
  });

  it('rejects NaN-like and infinite values', () => {
    const r = decodeTelemetry('GW1', '{"ts":' + now + ',"devices":[{"sn":"F1","values":{"P":1e400}}]}', lookup, now);
    expect(r.samples).toEqual([]);
    expect(r.rejects[0]?.cause).toBe('wrong_type');
  });
});
