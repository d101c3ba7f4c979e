import { describe, it, expect } from 'vitest';
import { formatNumber, isEmptyValue, normalizeLang, round, toNumber } from './index.js';
import type { NumericInput } from './index.js';

describe('formatNumber', () => {
  it.each<[string, NumericInput, number | undefined, string]>([
    ['integer', 1234567, undefined, '1,234,567'],
    ['decimal kept as is', 1234.5, undefined, '1,234.5'],
    ['small number', 999, undefined, '999'],
    ['zero', 0, undefined, '0'],
    ['negative zero', -0, undefined, '0'],
    ['negative', -1234567.25, undefined, '-1,234,567.25'],
    ['precision pads', 1234, 2, '1,234.00'],
    ['precision rounds half up', 1234.565, 2, '1,234.57'],
    ['precision rounds 1.005 up', 1.005, 2, '1.01'],
    ['negative rounds half away from zero', -1.005, 2, '-1.01'],
    ['precision 0', 9999.5, 0, '10,000'],
    ['tiny negative rounds to unsigned zero', -0.001, 2, '0.00'],
    ['9999.99', 9999.99, 2, '9,999.99'],
    ['10000', 10000, 2, '10,000.00'],
    ['10000.01', 10000.01, 2, '10,000.01'],
    ['-9999.99', -9999.99, 2, '-9,999.99'],
    ['-10000.01', -10000.01, 2, '-10,000.01'],
    ['numeric string', '1234567.891', 2, '1,234,567.89'],
    ['string with spaces', ' -42 ', undefined, '-42'],
    ['exponent string', '1e4', undefined, '10,000'],
    ['very large', 1e21, undefined, '1,000,000,000,000,000,000,000'],
    ['very small', 1e-7, undefined, '0.0000001'],
    ['negative precision clamps to 0', 12.6, -3, '13'],
    ['fractional precision truncates', 12.345, 1.9, '12.3'],
    ['null', null, undefined, '-'],
    ['undefined', undefined, 2, '-'],
    ['empty string', '', 2, '-'],
    ['whitespace', '  ', 2, '-'],
    ['NaN', Number.NaN, 2, '-'],
    ['Infinity', Number.POSITIVE_INFINITY, 2, '-'],
    ['-Infinity', Number.NEGATIVE_INFINITY, undefined, '-'],
    ['non-numeric string', 'abc', 2, '-'],
    ['grouped string is not parsed', '1,234', 2, '-'],
    ['hex string is not parsed', '0x10', undefined, '-'],
  ])('%s', (_name, value, precision, expected) => {
    expect(formatNumber(value, precision)).toBe(expected);
  });
});

describe('round', () => {
  it.each<[number, number, number]>([
    [1.005, 2, 1.01],
    [-1.005, 2, -1.01],
    [2.5, 0, 3],
    [-2.5, 0, -3],
    [1.23456, 3, 1.235],
    [-0.0001, 2, 0],
    [1e-7, 2, 0],
    [1e21, 2, 1e21],
  ])('round(%d, %d) = %d', (value, precision, expected) => {
    expect(Object.is(round(value, precision), expected)).toBe(true);
  });
});

describe('toNumber / isEmptyValue / normalizeLang', () => {
  it.each<[NumericInput, number | null]>([
    [5, 5],
    ['5.5', 5.5],
    ['.5', 0.5],
    ['-5.', -5],
    ['', null],
    [null, null],
    ['5px', null],
  ])('toNumber(%j) = %j', (value, expected) => {
    expect(toNumber(value)).toBe(expected);
  });

  it.each<[unknown, boolean]>([
    [null, true],
    [undefined, true],
    ['', true],
    [' ', true],
    [Number.NaN, true],
    [0, false],
    ['0', false],
    ['-', false],
  ])('isEmptyValue(%j) = %s', (value, expected) => {
    expect(isEmptyValue(value)).toBe(expected);
  });

  it.each<[string | undefined | null, string]>([
    [undefined, 'zh'],
    [null, 'zh'],
    ['zh', 'zh'],
    ['zh-CN', 'zh'],
    ['en', 'en'],
    ['en-US', 'en'],
    ['EN_gb', 'en'],
    ['de', 'zh'],
  ])('normalizeLang(%j) = %s', (lang, expected) => {
    expect(normalizeLang(lang)).toBe(expected);
  });
});
