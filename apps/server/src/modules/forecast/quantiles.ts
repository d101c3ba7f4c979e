/** Quantile of a sample by linear interpolation between order statistics (type 7, as numpy and R default). */
export function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const pos = (s.length - 1) * Math.min(1, Math.max(0, q));
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo]! + (s[hi]! - s[lo]!) * (pos - lo);
}

/** A forecast value with its band: P10, P50 (median) and P90. */
export interface Band {
  p10: number;
  p50: number;
  p90: number;
}

export const scaleBand = (b: Band, k: number): Band => ({ p10: b.p10 * k, p50: b.p50 * k, p90: b.p90 * k });
