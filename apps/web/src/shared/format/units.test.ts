import { describe, expect, it } from 'vitest';
import { scaleUnit } from '@gridops/format';
import { unitScaleFor } from './units';

describe('scaleUnit as the console uses it', () => {
  it.each([
    [12000, 'kVA', 'zh', '12.00MVA'],
    [12000, 'kVA', 'en', '12.00 MVA'],
    [10000, 'kVA', 'zh', '10,000.00kVA'],
    [800, 'kvar', 'en', '800.00 kvar'],
    [20000, 'kvar', 'zh', '20.00Mvar'],
    [null, 'kVA', 'zh', '-'],
    [15000, '元', 'zh', '1.50万元'],
    [15000, 'kW', 'en', '15.00 MW'],
    [15000, '元', 'en', '15.00 k CNY'],
    [21700, 't', 'en', '21.70 kt'],
    [26082, '棵', 'en', '26.08 k trees'],
  ] as const)('%s %s (%s) → %s', (v, unit, lang, text) => {
    expect(scaleUnit(v, unit, { lang }).text).toBe(text);
  });

  it('keeps the base unit name for empty values', () => {
    expect(scaleUnit(undefined, 'kVA').unit).toBe('kVA');
  });
});

describe('unitScaleFor', () => {
  it('picks one scale from the largest absolute value', () => {
    expect(unitScaleFor([100, -25000, null], 'kW', { lang: 'zh' })).toEqual({ divisor: 1000, unit: 'MW' });
    expect(unitScaleFor([12345.678], '元', { lang: 'en' })).toEqual({ divisor: 1000, unit: 'k CNY' });
    expect(unitScaleFor([12_345_678], '元', { lang: 'en' })).toEqual({ divisor: 1_000_000, unit: 'M CNY' });
    expect(unitScaleFor([123_456_789], '元', { lang: 'zh' })).toEqual({ divisor: 100_000_000, unit: '亿元' });
    expect(unitScaleFor([12345], 'kWh', { lang: 'en' })).toEqual({ divisor: 1000, unit: 'MWh' });
    expect(unitScaleFor([12345], 'kWh', { lang: 'zh' })).toEqual({ divisor: 10000, unit: '万kWh' });
    expect(unitScaleFor([10000], 'kW')).toEqual({ divisor: 1, unit: 'kW' });
    expect(unitScaleFor([], 'kVA')).toEqual({ divisor: 1, unit: 'kVA' });
    expect(unitScaleFor([50000], '%')).toEqual({ divisor: 1, unit: '%' });
  });
});
