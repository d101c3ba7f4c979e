import { ErrorCode, TOU_BANDS, type TariffMonth, type TouBand } from '@gridops/contract';
import { AppError } from '../../lib/errors.js';

/**
 * Time-of-use tariffs (docs/energy-model.md, "Tariffs"). A month's periods must cover the local day exactly
 * once; a period whose end is at or before its start crosses midnight (22:00–06:00). Energy of an hour is
 * split between bands by minutes of overlap, so half-hour boundaries are priced right with hourly rollups.
 */
export interface PeriodRow {
  month: number;
  band: TouBand;
  start_min: number;
  end_min: number;
}

/** A stored band price (power): the band as stored, any string; toTariffMonths keeps the TOU bands. */
export interface PriceRow {
  month: number;
  band: string;
  price: number;
}

/** A tariff as stored: what tariffRepository reads and writes. */
export interface TariffRows {
  periods: PeriodRow[];
  prices: PriceRow[];
}

export const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
};
const toHhmm = (min: number) =>
  `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;

/** Minute ranges [a, b) of a period within 0…1440, split at midnight when it crosses it. */
export function segments(startMin: number, endMin: number): [number, number][] {
  const end = endMin === 0 ? 1440 : endMin;
  if (end > startMin) return [[startMin, end]];
  const parts: [number, number][] = [
    [startMin, 1440],
    [0, end],
  ];
  return parts.filter(([a, b]) => b > a);
}

const bad = (field: string, zh: string, en: string) =>
  new AppError(ErrorCode.Validation, { zh: `${field}：${zh}`, en: `${field}: ${en}` }, field);

/** Checks twelve distinct months, full-day coverage without overlap, and a price for every band used. */
export function validateTariff(months: TariffMonth[]): PeriodRow[] {
  const seen = new Set<number>();
  const rows: PeriodRow[] = [];
  months.forEach((mo, i) => {
    if (seen.has(mo.month))
      throw bad(`months[${i}].month`, `月份 ${mo.month} 重复`, `month ${mo.month} appears twice`);
    seen.add(mo.month);
    const covered = new Uint8Array(1440);
    mo.periods.forEach((p, j) => {
      const field = `months[${i}].periods[${j}]`;
      const start = toMinutes(p.start);
      const end = toMinutes(p.end);
      if (start >= 1440) throw bad(`${field}.start`, '开始时间不能是 24:00', 'start cannot be 24:00');
      if (start === end % 1440 && mo.periods.length > 1)
        throw bad(field, '时段长度为 0 或 24 小时', 'a period of zero or 24 hours');
      for (const [a, b] of segments(start, end)) {
        for (let t = a; t < b; t++) {
          if (covered[t])
            throw bad(field, `与其他时段重叠（${toHhmm(t)}）`, `overlaps another period at ${toHhmm(t)}`);
          covered[t] = 1;
        }
      }
      if (mo.prices[p.band] === undefined)
        throw bad(`months[${i}].prices.${p.band}`, '缺少该时段电价', 'price missing for a band in use');
      rows.push({ month: mo.month, band: p.band, start_min: start, end_min: end });
    });
    const gap = covered.indexOf(0);
    if (gap >= 0)
      throw bad(
        `months[${i}].periods`,
        `未覆盖全天（${toHhmm(gap)} 起）`,
        `the day is not fully covered (from ${toHhmm(gap)})`,
      );
  });
  return rows;
}

/** The rows to store for a tariff of the API form: its periods, checked by validateTariff, and every band price given. */
export function tariffRows(months: TariffMonth[]): TariffRows {
  const periods = validateTariff(months);
  const prices = months.flatMap((m) =>
    TOU_BANDS.filter((b) => m.prices[b] !== undefined).map((band) => ({ month: m.month, band, price: m.prices[band]! })),
  );
  return { periods, prices };
}

/** Share of each band in local hour `hour` (0…23) of a month: minutes of overlap / 60. */
export function bandShares(periods: PeriodRow[], hour: number): Map<TouBand, number> {
  const shares = new Map<TouBand, number>();
  const h0 = hour * 60;
  const h1 = h0 + 60;
  for (const p of periods) {
    for (const [a, b] of segments(p.start_min, p.end_min)) {
      const overlap = Math.min(b, h1) - Math.max(a, h0);
      if (overlap > 0) shares.set(p.band, (shares.get(p.band) ?? 0) + overlap / 60);
    }
  }
  return shares;
}

/** month → hour → band shares, for pricing many hourly rows. */
export function shareTable(periods: PeriodRow[]): Map<number, Map<TouBand, number>[]> {
  const byMonth = new Map<number, PeriodRow[]>();
  for (const p of periods) byMonth.set(p.month, [...(byMonth.get(p.month) ?? []), p]);
  const table = new Map<number, Map<TouBand, number>[]>();
  for (const [month, ps] of byMonth)
    table.set(
      month,
      Array.from({ length: 24 }, (_, h) => bandShares(ps, h)),
    );
  return table;
}

/** Stored rows → the API form (periods sorted by start). */
export function toTariffMonths({ periods, prices }: TariffRows): TariffMonth[] {
  const months: TariffMonth[] = [];
  for (let m = 1; m <= 12; m++) {
    const ps = periods.filter((p) => p.month === m).sort((a, b) => a.start_min - b.start_min);
    if (!ps.length) continue;
    const priceOf: TariffMonth['prices'] = {};
    for (const r of prices)
      if (r.month === m && (TOU_BANDS as readonly string[]).includes(r.band))
        priceOf[r.band as TouBand] = r.price;
    months.push({
      month: m,
      periods: ps.map((p) => ({
        band: p.band,
        start: toHhmm(p.start_min),
        end: p.end_min >= 1440 ? '24:00' : toHhmm(p.end_min),
      })),
      prices: priceOf,
    });
  }
  return months;
}
