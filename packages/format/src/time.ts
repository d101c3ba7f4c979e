import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { EMPTY_TEXT, isEmptyValue, normalizeLang } from './lang.js';
import type { Lang } from './lang.js';
import { DAY_MS, zoneOffsetMinutes } from './siteClock.js';

// The utc plugin only adds methods (`dayjs.utc`), it changes no existing dayjs behaviour.
dayjs.extend(utc);

/**
 * Anything the time formatters accept: epoch timestamps (number or numeric string, seconds or milliseconds,
 * see {@link toMillis}), `Date` objects, and date strings dayjs can parse (ISO 8601; a string without an
 * offset such as `'2024-05-01 08:00'` is read in the runtime's local time zone). Empty values render as '-'.
 */
export type TimeInput = number | string | Date | null | undefined;

/** Default pattern of {@link formatDate} (spec §9). */
export const DEFAULT_DATE_PATTERN = 'YYYY-MM-DD HH:mm:ss';
/** Pattern {@link formatRelative} uses past 15 days when the value is in the same year as `now`. */
export const SAME_YEAR_PATTERN = 'MM-DD';
/** Pattern {@link formatRelative} uses past 15 days when the value is in another year than `now`. */
export const OTHER_YEAR_PATTERN = 'YYYY-MM-DD';

/** Largest |ms| a JavaScript Date can hold. */
const MAX_MS = 8.64e15;
const NUMERIC_STRING = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/**
 * Time-zone option shared by the date formatters.
 *
 * Without `tz`, dates are formatted in the runtime's local time zone (the browser's in the web app, the
 * server process's `TZ` on the server). With `tz`, they are formatted at that fixed UTC offset, in
 * **minutes east of UTC** (`60` = UTC+1; `-300` = UTC-5). Following dayjs, a value
 * strictly between -16 and 16 is read as hours (`-5` = UTC-5). A fixed offset has no daylight-saving rules,
 * and the result does not depend on the runtime's zone. A string is an IANA zone (a site's
 * `projects.timezone`, e.g. 'Europe/Berlin'): its offset at each instant, daylight saving included (see
 * siteClock.ts). Pattern tokens `Z`/`ZZ` print the offset used.
 */
export interface TimeZoneOptions {
  tz?: number | string;
}

/**
 * Converts a timestamp to epoch milliseconds, or `null` when empty or invalid.
 *
 * - Numbers and numeric strings: if the integer part of the absolute value has **exactly 13 digits** it is
 *   milliseconds; any other length (10 digits today, but also 12, 14, 1…) is seconds (spec §9). So
 *   `1700000000` and `'1700000000'` are seconds, `1700000000000` is milliseconds, `170000000000`
 *   (12 digits) is seconds. Fractional seconds are kept; the result is rounded to a whole millisecond.
 * - `Date`: its time value. Other strings: parsed by dayjs (see {@link TimeInput}).
 * - Empty values, unparsable strings, invalid dates and results outside the Date range give `null`.
 */
export function toMillis(value: TimeInput): number | null {
  if (isEmptyValue(value)) return null;
  let ms: number;
  if (value instanceof Date) {
    ms = value.getTime();
  } else if (typeof value === 'number' || NUMERIC_STRING.test(value.trim())) {
    const n = typeof value === 'number' ? value : Number(value.trim());
    if (!Number.isFinite(n)) return null;
    const digits = String(Math.trunc(Math.abs(n))).length;
    ms = Math.round(digits === 13 ? n : n * 1000);
  } else {
    ms = dayjs(value.trim()).valueOf();
  }
  if (!Number.isFinite(ms) || Math.abs(ms) > MAX_MS) return null;
  return ms === 0 ? 0 : ms;
}

/** dayjs's own format tokenizer (dayjs/esm/constant.js REGEX_FORMAT); brackets are literal text. */
const FORMAT_TOKENS = /\[([^\]]+)]|YYYY|YY|M{1,4}|D{1,2}|d{1,4}|H{1,2}|h{1,2}|a|A|m{1,2}|s{1,2}|Z{1,2}|SSS/g;

type Tz = number | string | undefined;

/** True when `tz` names a zone or a usable offset (otherwise the runtime's local zone applies). */
const hasZone = (tz: Tz): tz is number | string => (typeof tz === 'string' ? tz !== '' : tz !== undefined && Number.isFinite(tz));

/**
 * Normalises a `tz` option to minutes east of UTC at the instant `ms` (dayjs convention: |tz| < 16 means
 * hours; an IANA name gives that zone's offset then).
 */
function offsetMinutes(tz: number | string, ms: number): number {
  if (typeof tz === 'string') return zoneOffsetMinutes(ms, tz);
  return Math.abs(tz) < 16 ? tz * 60 : tz;
}

function offsetText(minutes: number, separator: string): string {
  const abs = Math.abs(Math.round(minutes));
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${hh}${separator}${mm}`;
}

/**
 * A dayjs whose calendar fields are those of `ms` in the display zone. For a fixed offset the instant is
 * shifted and read in UTC mode, so the result never depends on the runtime zone's history or DST rules
 * (dayjs's `utcOffset()` goes through local time and is off around DST and historical offset changes).
 */
function fields(ms: number, tz: Tz): Dayjs {
  return hasZone(tz) ? dayjs.utc(ms + offsetMinutes(tz, ms) * 60_000) : dayjs(ms);
}

function format(ms: number, pattern: string, tz: Tz): string {
  if (!hasZone(tz)) return dayjs(ms).format(pattern);
  const minutes = offsetMinutes(tz, ms);
  // In UTC mode dayjs would print the zone tokens as +00:00, so they become literal offsets first.
  const fixed = pattern.replace(FORMAT_TOKENS, (token) =>
    token === 'Z' ? `[${offsetText(minutes, ':')}]` : token === 'ZZ' ? `[${offsetText(minutes, '')}]` : token,
  );
  return fields(ms, tz).format(fixed);
}

/**
 * Formats a time with a dayjs pattern (default `'YYYY-MM-DD HH:mm:ss'`); empty or invalid values give '-'.
 * Timestamps follow {@link toMillis}; the zone follows {@link TimeZoneOptions}. Text in `[brackets]` is
 * literal, as in dayjs.
 */
export function formatDate(
  value: TimeInput,
  pattern: string = DEFAULT_DATE_PATTERN,
  options: TimeZoneOptions = {},
): string {
  const ms = toMillis(value);
  if (ms === null) return EMPTY_TEXT;
  return format(ms, pattern, options.tz);
}

export interface RelativeTimeOptions extends TimeZoneOptions {
  /** The reference "now" (anything {@link toMillis} accepts). Default `Date.now()`; pass it in tests. */
  now?: TimeInput;
  /** Display language, default `'zh'`. Locale strings such as `'en-US'` are accepted (see normalizeLang). */
  lang?: Lang;
}

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** Last whole-day count still shown as "N days ago". */
export const RELATIVE_MAX_DAYS = 15;

const WORDS: Record<
  Lang,
  { justNow: string; min: (n: number) => string; hour: (n: number) => string; day: (n: number) => string }
> = {
  zh: {
    justNow: '刚刚',
    min: (n) => `${n}分钟前`,
    hour: (n) => `${n}小时前`,
    day: (n) => `${n}天前`,
  },
  en: {
    justNow: 'just now',
    min: (n) => `${n} min ago`,
    hour: (n) => `${n} h ago`,
    day: (n) => (n === 1 ? '1 day ago' : `${n} days ago`),
  },
};

/**
 * Formats how long ago `value` was, relative to `options.now` (default `Date.now()`) — spec §9.
 *
 * With `elapsed = now - value`, counted in whole units (floored, fixed 24-hour days, not calendar days):
 * | elapsed                     | zh          | en                         |
 * |-----------------------------|-------------|----------------------------|
 * | -60 s < elapsed < 60 s      | 刚刚        | just now                   |
 * | 60 s ≤ elapsed < 60 min     | N分钟前     | N min ago                  |
 * | 60 min ≤ elapsed < 24 h     | N小时前     | N h ago                    |
 * | 24 h ≤ elapsed < 16 days    | N天前       | 1 day ago / N days ago     |
 * | otherwise, same year as now | MM-DD       | MM-DD                      |
 * | otherwise                   | YYYY-MM-DD  | YYYY-MM-DD                 |
 *
 * So 59 s is "just now", 60 s is "1 min"; 15 days 23 h is still "15 days ago", 16 days shows the date.
 * Values less than a minute in the future (clock skew) are "just now"; further in the future they show the
 * date like old values. "Same year" compares calendar years in the display zone ({@link TimeZoneOptions}).
 * Empty or invalid `value` gives '-'; an invalid `now` falls back to `Date.now()`.
 */
export function formatRelative(value: TimeInput, options: RelativeTimeOptions = {}): string {
  const ms = toMillis(value);
  if (ms === null) return EMPTY_TEXT;
  const now = (options.now === undefined ? null : toMillis(options.now)) ?? Date.now();
  const words = WORDS[normalizeLang(options.lang)];
  const elapsed = now - ms;
  if (elapsed > -MINUTE_MS && elapsed < MINUTE_MS) return words.justNow;
  if (elapsed > 0) {
    if (elapsed < HOUR_MS) return words.min(Math.floor(elapsed / MINUTE_MS));
    if (elapsed < DAY_MS) return words.hour(Math.floor(elapsed / HOUR_MS));
    const days = Math.floor(elapsed / DAY_MS);
    if (days <= RELATIVE_MAX_DAYS) return words.day(days);
  }
  const sameYear = fields(ms, options.tz).year() === fields(now, options.tz).year();
  return format(ms, sameYear ? SAME_YEAR_PATTERN : OTHER_YEAR_PATTERN, options.tz);
}
