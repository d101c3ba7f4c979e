import { CN_HOLIDAYS, dayClass, isWorkClass, type DayClass, type HolidayCalendar } from './holidays.js';
import { quantile, type Band } from './quantiles.js';

/** One local hour of the site's load (consumption), kWh = mean kW over the hour. */
export interface LoadHour {
  date: string;
  hour: number;
  kwh: number;
}

export interface LoadModel {
  /** Median kW per local hour for each kind of day (with fewer than 2 days of a kind, the pooled working days). */
  profile: Map<DayClass, number[]>;
  /** Recent level: the last days' load ÷ what the profile says for them (clamped 0.7–1.3). */
  level: number;
  /** Spread of actual ÷ profile over the history, multiplicative: the P10/P90 band. */
  spread: { p10: number; p90: number };
  /** Days the profile was built from. */
  days: number;
}

const median = (xs: number[]) => quantile(xs, 0.5);

/**
 * The load model from the history before the cut-off (the caller passes only hours before it): the median
 * of each local hour over the last `weeks` weeks, per kind of day — Monday to Friday each, Saturday, Sunday
 * (public holidays count as Sundays, make-up working days as working days; holidays.ts) — then a recent-level
 * correction from the last `levelDays` days, so a site whose load has moved since the profile's weeks is
 * followed, and the band from how actual hours scattered around the profile.
 */
export function buildLoadModel(hours: readonly LoadHour[], opts: { weeks?: number; levelDays?: number; calendar?: HolidayCalendar } = {}): LoadModel {
  const cal = opts.calendar ?? CN_HOLIDAYS;
  const dates = [...new Set(hours.map((h) => h.date))].sort();
  const keep = new Set(dates.slice(-(opts.weeks ?? 8) * 7));
  const samples = new Map<DayClass, number[][]>();
  const add = (c: DayClass, hour: number, v: number) => {
    const byHour = samples.get(c) ?? Array.from({ length: 24 }, () => []);
    byHour[hour]!.push(v);
    samples.set(c, byHour);
  };
  const dayCount = new Map<DayClass, Set<string>>();
  for (const h of hours) {
    if (!keep.has(h.date) || h.hour < 0 || h.hour > 23) continue;
    const c = dayClass(h.date, cal);
    add(c, h.hour, h.kwh);
    if (isWorkClass(c) && c !== 'work') add('work', h.hour, h.kwh);
    const seen = dayCount.get(c) ?? new Set<string>();
    seen.add(h.date);
    dayCount.set(c, seen);
  }
  const profile = new Map<DayClass, number[]>();
  const pooled = samples.get('work');
  for (const c of ['wd1', 'wd2', 'wd3', 'wd4', 'wd5', 'sat', 'sun', 'work'] as DayClass[]) {
    const own = samples.get(c);
    const enough = c === 'work' || (dayCount.get(c)?.size ?? 0) >= 2;
    const src = enough && own ? own : isWorkClass(c) ? pooled : own;
    if (src) profile.set(c, src.map((xs) => (xs.length ? median(xs) : 0)));
  }
  // Where a kind of day has never been seen (a new site), any profile is better than none.
  const any = profile.get('work') ?? profile.get('sun') ?? profile.get('sat') ?? new Array<number>(24).fill(0);
  const base = (date: string, hour: number) => (profile.get(dayClass(date, cal)) ?? any)[hour] ?? 0;

  const recent = new Set(dates.slice(-(opts.levelDays ?? 7)));
  let actual = 0;
  let expected = 0;
  const ratios: number[] = [];
  for (const h of hours) {
    if (!keep.has(h.date)) continue;
    const b = base(h.date, h.hour);
    if (b > 0) ratios.push(h.kwh / b);
    if (recent.has(h.date)) {
      actual += h.kwh;
      expected += b;
    }
  }
  const level = expected > 0 ? Math.min(1.3, Math.max(0.7, actual / expected)) : 1;
  const spread = ratios.length >= 24 ? { p10: Math.min(1, quantile(ratios, 0.1)), p90: Math.max(1, quantile(ratios, 0.9)) } : { p10: 0.8, p90: 1.2 };
  return { profile, level, spread, days: keep.size };
}

/** The load forecast for a local date and hour, kW with its band. */
export function loadAt(model: LoadModel, date: string, hour: number, cal: HolidayCalendar = CN_HOLIDAYS): Band {
  const prof = model.profile.get(dayClass(date, cal)) ?? model.profile.get('work') ?? model.profile.get('sun');
  const p50 = (prof?.[hour] ?? 0) * model.level;
  return { p10: p50 * model.spread.p10, p50, p90: p50 * model.spread.p90 };
}
