import type { TariffPart, TouBand } from '@gridops/contract';
import { shareTable } from '../metering/tariff.js';
import type { TariffVersionRow } from '../metering/tariffRepository.js';

/**
 * Which tariff prices an hour (docs/energy-model.md, "Billing"): the one whose validity (site dates, inclusive)
 * holds the hour's site date; within it, the month's TOU bands split the local hour by minutes of overlap.
 */
export interface PreparedTariff {
  row: TariffVersionRow;
  /** month → local hour → band shares. */
  shares: Map<number, Map<TouBand, number>[]>;
  /** `${month}:${band}` → yuan/kWh. */
  price: Map<string, number>;
}

export const prepareTariff = (row: TariffVersionRow): PreparedTariff => ({
  row,
  shares: shareTable(row.rows.periods),
  price: new Map(row.rows.prices.map((p) => [`${p.month}:${p.band}`, p.price])),
});

/** A lookup site date → the tariff valid that day (undefined: none), memoised per date. */
export function tariffResolver(rows: TariffVersionRow[]): (day: string) => PreparedTariff | undefined {
  const prepared = rows.map(prepareTariff);
  const memo = new Map<string, PreparedTariff | undefined>();
  return (day) => {
    if (memo.has(day)) return memo.get(day);
    const t = prepared.find((p) => p.row.valid_from <= day && (p.row.valid_to === null || day <= p.row.valid_to));
    memo.set(day, t);
    return t;
  };
}

/** Band shares of local hour `hour` of a month under a tariff (empty: no tariff or no period). */
export const splitOf = (t: PreparedTariff | undefined, month: number, hour: number): Map<TouBand, number> | undefined =>
  t?.shares.get(month)?.[hour];

/** Average yuan/kWh of one local hour (band prices weighted by their minutes). */
export function hourRate(t: PreparedTariff | undefined, month: number, hour: number): number {
  const split = splitOf(t, month, hour);
  if (!t || !split) return 0;
  let r = 0;
  for (const [band, share] of split) r += share * (t.price.get(`${month}:${band}`) ?? 0);
  return r;
}

/** Site dates from `from` to `to`, both inclusive (YYYY-MM-DD strings, calendar arithmetic in UTC). */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** Days of the month of a site date. */
export const daysInMonth = (day: string) => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
};

/** The day after a site date. */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Tariff segments: the sorted dates where the valid tariff may change (every start, and the day after every
 * end). A day's segment is the number of boundaries at or before it; segment 0 precedes every tariff. The SQL
 * groups energy by segment, and `ofSegment` names the tariff of each.
 */
export function tariffSegments(rows: TariffVersionRow[], tariffOn: (day: string) => PreparedTariff | undefined) {
  const bounds = [...new Set(rows.flatMap((r) => (r.valid_to === null ? [r.valid_from] : [r.valid_from, nextDay(r.valid_to)])))].sort();
  return { bounds, ofSegment: (seg: number) => (seg === 0 ? undefined : tariffOn(bounds[seg - 1]!)) };
}

/** The site dates a bucket key covers ('YYYY', 'YYYY-MM', 'YYYY-MM-DD', 'YYYY-MM-DD HH:00'), clipped to [from, to]. */
export function bucketDates(key: string, from: string, to: string): { from: string; to: string } {
  let a: string;
  let b: string;
  if (key.length === 4) [a, b] = [`${key}-01-01`, `${key}-12-31`];
  else if (key.length === 7) [a, b] = [`${key}-01`, `${key}-${String(daysInMonth(`${key}-01`)).padStart(2, '0')}`];
  else [a, b] = [key.slice(0, 10), key.slice(0, 10)];
  return { from: a < from ? from : a, to: b > to ? to : b };
}

/**
 * The tariffs that price site dates [from, to], each with the part of the range it covers (oldest first): what
 * the expense report and the monthly report print next to a period (issue 26 item 3).
 */
export function tariffParts(rows: TariffVersionRow[], from: string, to: string): TariffPart[] {
  return [...rows]
    .sort((x, y) => x.valid_from.localeCompare(y.valid_from))
    .flatMap((r) => {
      const a = r.valid_from > from ? r.valid_from : from;
      const b = r.valid_to !== null && r.valid_to < to ? r.valid_to : to;
      if (a > b) return [];
      return [{ tariff_id: r.id, name: r.name, name_en: r.name_en, version: r.version, valid_from: r.valid_from, valid_to: r.valid_to, from: a, to: b }];
    });
}
