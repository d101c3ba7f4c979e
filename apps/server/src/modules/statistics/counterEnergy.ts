import { percentChange, percentOf } from '@gridops/format';

/**
 * Energy of a counter over one rollup bucket (docs/energy-model.md, "Energy from counters").
 *
 * A counter is a cumulative total; the rollups keep first/last/min/max of each bucket. Energy of a bucket is
 * the growth since the previous bucket's last reading, where:
 * - a gap (buckets missing) puts all energy of the gap into the bucket where the counter is next seen, since
 *   the previous reading is the last one seen, however long ago;
 * - a reset before the bucket (first < previous last) counts from the bucket's first reading;
 * - a reset inside the bucket (last < max) counts the growth up to the peak plus the growth after the reset,
 *   measured from the lowest reading (the first after the reset);
 * so energy is never negative and never counted twice. The same expression runs in SQL (`ENERGY_SQL`).
 */
export interface CounterBucket {
  first: number;
  last: number;
  min: number;
  max: number;
}

export function bucketEnergy(b: CounterBucket, prevLast: number | null): number {
  const base = prevLast === null ? b.first : Math.min(b.first, prevLast);
  const upToPeak = Math.max(0, b.max - base);
  const afterReset = b.last < b.max ? Math.max(0, b.last - b.min) : 0;
  return upToPeak + afterReset;
}

/** True when the bucket shows a reset (before or inside it): what the readings table counts. */
export function hasReset(b: CounterBucket, prevLast: number | null): boolean {
  return (prevLast !== null && b.first < prevLast) || b.last < b.max;
}

/**
 * SQL twin of bucketEnergy over columns first/last/min/max and `p` (previous last, or first when there is
 * none). Kept next to the TypeScript; counterEnergy.int.test.ts runs both on the same buckets so they cannot drift apart.
 */
export const ENERGY_SQL = `greatest(0, max - least(first, p)) + CASE WHEN last < max THEN greatest(0, last - min) ELSE 0 END`;
export const RESET_SQL = `CASE WHEN first < p OR last < max THEN 1 ELSE 0 END`;

/** Percentage change (percentChange in @gridops/format), rounded for the wire; null against a zero or missing base. */
export function pctChange(value: number | null, base: number | null): number | null {
  const change = percentChange(value, base);
  return change === null ? null : round(change, 2);
}

/** Rounds for the wire: energies to 3 decimals (Wh), so sums of many buckets do not carry float noise. */
export const round = (v: number, digits = 3) => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};

/** Ratio as a percentage (percentOf in @gridops/format), rounded for the wire; null when the denominator is zero. */
export const ratioPct = (num: number, den: number): number | null => {
  const share = percentOf(num, den);
  return share === null ? null : round(share, 2);
};
