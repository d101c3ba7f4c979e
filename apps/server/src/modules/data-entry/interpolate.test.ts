import { describe, expect, it } from 'vitest';
import { bucketEnergy } from '../statistics/counterEnergy.js';
import { consumptions, counterSamples, registers, type ReadingPoint } from './interpolate.js';

const at = (iso: string) => Date.parse(iso);
const r = (iso: string, value: number, old_final_value: number | null = null): ReadingPoint => ({ at: at(iso), value, replacement: old_final_value !== null, old_final_value });

/** Energy per UTC hour from the samples, by the statistics' counter rule (bucket = hour, p = previous last). */
function hourlyEnergy(samples: { ts: number; value: number }[]) {
  const buckets = new Map<number, { first: number; last: number; min: number; max: number }>();
  for (const s of samples) {
    const h = Math.floor(s.ts / 3_600_000) * 3_600_000;
    const b = buckets.get(h);
    if (!b) buckets.set(h, { first: s.value, last: s.value, min: s.value, max: s.value });
    else Object.assign(b, { last: s.value, min: Math.min(b.min, s.value), max: Math.max(b.max, s.value) });
  }
  const out = new Map<number, number>();
  let prev: number | null = null;
  for (const [h, b] of [...buckets].sort((x, y) => x[0] - y[0])) {
    out.set(h, bucketEnergy(b, prev));
    prev = b.last;
  }
  return out;
}

describe('manual readings as a counter', () => {
  it('gives each hour between two readings its share of the interval', () => {
    const readings = [r('2025-03-01T08:30:00Z', 100), r('2025-03-01T12:30:00Z', 140)];
    const samples = counterSamples(readings, 1);
    // Register at 09:00, 10:00, 11:00, 12:00 stamped 1 ms before, plus both readings.
    expect(samples.map((s) => new Date(s.ts).toISOString())).toEqual([
      '2025-03-01T08:30:00.000Z',
      '2025-03-01T08:59:59.999Z',
      '2025-03-01T09:59:59.999Z',
      '2025-03-01T10:59:59.999Z',
      '2025-03-01T11:59:59.999Z',
      '2025-03-01T12:30:00.000Z',
    ]);
    const e = hourlyEnergy(samples);
    expect([...e.values()]).toEqual([5, 10, 10, 10, 5]);
  });

  it('keeps the total exact across whole-hour readings and a multiplier', () => {
    const readings = [r('2025-03-01T00:00:00Z', 10), r('2025-03-02T00:00:00Z', 34), r('2025-03-02T06:00:00Z', 40)];
    const e = hourlyEnergy(counterSamples(readings, 2.5));
    expect([...e.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(30 * 2.5, 9);
    expect(e.get(at('2025-03-01T00:00:00Z'))).toBeCloseTo(2.5, 9); // 24 over 24 h, × 2.5
    expect(e.get(at('2025-03-02T03:00:00Z'))).toBeCloseTo(2.5, 9); // 6 over 6 h, × 2.5
  });

  it('carries the register across a meter replacement: no reset, the old final and the new start both count', () => {
    const readings = [r('2025-03-01T00:00:00Z', 900), r('2025-03-01T10:00:00Z', 5, 950), r('2025-03-01T20:00:00Z', 25)];
    expect(consumptions(readings)).toEqual([null, 50, 20]);
    expect(registers(readings, 1)).toEqual([900, 950, 970]);
    const samples = counterSamples(readings, 1);
    expect(samples.every((s, i) => i === 0 || s.value >= samples[i - 1]!.value)).toBe(true);
    const e = hourlyEnergy(samples);
    expect([...e.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(70, 9);
    expect(e.get(at('2025-03-01T12:00:00Z'))).toBeCloseTo(2, 9);
  });

  it('gives a single reading no energy and no interpolated samples', () => {
    expect(counterSamples([r('2025-03-01T00:00:00Z', 7)], 1)).toEqual([{ ts: at('2025-03-01T00:00:00Z'), value: 7 }]);
  });
});
