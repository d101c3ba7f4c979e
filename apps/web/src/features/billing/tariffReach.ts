import { TOU_BANDS, type TariffMonth, type TouBand } from '@gridops/contract';

/**
 * The reach of a tariff edit (issue 26 item 3): which months a price typed in the form is written to, how
 * those months read ("1–12月" / "Jan–Dec"), and — after saving — what changed and from which site date the
 * expense reports are priced with it. Pure functions of the form's data; tested in tariffReach.test.ts.
 */
export type MonthScope = 'this' | 'chosen' | 'all';
type Lang = 'zh' | 'en';

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The months an edit applies to: the month shown, the chosen ones, or every month of the tariff (sorted). */
export function scopeMonths(scope: MonthScope, shown: number, chosen: readonly number[], all: readonly TariffMonth[]): number[] {
  if (scope === 'this') return [shown];
  if (scope === 'all') return all.map((m) => m.month).sort((a, b) => a - b);
  return [...new Set(chosen)].sort((a, b) => a - b);
}

/** Consecutive months as ranges: [1,2,3,11] → [[1,3],[11,11]]. */
function ranges(months: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const m of [...new Set(months)].sort((a, b) => a - b)) {
    const last = out.at(-1);
    if (last && last[1] === m - 1) last[1] = m;
    else out.push([m, m]);
  }
  return out;
}

/** "1–3、11月" / "Jan–Mar, Nov"; empty list → "" . */
export function monthsLabel(months: readonly number[], lang: Lang): string {
  const rs = ranges(months);
  if (!rs.length) return '';
  if (lang === 'en') return rs.map(([a, b]) => (a === b ? EN_MONTHS[a - 1]! : `${EN_MONTHS[a - 1]}–${EN_MONTHS[b - 1]}`)).join(', ');
  return `${rs.map(([a, b]) => (a === b ? String(a) : `${a}–${b}`)).join('、')}月`;
}

/** Writes `price` of `band` into every target month (months that do not use the band keep it unused; saving drops it). */
export function applyPrice(months: readonly TariffMonth[], targets: readonly number[], band: TouBand, price: number | undefined): TariffMonth[] {
  const set = new Set(targets);
  return months.map((m) => (set.has(m.month) ? { ...m, prices: { ...m.prices, [band]: price } } : m));
}

/** Distinct prices of a band over the target months that use it (more than one: the months differ). */
export function pricesOver(months: readonly TariffMonth[], targets: readonly number[], band: TouBand): number[] {
  const set = new Set(targets);
  const ps = months.filter((m) => set.has(m.month) && m.periods.some((p) => p.band === band)).map((m) => m.prices[band]);
  return [...new Set(ps.filter((p): p is number => p !== undefined))].sort((a, b) => a - b);
}

export interface PriceChange {
  band: TouBand;
  price: number;
  months: number[];
}

export interface SavedReach {
  /** New band prices, one entry per band and price, with the months that now carry it. */
  prices: PriceChange[];
  /** Months whose band hours changed. */
  periodMonths: number[];
  /** True when a setting other than the TOU months changed (name, validity, basic charge, …) or the tariff is new. */
  otherChanged: boolean;
  /** The first site date whose price changed (within the validity); null when nothing that prices energy changed. */
  repricedFrom: string | null;
}

interface Saved {
  valid_from: string;
  valid_to: string | null;
  months: TariffMonth[];
}

const samePeriods = (a: TariffMonth | undefined, b: TariffMonth) =>
  !!a && a.periods.length === b.periods.length && a.periods.every((p, i) => p.band === b.periods[i]!.band && p.start === b.periods[i]!.start && p.end === b.periods[i]!.end);

/** First day in [from, to] whose month is in `months` (scans at most 12 months from `from`). */
export function firstDayIn(from: string, to: string | null, months: readonly number[]): string | null {
  const set = new Set(months);
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  for (let i = 0; i < 12; i++) {
    if (set.has(m)) {
      const day = i === 0 ? from : `${y}-${String(m).padStart(2, '0')}-01`;
      return to !== null && day > to ? null : day;
    }
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return null;
}

/**
 * What a save changed, compared with the tariff as it was opened (`before` null: a new tariff). The prices of
 * bands a month does not use are ignored (they price nothing). `scalarsChanged` says whether anything outside
 * the TOU months changed.
 */
export function savedReach(before: Saved | null, after: Saved, scalarsChanged: boolean): SavedReach {
  const used = (m: TariffMonth, b: TouBand) => m.periods.some((p) => p.band === b);
  const changes = new Map<string, PriceChange>();
  const periodMonths: number[] = [];
  for (const m of after.months) {
    const old = before?.months.find((x) => x.month === m.month);
    if (!samePeriods(old, m)) periodMonths.push(m.month);
    for (const band of TOU_BANDS) {
      const price = m.prices[band];
      if (!used(m, band) || price === undefined) continue;
      if (old && used(old, band) && old.prices[band] === price) continue;
      const key = `${band}:${price}`;
      const c = changes.get(key) ?? { band, price, months: [] };
      c.months.push(m.month);
      changes.set(key, c);
    }
  }
  const prices = [...changes.values()].sort((a, b) => TOU_BANDS.indexOf(a.band) - TOU_BANDS.indexOf(b.band) || a.months[0]! - b.months[0]!);
  const validityChanged = !before || before.valid_from !== after.valid_from || before.valid_to !== after.valid_to;
  const otherChanged = scalarsChanged || validityChanged;
  const touched = [...new Set([...periodMonths, ...prices.flatMap((p) => p.months)])];
  const repricedFrom = otherChanged ? after.valid_from : touched.length ? firstDayIn(after.valid_from, after.valid_to, touched) : null;
  return { prices, periodMonths, otherChanged, repricedFrom };
}
