import type { TariffMonth, TouBand } from '@gridops/contract';
import { tariffRows } from '../modules/metering/tariff.js';
import type { TariffVersionValues } from '../modules/metering/tariffRepository.js';

/**
 * Demo time-of-use tariffs for commercial and industrial users (1–10 kV), one per province of the demo
 * stations. The period structures follow each province's published TOU scheme as in force in 2024
 * (Shanghai, Jiangsu, Zhejiang, Anhui price-bureau notices); prices are rounded, representative values of the
 * grid agency-purchase (代理购电) price lists of 2024, for the demo only — a real site enters its own monthly
 * prices on the billing page. See docs/energy-model.md, "Tariffs".
 */
type Spec = { months: number[]; periods: [TouBand, string, string][] };
type Prices = Partial<Record<TouBand, number>>;

function build(specs: Spec[], prices: (month: number) => Prices): TariffMonth[] {
  const out: TariffMonth[] = [];
  for (let m = 1; m <= 12; m++) {
    const spec = specs.find((s) => s.months.includes(m))!;
    const all = prices(m);
    const used = new Set(spec.periods.map((p) => p[0]));
    out.push({
      month: m,
      periods: spec.periods.map(([band, start, end]) => ({ band, start, end })),
      prices: Object.fromEntries(Object.entries(all).filter(([b]) => used.has(b as TouBand))) as Prices,
    });
  }
  return out;
}

const ALL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const without = (ms: number[]) => ALL.filter((m) => !ms.includes(m));

/** Shanghai: peak 08–11, 18–21; valley 22–06; flat otherwise; July–September sharp 12–14 (carved out of flat). */
const shanghai = build(
  [
    {
      months: [7, 8, 9],
      periods: [
        ['valley', '22:00', '06:00'],
        ['flat', '06:00', '08:00'],
        ['peak', '08:00', '11:00'],
        ['flat', '11:00', '12:00'],
        ['sharp', '12:00', '14:00'],
        ['flat', '14:00', '18:00'],
        ['peak', '18:00', '21:00'],
        ['flat', '21:00', '22:00'],
      ],
    },
    {
      months: without([7, 8, 9]),
      periods: [
        ['valley', '22:00', '06:00'],
        ['flat', '06:00', '08:00'],
        ['peak', '08:00', '11:00'],
        ['flat', '11:00', '18:00'],
        ['peak', '18:00', '21:00'],
        ['flat', '21:00', '22:00'],
      ],
    },
  ],
  (m) => ({ sharp: 1.302, peak: 1.085, flat: 0.652, valley: m >= 7 && m <= 9 ? 0.294 : 0.312 }),
);

/** Jiangsu: peak 08–11, 17–22; flat 11–17, 22–24; valley 00–08; July–August sharp 14–15 and 20–21. */
const jiangsu = build(
  [
    {
      months: [7, 8],
      periods: [
        ['valley', '00:00', '08:00'],
        ['peak', '08:00', '11:00'],
        ['flat', '11:00', '14:00'],
        ['sharp', '14:00', '15:00'],
        ['flat', '15:00', '17:00'],
        ['peak', '17:00', '20:00'],
        ['sharp', '20:00', '21:00'],
        ['peak', '21:00', '22:00'],
        ['flat', '22:00', '24:00'],
      ],
    },
    {
      months: without([7, 8]),
      periods: [
        ['valley', '00:00', '08:00'],
        ['peak', '08:00', '11:00'],
        ['flat', '11:00', '17:00'],
        ['peak', '17:00', '22:00'],
        ['flat', '22:00', '24:00'],
      ],
    },
  ],
  () => ({ sharp: 1.264, peak: 1.053, flat: 0.634, valley: 0.276 }),
);

/** Zhejiang (large industry, 2024 scheme): sharp 09–11, 15–17; peak 08–09, 13–15, 17–22; valley 11–13, 22–08. */
const zhejiang = build(
  [
    {
      months: ALL,
      periods: [
        ['valley', '22:00', '08:00'],
        ['peak', '08:00', '09:00'],
        ['sharp', '09:00', '11:00'],
        ['valley', '11:00', '13:00'],
        ['peak', '13:00', '15:00'],
        ['sharp', '15:00', '17:00'],
        ['peak', '17:00', '22:00'],
      ],
    },
  ],
  (m) => ({ sharp: [1, 7, 8, 12].includes(m) ? 1.236 : 1.182, peak: 0.986, valley: 0.372 }),
);

/** Anhui: valley 02–06 and 11–13 (midday valley for PV); peak 16–24 with sharp 20–22 in Jan, Jul, Aug, Dec; flat otherwise. */
const anhuiSharp = [1, 7, 8, 12];
const anhui = build(
  [
    {
      months: anhuiSharp,
      periods: [
        ['flat', '00:00', '02:00'],
        ['valley', '02:00', '06:00'],
        ['flat', '06:00', '11:00'],
        ['valley', '11:00', '13:00'],
        ['flat', '13:00', '16:00'],
        ['peak', '16:00', '20:00'],
        ['sharp', '20:00', '22:00'],
        ['peak', '22:00', '24:00'],
      ],
    },
    {
      months: without(anhuiSharp),
      periods: [
        ['flat', '00:00', '02:00'],
        ['valley', '02:00', '06:00'],
        ['flat', '06:00', '11:00'],
        ['valley', '11:00', '13:00'],
        ['flat', '13:00', '16:00'],
        ['peak', '16:00', '24:00'],
      ],
    },
  ],
  () => ({ sharp: 1.258, peak: 1.048, flat: 0.628, valley: 0.281 }),
);

/** Tariff per demo station code. */
export const demoTariffs: Record<string, TariffMonth[]> = {
  SHZJ: shanghai,
  SZIP: jiangsu,
  NJJN: jiangsu,
  HZBJ: zhejiang,
  HFDC: anhui,
};

/**
 * The demo stations' tariffs with validity periods and charges (docs/energy-model.md, "Billing"). Basic-charge
 * prices are representative of the provinces' two-part tariffs for 1–10 kV users (capacity ≈ 25–30 yuan/kVA·month,
 * demand ≈ 36–40 yuan/kW·month), an assumption for the demo; feed-in prices are each province's coal-fired
 * benchmark price (燃煤发电基准价), which PV surplus is paid at. Suzhou's tariff changed on 1 June 2026 (the
 * earlier one 4 % cheaper), so a year view shows two tariffs.
 */
const PROVINCE: Record<string, { demand_mode: 'capacity' | 'demand'; basic_price: number; feed_in_price: number }> = {
  SHZJ: { demand_mode: 'capacity', basic_price: 28, feed_in_price: 0.4155 },
  SZIP: { demand_mode: 'demand', basic_price: 40, feed_in_price: 0.391 },
  NJJN: { demand_mode: 'capacity', basic_price: 25.5, feed_in_price: 0.391 },
  HZBJ: { demand_mode: 'capacity', basic_price: 30, feed_in_price: 0.4153 },
  HFDC: { demand_mode: 'demand', basic_price: 36, feed_in_price: 0.3844 },
};

const scaled = (months: TariffMonth[], k: number): TariffMonth[] =>
  months.map((m) => ({
    ...m,
    prices: Object.fromEntries(Object.entries(m.prices).map(([b, p]) => [b, Math.round(p * k * 10000) / 10000])),
  }));

export function demoTariffVersions(code: string, capacityKva: number): TariffVersionValues[] {
  const months = demoTariffs[code];
  const p = PROVINCE[code];
  if (!months || !p) return [];
  const base = {
    name: '两部制分时电价',
    name_en: 'Two-part time-of-use tariff',
    ...p,
    capacity_kva: p.demand_mode === 'capacity' ? capacityKva : null,
    pf_standard: 0.9,
    // Declared demand at the lowest a utility accepts, 40 % of the transformer capacity (发改办价格〔2016〕1583号).
    declared_demand_kw: p.demand_mode === 'demand' ? Math.round(0.4 * capacityKva) : null,
  };
  if (code === 'SZIP')
    return [
      { ...base, name: '两部制分时电价（2026年5月前）', name_en: 'Two-part TOU tariff (until May 2026)', valid_from: '2020-01-01', valid_to: '2026-05-31', rows: tariffRows(scaled(months, 0.96)) },
      { ...base, name: '两部制分时电价（2026年6月起）', name_en: 'Two-part TOU tariff (from June 2026)', valid_from: '2026-06-01', valid_to: null, rows: tariffRows(months) },
    ];
  return [{ ...base, valid_from: '2020-01-01', valid_to: null, rows: tariffRows(months) }];
}
