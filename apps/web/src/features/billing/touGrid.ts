import { TOU_BANDS, type TariffMonth, type TouBand } from '@gridops/contract';

/**
 * Pure helpers of the tariff form: the 12 × 24 band grid (which band holds most of each local hour of each
 * month, as the server splits hours by minutes), a default tariff, and copying one month's scheme to others.
 */
const toMin = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/** Minute ranges [a, b) of a period within the day; an end at or before the start crosses midnight. */
function segments(start: number, end: number): [number, number][] {
  const e = end === 0 ? 1440 : end;
  if (e > start) return [[start, e]];
  return ([[start, 1440], [0, e]] as [number, number][]).filter(([a, b]) => b > a);
}

/** The band covering most minutes of each hour (null: not covered). */
export function hourBands(month: TariffMonth): (TouBand | null)[] {
  return Array.from({ length: 24 }, (_, h) => {
    const share = new Map<TouBand, number>();
    for (const p of month.periods)
      for (const [a, b] of segments(toMin(p.start), toMin(p.end))) {
        const o = Math.min(b, h * 60 + 60) - Math.max(a, h * 60);
        if (o > 0) share.set(p.band, (share.get(p.band) ?? 0) + o);
      }
    let best: TouBand | null = null;
    for (const b of TOU_BANDS) if ((share.get(b) ?? 0) > (best ? (share.get(best) ?? 0) : 0)) best = b;
    return best;
  });
}

/** Minutes of the day covered twice, and the first uncovered minute (null: covered exactly once). */
export function coverage(month: TariffMonth): { gapAt: string | null; overlapAt: string | null } {
  const covered = new Uint8Array(1440);
  let overlapAt: string | null = null;
  const hhmm = (t: number) => `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
  for (const p of month.periods)
    for (const [a, b] of segments(toMin(p.start), toMin(p.end)))
      for (let t = a; t < b; t++) {
        if (covered[t] && overlapAt === null) overlapAt = hhmm(t);
        covered[t] = 1;
      }
  const gap = covered.indexOf(0);
  return { gapAt: gap >= 0 ? hhmm(gap) : null, overlapAt };
}

/** A tariff to start from: valley 00–08, flat 08–17 and 21–24, peak 17–21 in every month. */
export function defaultMonths(): TariffMonth[] {
  return Array.from({ length: 12 }, (_, i) => ({
    month: i + 1,
    periods: [
      { band: 'valley', start: '00:00', end: '08:00' },
      { band: 'flat', start: '08:00', end: '17:00' },
      { band: 'peak', start: '17:00', end: '21:00' },
      { band: 'flat', start: '21:00', end: '24:00' },
    ],
    prices: { peak: 1, flat: 0.6, valley: 0.3 },
  }));
}

/** Copies one month's periods and prices to the listed months. */
export function copyMonth(months: TariffMonth[], from: number, to: number[]): TariffMonth[] {
  const src = months.find((m) => m.month === from);
  if (!src) return months;
  return months.map((m) => (to.includes(m.month) ? { ...m, periods: src.periods.map((p) => ({ ...p })), prices: { ...src.prices } } : m));
}
