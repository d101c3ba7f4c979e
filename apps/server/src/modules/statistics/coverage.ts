import type { ChangeReason } from '@gridops/contract';
import { pctChange } from './counterEnergy.js';
import { siteDayStart } from './periods.js';

/**
 * Honest comparisons (docs/energy-model.md, "Comparisons"): a MoM/YoY change is a number only when its base
 * period is fully covered by stored data, i.e. the base starts at or after the first stored reading of the
 * points it sums. A base that begins before the history reads 0 because nothing was recorded, not because
 * nothing was used: the change is then null with reason `base_not_covered`; a covered base of zero gives
 * null with `base_zero`.
 */
export interface Change {
  pct: number | null;
  reason: ChangeReason | null;
}

/** Start instant of a bucket key (`YYYY`, `YYYY-MM`, `YYYY-MM-DD` or `YYYY-MM-DD HH:00`, site-local). */
export function bucketStart(key: string, zone: string): Date {
  if (key.length === 4) return siteDayStart(`${key}-01-01`, zone);
  if (key.length === 7) return siteDayStart(`${key}-01`, zone);
  const day = siteDayStart(key.slice(0, 10), zone);
  if (key.length === 10) return day;
  // Hours counted from the day's start (off by the shift on a DST day; a base hour is never that close to the history start).
  return new Date(day.getTime() + Number(key.slice(11, 13)) * 3_600_000);
}

/** End instant of a bucket key (the start of the next bucket of the same size, site-local). */
export function bucketEnd(key: string, zone: string): Date {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  if (key.length === 4) return bucketStart(pad(Number(key) + 1, 4), zone);
  if (key.length === 7) {
    const [y, m] = key.split('-').map(Number) as [number, number];
    return bucketStart(m === 12 ? `${pad(y + 1, 4)}-01` : `${pad(y, 4)}-${pad(m + 1)}`, zone);
  }
  if (key.length === 10) {
    const next = new Date(`${key}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    return bucketStart(next.toISOString().slice(0, 10), zone);
  }
  return new Date(bucketStart(key, zone).getTime() + 3_600_000);
}

/** The bucket under way at `now`: its change against a whole base period is not shown (reason `in_progress`). */
export function inProgress(key: string, zone: string, now: number): boolean {
  return bucketStart(key, zone).getTime() <= now && now < bucketEnd(key, zone).getTime();
}

/** The change of `value` against `base`, whose period starts at `baseStart`; `since` is the first reading. */
export function changeOf(value: number | null, base: number | null, baseStart: Date, since: Date | null): Change {
  if (since === null || baseStart.getTime() < since.getTime()) return { pct: null, reason: 'base_not_covered' };
  const pct = pctChange(value, base);
  return { pct, reason: pct === null ? 'base_zero' : null };
}

/**
 * The latest first reading of the given points: every one of them must cover the base. A point that has never
 * reported adds nothing to either period and is skipped; null when none has reported.
 */
export function coveredSince(first: Map<number, Date>, pointIds: (number | null)[]): Date | null {
  let since: Date | null = null;
  for (const id of pointIds) {
    const t = id === null ? undefined : first.get(id);
    if (t && (!since || t > since)) since = t;
  }
  return since;
}
