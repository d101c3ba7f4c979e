import type { ChangeReason } from '@gridops/contract';
import { runtimeZone, siteNow as siteNowAt } from '@gridops/format';
import { changePct } from '../../shared/stats';
import type { PeriodValue } from '../../shared/stats';

/** The fields of a `by_month` entry both carbon answers share (site entries also split by energy type). */
export interface MonthInput {
  month: string;
  total_kg: number;
  avoided_kg: number;
  emissions_kg?: { power: number; gas: number; heat: number; water: number };
  /**
   * Server-computed changes (site carbon): the base values in kg, the percentages and why one is null
   * (docs/energy-model.md "Comparisons"). Absent (centre carbon): computed here from the two years.
   */
  mom_value?: number | null;
  yoy_value?: number | null;
  mom_pct?: number | null;
  yoy_pct?: number | null;
  mom_reason?: ChangeReason | null;
  yoy_reason?: ChangeReason | null;
}

/** One table row, in tonnes CO2 (the display unit; 万吨 above 10000 t per spec §9). */
export interface CarbonMonthRow {
  key: string;
  month: string;
  power: number | null;
  gas: number | null;
  heat: number | null;
  total: number | null;
  avoided: number | null;
  net: number | null;
  /** Previous month (December of the year before for January) and the same month a year earlier. */
  prevMonth: number | null;
  momPct: number | null;
  lastYear: number | null;
  yoyPct: number | null;
  momReason: ChangeReason | null;
  yoyReason: ChangeReason | null;
}

/** Kilograms to tonnes, unrounded: the cells round once, as the API's own value would be rounded. Rounding to the
 *  kilogram first rounded twice, so 5 743 735.4 kg showed as 5 743.73 t where the value is 5 743.74 t. */
export const kgToT = (kg: number | null | undefined): number | null =>
  typeof kg === 'number' && Number.isFinite(kg) ? kg / 1000 : null;

const prevMonthKey = (m: string): string => {
  const [y, mo] = m.split('-').map(Number) as [number, number];
  return mo === 1 ? `${y - 1}-12` : `${y}-${String(mo - 1).padStart(2, '0')}`;
};
const lastYearKey = (m: string): string => `${Number(m.slice(0, 4)) - 1}${m.slice(4)}`;

/**
 * Month rows of a year with MoM and YoY. `previous` is the year before (null while loading or unavailable:
 * January's MoM and every YoY are then '-'). Months after `thisMonth` (YYYY-MM) have not happened: their
 * zeros are shown as '-' rather than as a 100 % drop.
 */
export function carbonMonthRows(
  current: readonly MonthInput[],
  previous: readonly MonthInput[] | null,
  thisMonth: string,
): CarbonMonthRow[] {
  const totals = new Map<string, number>();
  for (const m of [...(previous ?? []), ...current]) totals.set(m.month, m.total_kg);
  return current.map((m) => {
    const future = m.month > thisMonth;
    const total = future ? null : kgToT(m.total_kg);
    const server = m.mom_pct !== undefined;
    const prevMonth = kgToT(server ? m.mom_value : totals.get(prevMonthKey(m.month)));
    const lastYear = kgToT(server ? m.yoy_value : totals.get(lastYearKey(m.month)));
    const avoided = future ? null : kgToT(m.avoided_kg);
    return {
      key: m.month,
      month: m.month,
      power: future ? null : kgToT(m.emissions_kg?.power),
      gas: future ? null : kgToT(m.emissions_kg?.gas),
      heat: future ? null : kgToT(m.emissions_kg?.heat),
      total,
      avoided,
      net: total === null || avoided === null ? null : total - avoided,
      prevMonth,
      momPct: future ? null : server ? (m.mom_pct ?? null) : changePct(total, prevMonth),
      lastYear,
      yoyPct: future ? null : server ? (m.yoy_pct ?? null) : changePct(total, lastYear),
      momReason: future ? null : (m.mom_reason ?? null),
      yoyReason: future ? null : (m.yoy_reason ?? null),
    };
  });
}

export interface CarbonSummary {
  total: number | null;
  avoided: number | null;
  net: number | null;
  mom: { previous: number | null; pct: number | null; reason: ChangeReason | null } | null;
  yoy: { previous: number | null; pct: number | null; reason: ChangeReason | null };
}

/**
 * The figures of the picked period: one month (with MoM and YoY from the rows) or the whole year (YoY against
 * the previous year's total, as the server's `yoy_pct`; a year has no separate MoM).
 */
export function carbonSummary(
  period: { period: 'month' | 'year'; date: string },
  year: { total_kg: number; avoided_kg: number; yoy_pct?: number | null; yoy_reason?: ChangeReason | null },
  previousYear: { total_kg: number } | null,
  rows: readonly CarbonMonthRow[],
): CarbonSummary {
  if (period.period === 'month') {
    const r = rows.find((x) => x.month === period.date.slice(0, 7));
    return {
      total: r?.total ?? null,
      avoided: r?.avoided ?? null,
      net: r?.net ?? null,
      mom: { previous: r?.prevMonth ?? null, pct: r?.momPct ?? null, reason: r?.momReason ?? null },
      yoy: { previous: r?.lastYear ?? null, pct: r?.yoyPct ?? null, reason: r?.yoyReason ?? null },
    };
  }
  const total = kgToT(year.total_kg);
  const avoided = kgToT(year.avoided_kg);
  const prev = previousYear && previousYear.total_kg > 0 ? kgToT(previousYear.total_kg) : null;
  return {
    total,
    avoided,
    net: total === null || avoided === null ? null : total - avoided,
    mom: null,
    // The site answer carries the server's YoY (with the coverage rule); the centre's is computed here.
    yoy:
      year.yoy_pct !== undefined
        ? { previous: prev, pct: year.yoy_pct, reason: year.yoy_reason ?? null }
        : { previous: prev, pct: changePct(total, prev), reason: null },
  };
}

/** Carbon is kept per month: the picker offers month and year, and anything else is read as its month. */
export function monthOrYear(v: PeriodValue): { period: 'month' | 'year'; date: string } {
  if (v.period === 'custom') return { period: 'month', date: v.to };
  return { period: v.period === 'year' ? 'year' : 'month', date: v.date };
}

/** Wall-clock "now" on the site's clock (its zone: projects.timezone) as `YYYY-MM-DD HH:mm`; bucket keys use it. */
export function siteNow(zone: string | undefined, nowMs: number = Date.now()): string {
  return siteNowAt(zone ?? runtimeZone(), nowMs);
}

/**
 * Bucket values with the buckets that have not begun yet set to null: the server answers 0 for them, which a
 * chart would draw as a collapse. Keys are `YYYY-MM-DD HH:mm`, `YYYY-MM-DD` or `YYYY-MM` (site-local).
 */
export function maskFuture(
  keys: readonly string[],
  values: readonly number[],
  now: string,
): (number | null)[] {
  return keys.map((k, i) => (k > now.slice(0, k.length) ? null : (values[i] ?? null)));
}
