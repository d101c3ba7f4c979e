import { describe, expect, it } from 'vitest';
import { bucketEnergy, hasReset, pctChange } from './counterEnergy.js';

/** Walks a series of buckets (null = no bucket: a gap) the way the SQL does: previous = last bucket seen. */
function walk(buckets: ({ first: number; last: number; min?: number; max?: number } | null)[]) {
  let prev: number | null = null;
  return buckets.map((b) => {
    if (!b) return null;
    const full = {
      first: b.first,
      last: b.last,
      min: b.min ?? Math.min(b.first, b.last),
      max: b.max ?? Math.max(b.first, b.last),
    };
    const e = bucketEnergy(full, prev);
    prev = full.last;
    return e;
  });
}

describe('energy from counter buckets', () => {
  it('is last minus the previous last for a steady counter', () => {
    expect(
      walk([
        { first: 100, last: 110 },
        { first: 111, last: 130 },
        { first: 131, last: 131 },
      ]),
    ).toEqual([10, 20, 1]);
  });

  it('counts the first bucket ever from its own first reading', () => {
    expect(bucketEnergy({ first: 500, last: 520, min: 500, max: 520 }, null)).toBe(20);
  });

  it('puts the energy of a gap into the bucket where the counter is next seen', () => {
    // 110 → (two missing hours) → 170: the 60 kWh of the gap land in the third bucket, nothing is lost or doubled.
    expect(walk([{ first: 100, last: 110 }, null, null, { first: 160, last: 170 }])).toEqual([
      10,
      null,
      null,
      60,
    ]);
  });

  it('handles a reset before the bucket: counts from the first reading after it, never negative', () => {
    // Counter at 1000, meter replaced: the next bucket reads 3 … 12.
    expect(
      walk([
        { first: 990, last: 1000 },
        { first: 3, last: 12 },
        { first: 13, last: 20 },
      ]),
    ).toEqual([10, 9, 8]);
    expect(hasReset({ first: 3, last: 12, min: 3, max: 12 }, 1000)).toBe(true);
  });

  it('handles a reset inside the bucket: growth to the peak plus growth after the reset', () => {
    // Previous last 1000; the bucket reads 1000 → 1008 (peak), resets, then 2 → 5: 8 + 3 kWh.
    expect(bucketEnergy({ first: 1001, last: 5, min: 2, max: 1008 }, 1000)).toBe(11);
    expect(hasReset({ first: 1001, last: 5, min: 2, max: 1008 }, 1000)).toBe(true);
  });

  it('does not turn a simulator restart from an arbitrary lower value into a huge spike', () => {
    expect(bucketEnergy({ first: 800_000, last: 800_010, min: 800_000, max: 800_010 }, 1_000_000)).toBe(10);
  });
});

describe('percentage change', () => {
  it('is (value − base) / base × 100', () => {
    expect(pctChange(150, 100)).toBe(50);
    expect(pctChange(75, 100)).toBe(-25);
    expect(pctChange(325, 100)).toBe(225);
  });
  it('is null against a zero or missing base, never Infinity or NaN', () => {
    expect(pctChange(10, 0)).toBeNull();
    expect(pctChange(0, 0)).toBeNull();
    expect(pctChange(10, null)).toBeNull();
    expect(pctChange(null, 10)).toBeNull();
  });
});
