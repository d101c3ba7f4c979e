import type { Granularity, ResolvedRange, StatPeriod } from '@gridops/contract';
import { ErrorCode } from '@gridops/contract';
import { AppError } from '../../lib/errors.js';

/**
 * Period pickers → date ranges and buckets. All dates are Asia/Shanghai calendar dates (the rollup_daily
 * zone; China has one time zone and no daylight saving, so local midnight is always 16:00 UTC the day before).
 */
export const ZONE = 'Asia/Shanghai';
const OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;
export const MAX_CUSTOM_DAYS = 400;

export interface ResolvedPeriod {
  period: StatPeriod;
  granularity: Granularity;
  range: ResolvedRange;
  mom: ResolvedRange;
  yoy: ResolvedRange;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const ymd = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const parts = (date: string) => date.split('-').map(Number) as [number, number, number];
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** Today's local date. */
export const localToday = (now = new Date()) =>
  new Date(now.getTime() + OFFSET_MS).toISOString().slice(0, 10);

/** Local midnight starting `date`, as an instant. */
export const dayStart = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - OFFSET_MS);
/** The instant just after `date` ends (exclusive bound). */
export const dayEnd = (date: string) => new Date(dayStart(date).getTime() + DAY_MS);

export const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

function validDate(date: string, field: string) {
  const [y, m, d] = parts(date);
  if (!(m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m))) {
    throw new AppError(
      ErrorCode.Validation,
      { zh: `${field} 不是有效日期：${date}`, en: `${field} is not a valid date: ${date}` },
      field,
    );
  }
}

/** The month `n` months from (y, m), as [year, month]. */
function shiftMonth(y: number, m: number, n: number): [number, number] {
  const i = y * 12 + (m - 1) + n;
  return [Math.floor(i / 12), (i % 12) + 1];
}

const monthRange = (y: number, m: number): ResolvedRange => ({
  from: ymd(y, m, 1),
  to: ymd(y, m, daysInMonth(y, m)),
});
const yearRange = (y: number): ResolvedRange => ({ from: ymd(y, 1, 1), to: ymd(y, 12, 31) });

/** The same dates one year earlier; 29 February falls back to the 28th. */
function yearEarlier(date: string): string {
  const [y, m, d] = parts(date);
  return ymd(y - 1, m, Math.min(d, daysInMonth(y - 1, m)));
}

export function resolvePeriod(
  q: { period: StatPeriod; date?: string | undefined; from?: string | undefined; to?: string | undefined },
  now = new Date(),
): ResolvedPeriod {
  const anchor = q.date ?? localToday(now);
  validDate(anchor, 'date');
  const [y, m] = parts(anchor);
  switch (q.period) {
    case 'day': {
      const prev = addDays(anchor, -1);
      return {
        period: 'day',
        granularity: 'hour',
        range: { from: anchor, to: anchor },
        mom: { from: prev, to: prev },
        yoy: { from: yearEarlier(anchor), to: yearEarlier(anchor) },
      };
    }
    case 'month': {
      const [py, pm] = shiftMonth(y, m, -1);
      return {
        period: 'month',
        granularity: 'day',
        range: monthRange(y, m),
        mom: monthRange(py, pm),
        yoy: monthRange(y - 1, m),
      };
    }
    case 'year':
      return {
        period: 'year',
        granularity: 'month',
        range: yearRange(y),
        mom: yearRange(y - 1),
        yoy: yearRange(y - 1),
      };
    case 'custom': {
      if (!q.from || !q.to) {
        const field = q.from ? 'to' : 'from';
        throw new AppError(
          ErrorCode.Validation,
          { zh: `自定义时段需要 ${field}`, en: `A custom range needs ${field}` },
          field,
        );
      }
      validDate(q.from, 'from');
      validDate(q.to, 'to');
      const days = daysBetween(q.from, q.to);
      if (days < 1)
        throw new AppError(
          ErrorCode.Validation,
          { zh: 'to 不能早于 from', en: 'to must not be before from' },
          'to',
        );
      if (days > MAX_CUSTOM_DAYS) {
        throw new AppError(
          ErrorCode.Validation,
          {
            zh: `自定义时段最多 ${MAX_CUSTOM_DAYS} 天`,
            en: `A custom range spans at most ${MAX_CUSTOM_DAYS} days`,
          },
          'to',
        );
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

/** Bucket keys of a range at a granularity, in order: 'YYYY-MM-DD HH:00', 'YYYY-MM-DD', 'YYYY-MM' or 'YYYY'. */
export function bucketKeys(range: ResolvedRange, granularity: Granularity): string[] {
  const keys: string[] = [];
  const days = daysBetween(range.from, range.to);
  if (granularity === 'hour') {
    for (let i = 0; i < days; i++) {
      const d = addDays(range.from, i);
      for (let h = 0; h < 24; h++) keys.push(`${d} ${pad(h)}:00`);
    }
  } else if (granularity === 'day') {
    for (let i = 0; i < days; i++) keys.push(addDays(range.from, i));
  } else if (granularity === 'month') {
    const [fy, fm] = parts(range.from);
    const [ty, tm] = parts(range.to);
    for (let [yy, mm] = [fy, fm]; yy * 12 + mm <= ty * 12 + tm; [yy, mm] = shiftMonth(yy, mm, 1))
      keys.push(`${yy}-${pad(mm)}`);
  } else {
    for (let yy = parts(range.from)[0]; yy <= parts(range.to)[0]; yy++) keys.push(String(yy));
  }
  return keys;
}

/** The period (day/month/year) containing `date`, for overviews. */
export const dayOf = (date: string): ResolvedRange => ({ from: date, to: date });
export const monthOf = (date: string): ResolvedRange => monthRange(parts(date)[0], parts(date)[1]);
export const yearOf = (date: string): ResolvedRange => yearRange(parts(date)[0]);
/** Clips a range's end to `date` (overviews count the year or month so far). */
export const upTo = (r: ResolvedRange, date: string): ResolvedRange => ({
  from: r.from,
  to: r.to < date ? r.to : date,
});
