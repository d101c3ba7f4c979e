import { localClock } from '../curves.js';
import { hash01 } from '../noise.js';

/**
 * Loss and dispatch parameters of the simulated fleet (docs/energy-model.md, "Site physics"). One place for
 * the live simulator and the seeded history, so both obey the same balance.
 */

/**
 * No-load (P0) and load (Pk, at rated current and 120 °C) losses of 10/0.4 kV cast-resin dry-type
 * transformers, kW: representative catalogue values of the SCB13 series (about the GB 20052-2020 level-3
 * limits for dry-type units). Between ratings the values are interpolated linearly.
 */
export const DRY_TYPE_LOSSES: readonly { kva: number; p0: number; pk: number }[] = [
  { kva: 315, p0: 0.58, pk: 3.47 },
  { kva: 500, p0: 0.82, pk: 4.88 },
  { kva: 630, p0: 0.97, pk: 5.96 },
  { kva: 800, p0: 1.13, pk: 6.96 },
  { kva: 1000, p0: 1.32, pk: 8.13 },
  { kva: 1250, p0: 1.56, pk: 9.69 },
  { kva: 1600, p0: 1.83, pk: 11.73 },
  { kva: 2000, p0: 2.28, pk: 14.45 },
  { kva: 2500, p0: 2.7, pk: 17.17 },
];

export function transformerRating(kva: number): { p0: number; pk: number } {
  const t = DRY_TYPE_LOSSES;
  if (kva <= t[0]!.kva) return { p0: (t[0]!.p0 * kva) / t[0]!.kva, pk: (t[0]!.pk * kva) / t[0]!.kva };
  for (let i = 1; i < t.length; i++) {
    const [a, b] = [t[i - 1]!, t[i]!];
    if (kva <= b.kva) {
      const f = (kva - a.kva) / (b.kva - a.kva);
      return { p0: a.p0 + f * (b.p0 - a.p0), pk: a.pk + f * (b.pk - a.pk) };
    }
  }
  const last = t[t.length - 1]!;
  return { p0: (last.p0 * kva) / last.kva, pk: (last.pk * kva) / last.kva };
}

/**
 * Active losses of a transformer carrying `kw` at power factor `pf` on its LV side: P0 + β²·Pk with the
 * load factor β = S / Sn. Iron losses run whenever the unit is energised, so they count at zero load too.
 */
export function transformerLossKw(ratedKva: number, kw: number, pf: number): number {
  const { p0, pk } = transformerRating(ratedKva);
  const beta = Math.abs(kw) / Math.max(0.5, pf) / ratedKva;
  return p0 + beta * beta * pk;
}

/**
 * Line (I²R) losses as a share of the power carried, at the demo's typical loading: the 10 kV cable from
 * the incomer to the transformers, the LV busbar and switchgear between a transformer's main breaker and its
 * feeders, and a feeder cable to a remote board (charging station, PV combiner). A few tenths of a percent.
 */
export const LINE_LOSS = { hvCable: 0.002, lvBusbar: 0.001, feederCable: 0.004 } as const;

/** Power factor of a circuit carrying mostly inverter output (PV, PCS): inverters run near unity. */
export const INVERTER_PF = 0.99;

/** Anti-backflow (防逆流) margin: PV is curtailed so each transformer still imports this share of its bus load. */
export const BACKFLOW_MARGIN = 0.05;

/** Electricity seasonality by month: cooling in summer, the Spring Festival dip in February. */
const SEASON = [1.05, 0.9, 0.95, 0.93, 0.98, 1.08, 1.22, 1.25, 1.1, 0.97, 0.96, 1.04];
export const seasonFactor = (t: number, zone: string) => SEASON[localClock(t, zone).month - 1]!;

/** Day-to-day spread of a site's activity (production orders, footfall): ±6 % per local day. */
export const dayActivity = (seed: number, t: number, zone: string) => 1 + 0.12 * (hash01(seed ^ 0x5eed, localClock(t, zone).dayIndex) - 0.5);

/** Weather of a site's local day: sunny, hazy or overcast, as the factor on clear-sky PV. */
export function dayWeather(weatherSeed: number, t: number, zone: string): number {
  const day = hash01(weatherSeed, localClock(t, zone).dayIndex);
  return day < 0.2 ? 0.35 : day < 0.5 ? 0.7 : 0.95;
}
