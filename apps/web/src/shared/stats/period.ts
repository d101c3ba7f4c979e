import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';

/**
 * The period model of the statistics pages. It mirrors the contract's `periodQuery` (energyStats):
 * `day`/`month`/`year` anchored at any date inside the period, or `custom` from/to inclusive. Dates are
 * site-local calendar dates `YYYY-MM-DD`, so no time zone is involved here.
 */
export type StatPeriod = 'day' | 'month' | 'year' | 'custom';
export type Granularity = 'hour' | 'day' | 'month';

export type PeriodValue =
  { period: 'day' | 'month' | 'year'; date: string } | { period: 'custom'; from: string; to: string };

export interface DateRange {
  from: string;
  to: string;
}

export const DATE_FORMAT = 'YYYY-MM-DD';
/** The server refuses custom ranges longer than this (contract: at most 400 days). */
export const CUSTOM_MAX_DAYS = 400;
export const ALL_PERIODS: readonly StatPeriod[] = ['day', 'month', 'year', 'custom'];

const unitOf = { day: 'day', month: 'month', year: 'year' } as const;
// YYYY-MM-DD is ISO, which dayjs parses as a local calendar date without the customParseFormat plugin.
const day = (s: string): Dayjs => dayjs(s);
const fmt = (d: Dayjs): string => d.format(DATE_FORMAT);

/** A period of the given kind around `today` (a custom period starts as the last 7 days). */
export function defaultPeriod(period: StatPeriod = 'day', today: Dayjs = dayjs()): PeriodValue {
  if (period === 'custom') return { period, from: fmt(today.subtract(6, 'day')), to: fmt(today) };
  return { period, date: fmt(today) };
}

/** Switching kind keeps the anchor date (a custom range is anchored at its end). */
export function changeKind(value: PeriodValue, period: StatPeriod): PeriodValue {
  const anchor = value.period === 'custom' ? day(value.to) : day(value.date);
  if (period === value.period) return value;
  if (period !== 'custom') return { period, date: fmt(anchor) };
  const unit = value.period === 'custom' ? 'day' : unitOf[value.period];
  return { period, from: fmt(anchor.startOf(unit)), to: fmt(anchor.endOf(unit)) };
}

/** Inclusive first and last calendar day of the period. */
export function periodRange(value: PeriodValue): DateRange {
  if (value.period === 'custom') return { from: value.from, to: value.to };
  const d = day(value.date);
  const unit = unitOf[value.period];
  return { from: fmt(d.startOf(unit)), to: fmt(d.endOf(unit)) };
}

/** Bucket size of the period's series (what the server answers with). */
export function granularityOf(period: StatPeriod): Granularity {
  return period === 'day' ? 'hour' : period === 'year' ? 'month' : 'day';
}

/** The query fields of the contract's `periodQuery`. */
export function toPeriodQuery(value: PeriodValue): {
  period: StatPeriod;
  date?: string;
  from?: string;
  to?: string;
} {
  return value.period === 'custom'
    ? { period: 'custom', from: value.from, to: value.to }
    : { period: value.period, date: value.date };
}

const daysIn = (r: DateRange): number => day(r.to).diff(day(r.from), 'day') + 1;

/** The period `steps` periods later (negative: earlier); a custom range moves by its own length. */
export function shiftPeriod(value: PeriodValue, steps: number): PeriodValue {
  if (value.period !== 'custom')
    return { period: value.period, date: fmt(day(value.date).add(steps, unitOf[value.period])) };
  const n = daysIn(value) * steps;
  return { period: 'custom', from: fmt(day(value.from).add(n, 'day')), to: fmt(day(value.to).add(n, 'day')) };
}

/**
 * The range a comparison is made against: `mom` the same-length period just before, `yoy` the same period
 * one year earlier (the server's `mom_range`/`yoy_range`; 29 Feb maps to 28 Feb).
 */
export function comparisonRange(value: PeriodValue, kind: 'mom' | 'yoy'): DateRange {
  if (kind === 'mom') return periodRange(shiftPeriod(value, -1));
  const r = periodRange(value);
  if (value.period === 'month' || value.period === 'year')
    return periodRange({ period: value.period, date: fmt(day(r.from).subtract(1, 'year')) });
  return { from: fmt(day(r.from).subtract(1, 'year')), to: fmt(day(r.to).subtract(1, 'year')) };
}

/** Short display form: `2024-05-01`, `2024-05`, `2024`, `2024-05-01 ~ 2024-05-10`. */
export function periodLabel(value: PeriodValue): string {
  if (value.period === 'custom') return `${value.from} ~ ${value.to}`;
  const d = day(value.date);
  return value.period === 'day' ? fmt(d) : value.period === 'month' ? d.format('YYYY-MM') : d.format('YYYY');
}

/** Whether a custom range is usable: ordered and at most {@link CUSTOM_MAX_DAYS} days. */
export function isValidRange(r: DateRange): boolean {
  return (
    day(r.from).isValid() &&
    day(r.to).isValid() &&
    !day(r.to).isBefore(day(r.from)) &&
    daysIn(r) <= CUSTOM_MAX_DAYS
  );
}

/** True when `next` would start after `today` (the pickers do not go into the future). */
export function isFuturePeriod(value: PeriodValue, today: Dayjs = dayjs()): boolean {
  return day(periodRange(value).from).isAfter(today, 'day');
}
