/**
 * The one rule for percentages shown anywhere (server `mom_pct`/`yoy_pct`/loss rates, web comparisons).
 *
 * Change against a base: (current − base) / |base| × 100. A missing, zero or non-finite base gives null (the
 * console shows '-'), never ±Infinity; the base's absolute value is used so a negative base (net export) still
 * reads "went up" when the value rose. Not rounded: each side rounds for its own purpose.
 */
export function percentChange(current: number | null, base: number | null): number | null {
  if (current === null || base === null || !Number.isFinite(current) || !Number.isFinite(base) || base === 0) return null;
  return ((current - base) / Math.abs(base)) * 100;
}

/** Share of a whole as a percentage; null when the whole is not positive. Not rounded. */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? (part / whole) * 100 : null;
}
