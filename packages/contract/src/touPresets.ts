import type { TouBand } from './api/metering.js';

/**
 * Band-hour presets of common provincial time-of-use schedules for general industrial & commercial users
 * (一般工商业), offered by the tariff page to fill in the bands of all twelve months; the user then types the
 * prices (which change far more often than the hours). The hours follow the provinces' published schedules as
 * of 2024 in simplified form; a site must check its grid company's current notice (docs/energy-model.md).
 * Each month's periods cover 00:00–24:00 exactly once (touPresets.test.ts).
 */
export interface TouPresetPeriod {
  band: TouBand;
  start: string;
  end: string;
}

export interface TouPreset {
  id: 'jiangsu' | 'zhejiang' | 'guangdong' | 'shanghai' | 'beijing';
  name: { zh: string; en: string };
  /** What the preset simplifies or where its sharp (尖峰) hours apply, in both languages. */
  note: { zh: string; en: string };
  /** The periods of months 1–12 (index 0 = January). */
  months: readonly (readonly TouPresetPeriod[])[];
}

type Span = readonly [TouBand, string, string];
const periods = (spans: readonly Span[]): TouPresetPeriod[] => spans.map(([band, start, end]) => ({ band, start, end }));
/** Twelve months: `base`, with `special` in the listed months (1-based). */
const byMonth = (base: readonly Span[], special: readonly Span[] = [], specialMonths: readonly number[] = []) =>
  Array.from({ length: 12 }, (_, i) => periods(specialMonths.includes(i + 1) ? special : base));

export const TOU_PRESETS: readonly TouPreset[] = [
  {
    id: 'jiangsu',
    name: { zh: '江苏 一般工商业', en: 'Jiangsu, general industrial & commercial' },
    note: { zh: '尖峰：7–8 月 14:00–15:00、20:00–21:00', en: 'Critical peak: July–August 14:00–15:00 and 20:00–21:00' },
    months: byMonth(
      [['valley', '00:00', '08:00'], ['peak', '08:00', '11:00'], ['flat', '11:00', '17:00'], ['peak', '17:00', '22:00'], ['flat', '22:00', '24:00']],
      [
        ['valley', '00:00', '08:00'], ['peak', '08:00', '11:00'], ['flat', '11:00', '14:00'], ['sharp', '14:00', '15:00'], ['flat', '15:00', '17:00'],
        ['peak', '17:00', '20:00'], ['sharp', '20:00', '21:00'], ['peak', '21:00', '22:00'], ['flat', '22:00', '24:00'],
      ],
      [7, 8],
    ),
  },
  {
    id: 'zhejiang',
    name: { zh: '浙江 一般工商业', en: 'Zhejiang, general industrial & commercial' },
    note: { zh: '全年尖峰 9:00–11:00、15:00–17:00；无平段', en: 'Critical peak all year 9:00–11:00 and 15:00–17:00; no flat band' },
    months: byMonth([
      ['valley', '00:00', '08:00'], ['peak', '08:00', '09:00'], ['sharp', '09:00', '11:00'], ['valley', '11:00', '13:00'], ['peak', '13:00', '15:00'],
      ['sharp', '15:00', '17:00'], ['peak', '17:00', '22:00'], ['valley', '22:00', '24:00'],
    ]),
  },
  {
    id: 'guangdong',
    name: { zh: '广东 一般工商业', en: 'Guangdong, general industrial & commercial' },
    note: { zh: '尖峰：7–9 月 11:00–12:00、15:00–17:00', en: 'Critical peak: July–September 11:00–12:00 and 15:00–17:00' },
    months: byMonth(
      [['valley', '00:00', '08:00'], ['flat', '08:00', '10:00'], ['peak', '10:00', '12:00'], ['flat', '12:00', '14:00'], ['peak', '14:00', '19:00'], ['flat', '19:00', '24:00']],
      [
        ['valley', '00:00', '08:00'], ['flat', '08:00', '10:00'], ['peak', '10:00', '11:00'], ['sharp', '11:00', '12:00'], ['flat', '12:00', '14:00'],
        ['peak', '14:00', '15:00'], ['sharp', '15:00', '17:00'], ['peak', '17:00', '19:00'], ['flat', '19:00', '24:00'],
      ],
      [7, 8, 9],
    ),
  },
  {
    id: 'shanghai',
    name: { zh: '上海 一般工商业', en: 'Shanghai, general industrial & commercial' },
    note: { zh: '尖峰：7–8 月 12:00–14:00', en: 'Critical peak: July–August 12:00–14:00' },
    months: byMonth(
      [['valley', '00:00', '06:00'], ['flat', '06:00', '08:00'], ['peak', '08:00', '11:00'], ['flat', '11:00', '18:00'], ['peak', '18:00', '21:00'], ['flat', '21:00', '22:00'], ['valley', '22:00', '24:00']],
      [
        ['valley', '00:00', '06:00'], ['flat', '06:00', '08:00'], ['peak', '08:00', '11:00'], ['flat', '11:00', '12:00'], ['sharp', '12:00', '14:00'],
        ['flat', '14:00', '18:00'], ['peak', '18:00', '21:00'], ['flat', '21:00', '22:00'], ['valley', '22:00', '24:00'],
      ],
      [7, 8],
    ),
  },
  {
    id: 'beijing',
    name: { zh: '北京 一般工商业', en: 'Beijing, general industrial & commercial' },
    note: { zh: '尖峰：7–8 月 11:00–13:00、16:00–17:00', en: 'Critical peak: July–August 11:00–13:00 and 16:00–17:00' },
    months: byMonth(
      [['valley', '00:00', '07:00'], ['flat', '07:00', '10:00'], ['peak', '10:00', '15:00'], ['flat', '15:00', '18:00'], ['peak', '18:00', '21:00'], ['flat', '21:00', '23:00'], ['valley', '23:00', '24:00']],
      [
        ['valley', '00:00', '07:00'], ['flat', '07:00', '10:00'], ['peak', '10:00', '11:00'], ['sharp', '11:00', '13:00'], ['peak', '13:00', '15:00'],
        ['flat', '15:00', '16:00'], ['sharp', '16:00', '17:00'], ['flat', '17:00', '18:00'], ['peak', '18:00', '21:00'], ['flat', '21:00', '23:00'], ['valley', '23:00', '24:00'],
      ],
      [7, 8],
    ),
  },
];

/** The preset's name in the UI language. */
export const touPresetName = (p: TouPreset, lang: string): string => p.name[lang.toLowerCase().startsWith('en') ? 'en' : 'zh'];
