import { describe, it, expect } from 'vitest';
import { SCALABLE_UNITS, baseUnit, formatTrees, joinUnit, scaleUnit, treesForCo2T } from './index.js';
import type { KwhScale, Lang, NumericInput, ScaledValue } from './index.js';

/** A ladder: display base unit, then [divisor, display unit] per step, smallest step first. */
type Row = [unit: string, lang: Lang, base: string, steps: [number, string][], kwhScale?: KwhScale];

const zh = (base: string, wan: string, yi: string): [number, string][] => [
  [10_000, wan],
  [100_000_000, yi],
];
const en = (kilo: string, mega: string): [number, string][] => [
  [1_000, kilo],
  [1_000_000, mega],
];
const one = (next: string): [number, string][] => [[1_000, next]];

/** Every known unit in both languages. */
const UNITS: Row[] = [
  ['元', 'zh', '元', zh('元', '万元', '亿元')],
  ['元', 'en', 'CNY', en('k CNY', 'M CNY')],
  ['度', 'zh', '度', zh('度', '万度', '亿度')],
  ['度', 'en', 'kWh', en('MWh', 'GWh')],
  ['度', 'zh', 'kWh', en('MWh', 'GWh'), 'thousand'],
  ['吨', 'zh', '吨', zh('吨', '万吨', '亿吨')],
  ['吨', 'en', 't', en('kt', 'Mt')],
  ['t', 'zh', 't', zh('t', '万吨', '亿吨')],
  ['t', 'en', 't', en('kt', 'Mt')],
  ['m³', 'zh', 'm³', zh('m³', '万m³', '亿m³')],
  ['m³', 'en', 'm³', en('k m³', 'M m³')],
  ['m3', 'zh', 'm³', zh('m³', '万m³', '亿m³')],
  ['m3', 'en', 'm³', en('k m³', 'M m³')],
  ['棵', 'zh', '棵', zh('棵', '万棵', '亿棵')],
  ['棵', 'en', 'trees', en('k trees', 'M trees')],
  ['kWh', 'zh', 'kWh', zh('kWh', '万kWh', '亿kWh')],
  ['kWh', 'zh', 'kWh', zh('kWh', '万kWh', '亿kWh'), 'ten-thousand'],
  ['kWh', 'zh', 'kWh', en('MWh', 'GWh'), 'thousand'],
  ['kWh', 'en', 'kWh', en('MWh', 'GWh')],
  // English has no ten-thousand reading: the option is ignored.
  ['kWh', 'en', 'kWh', en('MWh', 'GWh'), 'ten-thousand'],
  ['W', 'zh', 'W', one('kW')],
  ['W', 'en', 'W', one('kW')],
  ['kW', 'zh', 'kW', one('MW')],
  ['kW', 'en', 'kW', one('MW')],
  ['kW·h', 'zh', 'kW·h', one('MW·h')],
  ['kW·h', 'en', 'kW·h', one('MW·h')],
  ['VA', 'zh', 'VA', one('kVA')],
  ['VA', 'en', 'VA', one('kVA')],
  ['kVA', 'zh', 'kVA', one('MVA')],
  ['kVA', 'en', 'kVA', one('MVA')],
  ['var', 'zh', 'var', one('kvar')],
  ['var', 'en', 'var', one('kvar')],
  ['kvar', 'zh', 'kvar', one('Mvar')],
  ['kvar', 'en', 'kvar', one('Mvar')],
];

const join = (lang: Lang, num: string, unit: string) => (lang === 'en' ? `${num} ${unit}` : `${num}${unit}`);
const fmt = (n: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);

/** The step a value takes on a ladder: strictly above the step's threshold (10 000 base units, then M / 亿). */
function expected(input: number, lang: Lang, base: string, steps: [number, string][]): ScaledValue {
  const abs = Math.abs(input);
  let divisor = 1;
  let unit = base;
  for (const [d, u] of steps) {
    const threshold = d === 1_000 || d === 10_000 ? 10_000 : d === 1_000_000 ? 10_000_000 : 100_000_000;
    if (abs > threshold) [divisor, unit] = [d, u];
  }
  const value = Math.round((input / divisor) * 100) / 100;
  return { value: value === 0 ? 0 : value, unit, text: join(lang, fmt(value === 0 ? 0 : value), unit), scaled: divisor !== 1, divisor };
}

const INPUTS = [0, 1.5, 9_999.99, 10_000, 10_000.01, 12_345.678, 9_999_999, 10_000_000, 10_000_001, 99_999_999, 100_000_000, 123_456_789];

const boundaryCases = UNITS.flatMap(([unit, lang, base, steps, kwhScale]) =>
  INPUTS.flatMap((v) => [v, -v]).map(
    (v) =>
      [`${v} ${unit} (${lang}${kwhScale ? `, ${kwhScale}` : ''})`, v, unit, kwhScale, lang, expected(v, lang, base, steps)] as const,
  ),
);

describe('scaleUnit boundaries (strictly above 10 000 scales; M above 10⁷ in en, 亿 above 10⁸ in zh)', () => {
  it.each(boundaryCases)('%s', (_name, input, unit, kwhScale, lang, want) => {
    expect(scaleUnit(input, unit, { lang, kwhScale })).toEqual(want);
  });

  it('covers every known unit', () => {
    expect(new Set(UNITS.map((u) => u[0]))).toEqual(new Set(SCALABLE_UNITS));
  });
});

describe('scaleUnit reads naturally (issue 11 item 6)', () => {
  it.each<[NumericInput, string, Lang, string]>([
    [21_700, 't', 'zh', '2.17万吨'],
    [21_700, 't', 'en', '21.70 kt'],
    [155_550, '元', 'zh', '15.56万元'],
    [155_550, '元', 'en', '155.55 k CNY'],
    [1_200_000, '元', 'en', '1,200.00 k CNY'],
    [12_000_000, '元', 'en', '12.00 M CNY'],
    [123_456_789, '元', 'zh', '1.23亿元'],
    [26_082, '棵', 'zh', '2.61万棵'],
    [26_082, '棵', 'en', '26.08 k trees'],
    [850, '棵', 'en', '850.00 trees'],
    [240_200, 'kWh', 'zh', '24.02万kWh'],
    [240_200, 'kWh', 'en', '240.20 MWh'],
    [24_020_000, 'kWh', 'en', '24.02 GWh'],
    [-21_700, 't', 'en', '-21.70 kt'],
    [0, '元', 'en', '0.00 CNY'],
    [-0.001, '元', 'zh', '0.00元'],
  ])('%s %s (%s) → %s', (v, unit, lang, text) => {
    expect(scaleUnit(v, unit, { lang }).text).toBe(text);
  });

  it('English output has no CJK and no "10k" for any unit, sign or size', () => {
    for (const unit of SCALABLE_UNITS)
      for (const v of INPUTS.flatMap((x) => [x, -x, x * 1_000])) {
        const { text, unit: shown } = scaleUnit(v, unit, { lang: 'en' });
        expect(text).not.toMatch(/[\u3400-\u9fff]/);
        expect(text).not.toMatch(/10k/i);
        expect(shown).not.toMatch(/[\u3400-\u9fff]/);
      }
    for (const unit of SCALABLE_UNITS) expect(baseUnit(unit, 'en')).not.toMatch(/[\u3400-\u9fff]/);
  });

  it('the same figure rounds the same way on every page (477.30 t avoided → one tree count)', () => {
    const trees = treesForCo2T(477.3);
    expect(formatTrees(trees, 'zh').text).toBe('2.61万棵');
    expect(formatTrees(trees, 'en').text).toBe('26.08 k trees');
    // A StatCard (value, unit, precision) and a table cell (formatTrees) agree.
    expect(scaleUnit(trees, '棵', { lang: 'zh', precision: 2 }).text).toBe(formatTrees(trees, 'zh').text);
    expect(formatTrees(10_000, 'zh').text).toBe('10,000棵');
    expect(formatTrees(10_001, 'en').text).toBe('10.00 k trees');
  });
});

describe('scaleUnit details', () => {
  it.each<[string, NumericInput, string, Parameters<typeof scaleUnit>[2], Omit<ScaledValue, 'divisor'>]>([
    ['zh is the default', 20_000, '元', undefined, { value: 2, unit: '万元', text: '2.00万元', scaled: true }],
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
    ['numeric string input', '15000', 'kW', { lang: 'en' }, { value: 15, unit: 'MW', text: '15.00 MW', scaled: true }],
    ['unknown unit passes through', 123_456, 'A', {}, { value: 123_456, unit: 'A', text: '123,456.00A', scaled: false }],
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
  ])('%s', (_name, value, unit, options, want) => {
    const { divisor: _divisor, ...shown } = scaleUnit(value, unit, options);
    expect(shown).toEqual(want);
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
      unit: lang === 'en' ? 'CNY' : '元',
      text: '-',
      scaled: false,
      divisor: 1,
    });
  });

  it('joins number and unit per language and leaves "-" alone', () => {
    expect(joinUnit('1.50', 'kW', 'zh')).toBe('1.50kW');
    expect(joinUnit('1.50', 'kW', 'en')).toBe('1.50 kW');
    expect(joinUnit('-', 'kW', 'en')).toBe('-');
    expect(baseUnit('元', 'en')).toBe('CNY');
    expect(baseUnit('元', 'zh')).toBe('元');
    expect(baseUnit('A', 'en')).toBe('A');
  });
});
