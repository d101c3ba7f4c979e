import type { Quality } from '@gridops/contract';

/** A sample is fresh while younger than this many publish intervals (tolerates two lost messages). */
export const FRESH_INTERVALS = 3;

/**
 * fresh / stale / offline of a latest value: offline when the gateway is offline (or the device has none) or
 * nothing was ever reported; stale when older than FRESH_INTERVALS × the device's publish interval.
 */
export function qualityOf(ts: Date | null, now: number, intervalMs: number, gatewayOnline: boolean | null): Quality {
  if (!gatewayOnline || !ts) return 'offline';
  return now - ts.getTime() <= FRESH_INTERVALS * intervalMs ? 'fresh' : 'stale';
}

/** The device's publish interval: props.interval_s when configured, else the site default. */
export function intervalOf(props: Record<string, unknown>, defaultMs: number): number {
  const s = props.interval_s;
  return typeof s === 'number' && s > 0 ? s * 1000 : defaultMs;
}
