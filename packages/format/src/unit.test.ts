import { describe, it, expect } from 'vitest';
import { SCALABLE_UNITS, scaleUnit } from './index.js';
import type { KwhScale, Lang, NumericInput, ScaledValue } from './index.js';

type Row = [unit: string, lang: Lang, base: string, scaled: string, divisor: number, kwhScale?: KwhScale];

/** Every known unit in both languages: [input unit, lang, display base unit, display scaled unit, divisor]. */
const UNITS: Row[] = [
  ['元', 'zh', '元', '万元', 10_000],
  ['元', 'en', 'yuan', '10k yuan', 10_000],
  ['度', 'zh', '度', '万度', 10_000],
  ['度', 'en', 'kWh', '10k kWh', 10_000],
  ['吨', 'zh', '吨', '万吨', 10_000],
  ['吨', 'en', 't', '10k t', 10_000],
  ['t', 'zh', 't', '万吨', 10_000],
  ['t', 'en', 't', '10k t', 10_000],
  ['m³', 'zh', 'm³', '万m³', 10_000],
  ['m³', 'en', 'm³', '10k m³', 10_000],
  ['m3', 'zh', 'm³', '万m³', 10_000],
  ['m3', 'en', 'm³', '10k m³', 10_000],
  ['棵', 'zh', '棵', '万棵', 10_000],
  ['棵', 'en', 'trees', '10k trees', 10_000],
  ['W', 'zh', 'W', 'kW', 1_000],
  ['W', 'en', 'W', 'kW', 1_000],
  ['kW', 'zh', 'kW', 'MW', 1_000],
  ['kW', 'en', 'kW', 'MW', 1_000],
  ['kW·h', 'zh', 'kW·h', 'MW·h', 1_000],
  ['kW·h', 'en', 'kW·h', 'MW·h', 1_000],
  // kWh: default by language, overridable.
  ['kWh', 'zh', 'kWh', '万kWh', 10_000],
  ['kWh', 'en', 'kWh', 'MWh', 1_000],
  ['kWh', 'zh', 'kWh', '万kWh', 10_000, 'ten-thousand'],
  ['kWh', 'en', 'kWh', '10k kWh', 10_000, 'ten-thousand'],
  ['kWh', 'zh', 'kWh', 'MWh', 1_000, 'thousand'],
  ['kWh', 'en', 'kWh', 'MWh', 1_000, 'thousand'],
  ['VA', 'zh', 'VA', 'kVA', 1_000],
  ['VA', 'en', 'VA', 'kVA', 1_000],
  ['kVA', 'zh', 'kVA', 'MVA', 1_000],
  ['kVA', 'en', 'kVA', 'MVA', 1_000],
  ['var', 'zh', 'var', 'kvar', 1_000],
  ['var', 'en', 'var', 'kvar', 1_000],
  ['kvar', 'zh', 'kvar', 'Mvar', 1_000],
  ['kvar', 'en', 'kvar', 'Mvar', 1_000],
];

const join = (lang: Lang, num: string, unit: string) => (lang === 'en' ? `${num} ${unit}` : `${num}${unit}`);

/** Boundary values × every unit × both languages, positive and negative. */
const boundaryCases = UNITS.flatMap(([unit, lang, base, scaledUnit, divisor, kwhScale]) => {
  const s = divisor === 10_000 ? 1 : 10; // 10000 / divisor
  const big: [number, number, string][] = [
    // [input, expected value, expected number text] — scaled
    [10_000.01, s, divisor === 10_000 ? '1.00' : '10.00'],
    [12_345.678, divisor === 10_000 ? 1.23 : 12.35, divisor === 10_000 ? '1.23' : '12.35'],
    [
      123_456_789,
      divisor === 10_000 ? 12_345.68 : 123_456.79,
      divisor === 10_000 ? '12,345.68' : '123,456.79',
    ],
  ];
  const small: [number, number, string][] = [
    // unscaled
    [9_999.99, 9_999.99, '9,999.99'],
    [10_000, 10_000, '10,000.00'],
    [0, 0, '0.00'],
    [1.5, 1.5, '1.50'],
  ];
  const rows: [string, NumericInput, string, KwhScale | undefined, Lang, ScaledValue][] = [];
  for (const sign of [1, -1]) {
    for (const [input, value, text] of small) {
      const v = sign * value;
      const t = sign < 0 && value !== 0 ? `-${text}` : text;
      rows.push([
        `${sign * input} ${unit} (${lang}${kwhScale ? `, ${kwhScale}` : ''})`,
        sign * input,
        unit,
        kwhScale,
        lang,
        {
          value: v === 0 ? 0 : v,
          unit: base,
          text: join(lang, t, base),
          scaled: false,
          divisor: 1,
        },
      ]);
    }
    for (const [input, value, text] of big) {
      const t = sign < 0 ? `-${text}` : text;
      rows.push([
        `${sign * input} ${unit} (${lang}${kwhScale ? `, ${kwhScale}` : ''})`,
        sign * input,
        unit,
        kwhScale,
        lang,
        {
          value: sign * value,
          unit: scaledUnit,
          text: join(lang, t, scaledUnit),
          scaled: true,
          divisor,
        },
      ]);
    }
  }
  return rows;
});

describe('scaleUnit boundaries (strictly > 10000 scales)', () => {
  it.each(boundaryCases)('%s', (_name, input, unit, kwhScale, lang, expected) => {
    expect(scaleUnit(input, unit, { lang, kwhScale })).toEqual(expected);
  });

  it('covers every known unit', () => {
    expect(new Set(UNITS.map((u) => u[0]))).toEqual(new Set(SCALABLE_UNITS));
  });
});

describe('scaleUnit details', () => {
  // The divisor is covered by the boundary table above; these rows check value, unit and text.
  it.each<[string, NumericInput, string, Parameters<typeof scaleUnit>[2], Omit<ScaledValue, 'divisor'>]>([
    [
      'zh is the default',
      20_000,
      '元',
      undefined,
      { value: 2, unit: '万元', text: '2.00万元', scaled: true },
    ],
    ['precision 0', 25_000, '元', { precision: 0 }, { value: 3, unit: '万元', text: '3万元', scaled: true }],
    [
      'precision 4',
      12_345.678,
      '元',
      { precision: 4 },
      { value: 1.2346, unit: '万元', text: '1.2346万元', scaled: true },
    ],
    [
      'threshold uses the raw value, not the rounded one',
      9_999.999,
      '元',
      {},
      { value: 10_000, unit: '元', text: '10,000.00元', scaled: false },
    ],
    [
      'one step only: W never becomes MW',
      50_000_000,
      'W',
      {},
      { value: 50_000, unit: 'kW', text: '50,000.00kW', scaled: true },
    ],
    [
      'numeric string input',
      '15000',
      'kW',
      { lang: 'en' },
      { value: 15, unit: 'MW', text: '15.00 MW', scaled: true },
    ],
    [
      'unknown unit passes through',
      123_456,
      'A',
      {},
      { value: 123_456, unit: 'A', text: '123,456.00A', scaled: false },
    ],
    [
      'unknown unit passes through in en',
      123_456,
      '%',
      { lang: 'en' },
      { value: 123_456, unit: '%', text: '123,456.00 %', scaled: false },
    ],
    [
      'already scaled unit passes through',
      20_000,
      '万元',
      {},
      { value: 20_000, unit: '万元', text: '20,000.00万元', scaled: false },
    ],
    ['empty unit', 20_000, '', { lang: 'en' }, { value: 20_000, unit: '', text: '20,000.00', scaled: false }],
    [
      'prototype key is not a unit',
      20_000,
      'toString',
      {},
      { value: 20_000, unit: 'toString', text: '20,000.00toString', scaled: false },
    ],
    [
      'negative rounds to unsigned zero',
      -0.001,
      '元',
      {},
      { value: 0, unit: '元', text: '0.00元', scaled: false },
    ],
  ])('%s', (_name, value, unit, options, expected) => {
    const { divisor: _divisor, ...shown } = scaleUnit(value, unit, options);
    expect(shown).toEqual(expected);
  });

  it.each<[string, NumericInput, Lang]>([
    ['null', null, 'zh'],
    ['undefined', undefined, 'zh'],
    ['empty string', '', 'zh'],
    ['NaN', Number.NaN, 'zh'],
    ['non-numeric', 'n/a', 'zh'],
    ['null', null, 'en'],
    ['undefined', undefined, 'en'],
    ['empty string', '', 'en'],
    ['NaN', Number.NaN, 'en'],
    ['Infinity', Number.POSITIVE_INFINITY, 'en'],
  ])('empty %s (%s) → "-"', (_name, value, lang) => {
    expect(scaleUnit(value, '元', { lang })).toEqual({
      value: null,
      unit: lang === 'en' ? 'yuan' : '元',
      text: '-',
      scaled: false,
      divisor: 1,
    });
  });
});
