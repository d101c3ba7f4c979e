import { siteDayStart } from '@gridops/format';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';

/** Range presets of the history pages. `today` starts at local midnight; the others are rolling windows. */
export const RANGE_PRESETS = ['today', '24h', '7d', '30d', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export interface TimeRange {
  from: Dayjs;
  to: Dayjs;
}

/** The server's history limit (contract HISTORY_MAX_DAYS). */
export const MAX_RANGE_DAYS = 366;

/** from/to of a preset at `now`; `custom` keeps the given range (or the last 24 h when there is none). */
export function presetRange(preset: RangePreset, now: Dayjs = dayjs(), custom?: TimeRange): TimeRange {
  switch (preset) {
    case 'today':
      return { from: now.startOf('day'), to: now };
    case '24h':
      return { from: now.subtract(24, 'hour'), to: now };
    case '7d':
      return { from: now.subtract(7, 'day'), to: now };
    case '30d':
      return { from: now.subtract(30, 'day'), to: now };
    case 'custom':
      return custom ?? { from: now.subtract(24, 'hour'), to: now };
  }
}

/** Why a range cannot be asked for, or null when it can: empty/reversed, or longer than `maxDays`. */
export function rangeProblem(r: TimeRange, maxDays = MAX_RANGE_DAYS): 'order' | 'tooLong' | null {
  if (!r.to.isAfter(r.from)) return 'order';
  if (r.to.diff(r.from, 'millisecond') > maxDays * 86_400_000) return 'tooLong';
  return null;
}

/** ISO strings with offset, what the contract's `z.iso.datetime({ offset: true })` accepts. */
export const toIso = (r: TimeRange) => ({ from: r.from.toISOString(), to: r.to.toISOString() });

/** Midnight starting the calendar day `day` shows, at the site (its zone) or, without one, in the browser. */
const midnight = (day: Dayjs, zone: string | undefined) =>
  zone ? dayjs(siteDayStart(day.format('YYYY-MM-DD'), zone)) : day.startOf('day');

/**
 * Calendar days [first, last] inclusive → [from, to) instants: the statistics and analysis APIs take instants,
 * the pickers give days. With the site's zone, the days are the site's (its midnights), whatever the
 * browser's zone.
 */
export function dayRange(first: Dayjs, last: Dayjs, zone?: string): TimeRange {
  return { from: midnight(first, zone), to: midnight(last.add(1, 'day'), zone) };
}

/** Whole months [first, last] inclusive → [from, to), the site's months when its zone is given. */
export function monthRange(first: Dayjs, last: Dayjs, zone?: string): TimeRange {
  return { from: midnight(first.startOf('month'), zone), to: midnight(last.startOf('month').add(1, 'month'), zone) };
}
