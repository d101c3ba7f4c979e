/**
 * The site clock: every site (project) keeps its own IANA time zone (`projects.timezone`), and its days,
 * months and years begin at its own local midnight. Server, simulator, web and bench all take local dates,
 * boundaries and "now at the site" from here, so nothing assumes one fixed offset. Pure Intl: the same code
 * runs in Node and in the browser, whatever the runtime's own zone is, and follows daylight saving (a local
 * day may last 23 or 25 hours).
 */

/** An IANA time zone name, e.g. 'Europe/Berlin'. */
export type SiteZone = string;

/**
 * The zone a new site gets when its form leaves it unset (the `projects.timezone` column default of migration
 * 0001). The only zone literal outside the seed and tests: code that lacks a site's zone never assumes this one
 * (the console falls back to the viewer's clock, the server to the site row it reads).
 */
export const DEFAULT_SITE_ZONE: SiteZone = 'Asia/Shanghai';

/** Wall-clock fields of an instant in a zone. */
export interface WallClock {
  year: number;
  /** 1 … 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
/** Milliseconds in a day of 24 hours (UTC arithmetic; a site's calendar day is siteDayStart/siteDayEnd). */
export const DAY_MS = 86_400_000;
/**
 * Offsets are cached per quarter of an hour: every zone's transitions fall on a whole quarter (most on the
 * hour), so one Intl lookup serves all instants of that quarter. The simulator asks once per sample. The cache
 * holds about three years of quarters per zone: the demo seed runs the simulator's model over 400 days of one
 * zone, and a smaller cache, cleared when full, missed on every lookup of such a run (one Intl call per sample).
 */
const SLOT_MS = 15 * MINUTE_MS;
const CACHE_LIMIT = 100_000;

const partsFormatters = new Map<SiteZone, Intl.DateTimeFormat>();
const offsetCaches = new Map<SiteZone, Map<number, number>>();

function partsFormatter(zone: SiteZone): Intl.DateTimeFormat {
  let f = partsFormatters.get(zone);
  if (!f) {
    // Throws a RangeError for a zone the runtime does not know: callers validate with isValidZone first.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormatters.set(zone, f);
  }
  return f;
}

/** The runtime's own zone (the browser's): the fallback when no site is known. */
export const runtimeZone = (): SiteZone => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** True when the runtime knows `zone` as an IANA time zone. */
export function isValidZone(zone: string): boolean {
  if (!zone) return false;
  try {
    partsFormatter(zone);
    return true;
  } catch {
    return false;
  }
}

function offsetByIntl(at: number, zone: SiteZone): number {
  const p: Record<string, number> = {};
  for (const part of partsFormatter(zone).formatToParts(at)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!);
  return Math.round((asUtc - Math.floor(at / 1000) * 1000) / MINUTE_MS);
}

/** Offset of `zone` from UTC at an instant, in minutes east (e.g. 60 for Europe/Berlin in winter). */
export function zoneOffsetMinutes(at: number | Date, zone: SiteZone): number {
  const ms = typeof at === 'number' ? at : at.getTime();
  const slot = Math.floor(ms / SLOT_MS);
  let cache = offsetCaches.get(zone);
  if (!cache) {
    cache = new Map();
    offsetCaches.set(zone, cache);
  }
  let offset = cache.get(slot);
  if (offset === undefined) {
    offset = offsetByIntl(ms, zone);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(slot, offset);
  }
  return offset;
}

/** The wall clock of `zone` at an instant. */
export function wallClock(at: number | Date, zone: SiteZone): WallClock {
  const ms = typeof at === 'number' ? at : at.getTime();
  const d = new Date(ms + zoneOffsetMinutes(ms, zone) * MINUTE_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    weekday: d.getUTCDay(),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYY-MM-DD' from its parts. */
export const ymd = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/**
 * Formats an instant as the site's wall clock. Tokens: YYYY MM DD HH mm ss, and Z for the offset (+01:00);
 * anything else is copied. Default 'YYYY-MM-DD HH:mm:ss'.
 */
export function formatInZone(at: number | Date, zone: SiteZone, pattern = 'YYYY-MM-DD HH:mm:ss'): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  const c = wallClock(ms, zone);
  const values: Record<string, string> = {
    YYYY: pad(c.year, 4),
    MM: pad(c.month),
    DD: pad(c.day),
    HH: pad(c.hour),
    mm: pad(c.minute),
    ss: pad(c.second),
    Z: offsetLabel(zoneOffsetMinutes(ms, zone)),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss|Z/g, (t) => values[t]!);
}

/** '+08:00', '-04:00', '+05:30'. */
export function offsetLabel(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** How a page names the site's zone next to its times: 'Europe/Berlin (UTC+01:00)' at that instant. */
export function zoneLabel(zone: SiteZone, at: number | Date = Date.now()): string {
  return `${zone} (UTC${offsetLabel(zoneOffsetMinutes(at, zone))})`;
}

/** ISO 8601 with the zone's offset at that instant, e.g. 2026-06-21T04:49:12+02:00. */
export const toZonedIso = (at: number | Date, zone: SiteZone) => formatInZone(at, zone, 'YYYY-MM-DDTHH:mm:ssZ');

/** The site's calendar date (YYYY-MM-DD) of an instant; default now. */
export const siteDate = (zone: SiteZone, at: number | Date = Date.now()) => formatInZone(at, zone, 'YYYY-MM-DD');

/** "Now at the site" as 'YYYY-MM-DD HH:mm', the form of hourly bucket keys. */
export const siteNow = (zone: SiteZone, at: number | Date = Date.now()) => formatInZone(at, zone, 'YYYY-MM-DD HH:mm');

/**
 * The instant the site's clock shows a wall time. A time skipped by a daylight-saving change (02:30 on the
 * spring day in Berlin) gives the first instant after the gap; a time shown twice gives the later instant.
 */
export function zonedInstant(zone: SiteZone, y: number, m: number, d: number, h = 0, min = 0): number {
  const naive = Date.UTC(y, m - 1, d, h, min);
  let t = naive - zoneOffsetMinutes(naive, zone) * MINUTE_MS;
  const o = zoneOffsetMinutes(t, zone);
  t = naive - o * MINUTE_MS;
  const c = wallClock(t, zone);
  const shown = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute);
  // Inside a gap the guess lands before it (its wall clock is earlier than asked): step over the gap.
  if (shown < naive) t += naive - shown;
  return t;
}

const parts = (date: string) => date.split('-').map(Number) as [number, number, number];

/** The instant the site's day `date` (YYYY-MM-DD) begins. */
export function siteDayStart(date: string, zone: SiteZone): Date {
  const [y, m, d] = parts(date);
  return new Date(zonedInstant(zone, y, m, d));
}

/** The instant just after the site's day `date` ends (exclusive bound): 23, 24 or 25 hours after its start. */
export const siteDayEnd = (date: string, zone: SiteZone): Date => siteDayStart(addDays(date, 1), zone);

// ---- Calendar arithmetic on local dates (no zone: a date is a date) ----

export const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

export const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** True for a real calendar date in the form YYYY-MM-DD. */
export function isValidDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const [y, m, d] = parts(date);
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/** The month `n` months from (y, m), as [year, month]. */
export function shiftMonth(y: number, m: number, n: number): [number, number] {
  const i = y * 12 + (m - 1) + n;
  return [Math.floor(i / 12), (i % 12) + 1];
}

/** A range of local dates, both ends included. */
export interface DateRange {
  from: string;
  to: string;
}

export const monthRange = (y: number, m: number): DateRange => ({ from: ymd(y, m, 1), to: ymd(y, m, daysInMonth(y, m)) });
export const yearRange = (y: number): DateRange => ({ from: ymd(y, 1, 1), to: ymd(y, 12, 31) });
/** The day, month and year containing `date`. */
export const dayOf = (date: string): DateRange => ({ from: date, to: date });
export const monthOf = (date: string): DateRange => monthRange(parts(date)[0], parts(date)[1]);
export const yearOf = (date: string): DateRange => yearRange(parts(date)[0]);
/** Clips a range's end to `date` (overviews count the year or month so far). */
export const upTo = (r: DateRange, date: string): DateRange => ({ from: r.from, to: r.to < date ? r.to : date });

/** The same date one year earlier; 29 February falls back to the 28th. */
export function yearEarlier(date: string): string {
  const [y, m, d] = parts(date);
  return ymd(y - 1, m, Math.min(d, daysInMonth(y - 1, m)));
}

/** The instants a range of the site's dates covers: [start of `from`, end of `to`). */
export const siteRangeInstants = (r: DateRange, zone: SiteZone) => ({ from: siteDayStart(r.from, zone), to: siteDayEnd(r.to, zone) });

// ---- Periods (the statistics pickers) ----

export type CalendarPeriod = 'day' | 'month' | 'year' | 'custom';
export type PeriodGranularity = 'hour' | 'day' | 'month' | 'year';

export interface ResolvedPeriod {
  period: CalendarPeriod;
  granularity: PeriodGranularity;
  range: DateRange;
  /** The previous period of the same length (month-on-month). */
  mom: DateRange;
  /** The same period one year earlier (year-on-year). */
  yoy: DateRange;
}

export interface PeriodQuery {
  period: CalendarPeriod;
  date?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export const MAX_CUSTOM_DAYS = 400;

/** A period query that cannot be resolved; `field` names the input, `message` says why in both languages. */
export class PeriodError extends Error {
  constructor(
    readonly field: 'date' | 'from' | 'to',
    readonly text: { zh: string; en: string },
  ) {
    super(text.en);
    this.name = 'PeriodError';
  }
}

function checkDate(date: string, field: 'date' | 'from' | 'to') {
  if (!isValidDate(date)) {
    throw new PeriodError(field, { zh: `${field} 不是有效日期：${date}`, en: `${field} is not a valid date: ${date}` });
  }
}

/**
 * A period picker's choice → its local date range, bucket granularity and comparison ranges. Without a
 * date, the period is the one containing today at the site (`siteDate(zone, now)`).
 */
export function resolvePeriod(q: PeriodQuery, zone: SiteZone, now: number | Date = Date.now()): ResolvedPeriod {
  const anchor = q.date ?? siteDate(zone, now);
  checkDate(anchor, 'date');
  const [y, m] = parts(anchor);
  switch (q.period) {
    case 'day': {
      const prev = addDays(anchor, -1);
      const yo = yearEarlier(anchor);
      return { period: 'day', granularity: 'hour', range: dayOf(anchor), mom: dayOf(prev), yoy: dayOf(yo) };
    }
    case 'month': {
      const [py, pm] = shiftMonth(y, m, -1);
      return { period: 'month', granularity: 'day', range: monthRange(y, m), mom: monthRange(py, pm), yoy: monthRange(y - 1, m) };
    }
    case 'year':
      return { period: 'year', granularity: 'month', range: yearRange(y), mom: yearRange(y - 1), yoy: yearRange(y - 1) };
    case 'custom': {
      if (!q.from || !q.to) {
        const field = q.from ? 'to' : 'from';
        throw new PeriodError(field, { zh: `自定义时段需要 ${field}`, en: `A custom range needs ${field}` });
      }
      checkDate(q.from, 'from');
      checkDate(q.to, 'to');
      const days = daysBetween(q.from, q.to);
      if (days < 1) throw new PeriodError('to', { zh: 'to 不能早于 from', en: 'to must not be before from' });
      if (days > MAX_CUSTOM_DAYS) {
        throw new PeriodError('to', {
          zh: `自定义时段最多 ${MAX_CUSTOM_DAYS} 天`,
          en: `A custom range spans at most ${MAX_CUSTOM_DAYS} days`,
        });
      }
      return {
        period: 'custom',
        granularity: 'day',
        range: { from: q.from, to: q.to },
        mom: { from: addDays(q.from, -days), to: addDays(q.from, -1) },
        yoy: { from: yearEarlier(q.from), to: yearEarlier(q.to) },
      };
    }
  }
}

/**
 * Bucket keys of a range at a granularity, in order: 'YYYY-MM-DD HH:00' (the site's wall-clock hours: 23 on
 * the spring daylight-saving day; on the autumn day the repeated hour is one key holding both), 'YYYY-MM-DD',
 * 'YYYY-MM' or 'YYYY'.
 */
export function bucketKeys(range: DateRange, granularity: PeriodGranularity, zone: SiteZone): string[] {
  const keys: string[] = [];
  if (granularity === 'hour') {
    const end = siteDayEnd(range.to, zone).getTime();
    for (let t = siteDayStart(range.from, zone).getTime(); t < end; t += HOUR_MS) {
      const key = `${formatInZone(t, zone, 'YYYY-MM-DD HH')}:00`;
      if (keys[keys.length - 1] !== key) keys.push(key);
    }
  } else if (granularity === 'day') {
    const days = daysBetween(range.from, range.to);
    for (let i = 0; i < days; i++) keys.push(addDays(range.from, i));
  } else if (granularity === 'month') {
    const [fy, fm] = parts(range.from);
    const [ty, tm] = parts(range.to);
    for (let [yy, mm] = [fy, fm]; yy * 12 + mm <= ty * 12 + tm; [yy, mm] = shiftMonth(yy, mm, 1)) keys.push(`${yy}-${pad(mm)}`);
  } else {
    for (let yy = parts(range.from)[0]; yy <= parts(range.to)[0]; yy++) keys.push(String(yy));
  }
  return keys;
}

/** 'UTC+8', 'UTC-4', 'UTC+5:30': the short mark a row carries when its site's clock is not the viewer's. */
export function shortOffsetLabel(minutes: number): string {
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? '-' : '+'}${Math.floor(abs / 60)}${abs % 60 ? `:${pad(abs % 60)}` : ''}`;
}

/**
 * A site's time in a list that mixes sites: the site's wall clock, with its offset appended where the viewer's
 * clock reads otherwise at that instant ('2026-11-28 08:25 (UTC+8)' for a viewer in UTC, no mark for one in
 * Shanghai). Without a site zone (not known yet) the viewer's clock, unmarked.
 */
export function formatSiteTimeFor(at: number | Date, siteZone: SiteZone | undefined, viewerZone: SiteZone, pattern = 'YYYY-MM-DD HH:mm:ss'): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  if (!siteZone) return formatInZone(ms, viewerZone, pattern);
  const site = zoneOffsetMinutes(ms, siteZone);
  const text = formatInZone(ms, siteZone, pattern);
  return site === zoneOffsetMinutes(ms, viewerZone) ? text : `${text} (${shortOffsetLabel(site)})`;
}
