import { describe, it, expect } from 'vitest';
import { formatDate, formatRelative, toMillis } from './index.js';
import type { Lang, TimeInput } from './index.js';

const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** 2024-06-15 12:00:00 at UTC+8. */
const NOW = Date.UTC(2024, 5, 15, 4, 0, 0);
const TZ = 480;

describe('toMillis', () => {
  it.each<[string, TimeInput, number | null]>([
    ['10 digits are seconds', 1_700_000_000, 1_700_000_000_000],
    ['10-digit string is seconds', '1700000000', 1_700_000_000_000],
    ['13 digits are milliseconds', 1_700_000_000_123, 1_700_000_000_123],
    ['13-digit string is milliseconds', ' 1700000000123 ', 1_700_000_000_123],
    ['12 digits are seconds', 170_000_000_000, 170_000_000_000_000],
    ['12-digit string is seconds', '170000000000', 170_000_000_000_000],
    ['smallest 13 digits are milliseconds', 1_000_000_000_000, 1_000_000_000_000],
    ['largest 12 digits are seconds', 999_999_999_999, 999_999_999_999_000],
    ['14 digits are seconds and out of range', 10_000_000_000_000, null],
    ['fractional seconds', 1_700_000_000.5, 1_700_000_000_500],
    ['fractional seconds rounded to ms', 1_700_000_000.1234, 1_700_000_000_123],
    ['negative 10 digits are seconds', -1_000_000_000, -1_000_000_000_000],
    ['negative 13 digits are milliseconds', -1_000_000_000_000, -1_000_000_000_000],
    ['zero is the epoch', 0, 0],
    ['Date object', new Date(1_700_000_000_123), 1_700_000_000_123],
    ['ISO string with offset', '2024-06-15T12:00:00+08:00', NOW],
    ['null', null, null],
    ['undefined', undefined, null],
    ['empty string', '', null],
    ['whitespace string', '   ', null],
    ['NaN', Number.NaN, null],
    ['Infinity', Number.POSITIVE_INFINITY, null],
    ['garbage string', 'not a date', null],
    ['invalid Date', new Date(Number.NaN), null],
  ])('%s', (_name, input, expected) => {
    expect(toMillis(input)).toBe(expected);
  });

  it('reads an offset-less date string in local time', () => {
    expect(toMillis('2024-05-01 08:30:00')).toBe(new Date(2024, 4, 1, 8, 30, 0).getTime());
  });
});

describe('formatDate', () => {
  it.each<[string, TimeInput, string | undefined, string]>([
    ['10-digit seconds, default pattern', 1_700_000_000, undefined, '2023-11-15 06:13:20'],
    ['13-digit ms, default pattern', 1_700_000_000_999, undefined, '2023-11-15 06:13:20'],
    ['12-digit value is seconds', 170_000_000_000, 'YYYY', '7357'],
    ['numeric string', '1700000000', undefined, '2023-11-15 06:13:20'],
    ['Date object', new Date(NOW), undefined, '2024-06-15 12:00:00'],
    ['custom pattern', NOW, 'YYYY/MM/DD HH:mm', '2024/06/15 12:00'],
    ['bracket literal', NOW, 'YYYY[年]M[月]D[日]', '2024年6月15日'],
    ['epoch zero is a date, not empty', 0, undefined, '1970-01-01 08:00:00'],
    ['null', null, undefined, '-'],
    ['undefined', undefined, undefined, '-'],
    ['empty string', '', undefined, '-'],
    ['NaN', Number.NaN, undefined, '-'],
    ['invalid string', 'nope', undefined, '-'],
    ['empty with custom pattern', null, 'YYYY', '-'],
  ])('%s', (_name, input, pattern, expected) => {
    expect(formatDate(input, pattern, { tz: TZ })).toBe(expected);
  });

  it.each<[string, number, string]>([
    ['UTC', 0, '2024-06-15 04:00:00'],
    ['UTC+8 in minutes', 480, '2024-06-15 12:00:00'],
    ['UTC+8 in hours', 8, '2024-06-15 12:00:00'],
    ['UTC-5', -300, '2024-06-14 23:00:00'],
    ['UTC+5:30', 330, '2024-06-15 09:30:00'],
  ])('tz offset %s', (_name, tz, expected) => {
    expect(formatDate(NOW, undefined, { tz })).toBe(expected);
  });

  it.each<[string, number, string]>([
    ['Z', 480, '2024-06-15T12:00:00+08:00'],
    ['Z negative half hour', -210, '2024-06-15T00:30:00-03:30'],
    ['Z UTC', 0, '2024-06-15T04:00:00+00:00'],
  ])('zone token %s', (_name, tz, expected) => {
    expect(formatDate(NOW, 'YYYY-MM-DDTHH:mm:ssZ', { tz })).toBe(expected);
  });

  it('prints ZZ and keeps bracketed Z literal', () => {
    expect(formatDate(NOW, 'HH:mm ZZ [Z]', { tz: 480 })).toBe('12:00 +0800 Z');
  });

  it('fixed offsets do not depend on the runtime zone around historical dates', () => {
    expect(formatDate(-1000, undefined, { tz: 480 })).toBe('1970-01-01 07:43:20');
    expect(formatDate(Date.UTC(2024, 2, 10, 7, 30) / 1000, undefined, { tz: -300 })).toBe(
      '2024-03-10 02:30:00',
    );
  });

  it('uses the runtime local time zone without tz', () => {
    const d = new Date(NOW);
    const pad = (n: number) => String(n).padStart(2, '0');
    const expected = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
    expect(formatDate(NOW)).toBe(expected);
    expect(formatDate(NOW / 1000)).toBe(expected);
  });
});

describe('formatRelative', () => {
  const cases: [string, number, string, string][] = [
    ['0 s', 0, '刚刚', 'just now'],
    ['59 s', 59 * SEC, '刚刚', 'just now'],
    ['59.999 s', MIN - 1, '刚刚', 'just now'],
    ['60 s', MIN, '1分钟前', '1 min ago'],
    ['119 s', 2 * MIN - SEC, '1分钟前', '1 min ago'],
    ['2 min', 2 * MIN, '2分钟前', '2 min ago'],
    ['59 min', 59 * MIN, '59分钟前', '59 min ago'],
    ['59 min 59 s', HOUR - SEC, '59分钟前', '59 min ago'],
    ['60 min', HOUR, '1小时前', '1 h ago'],
    ['2 h', 2 * HOUR, '2小时前', '2 h ago'],
    ['23 h', 23 * HOUR, '23小时前', '23 h ago'],
    ['23 h 59 min 59 s', DAY - SEC, '23小时前', '23 h ago'],
    ['24 h', DAY, '1天前', '1 day ago'],
    ['47 h', 2 * DAY - HOUR, '1天前', '1 day ago'],
    ['2 d', 2 * DAY, '2天前', '2 days ago'],
    ['15 d', 15 * DAY, '15天前', '15 days ago'],
    ['15 d 23 h 59 min', 16 * DAY - MIN, '15天前', '15 days ago'],
    ['16 d (same year)', 16 * DAY, '05-30', '05-30'],
    ['100 d (same year)', 100 * DAY, '03-07', '03-07'],
    ['200 d (other year)', 200 * DAY, '2023-11-28', '2023-11-28'],
    ['30 s in the future', -30 * SEC, '刚刚', 'just now'],
    ['59 s in the future', -59 * SEC, '刚刚', 'just now'],
    ['60 s in the future', -MIN, '06-15', '06-15'],
    ['1 year in the future', -366 * DAY, '2025-06-16', '2025-06-16'],
  ];

  it.each(cases)('%s ago → zh %s / en %s', (_name, elapsed, zh, en) => {
    expect(formatRelative(NOW - elapsed, { now: NOW, tz: TZ })).toBe(zh);
    expect(formatRelative(NOW - elapsed, { now: NOW, tz: TZ, lang: 'zh' })).toBe(zh);
    expect(formatRelative(NOW - elapsed, { now: NOW, tz: TZ, lang: 'en' })).toBe(en);
  });

  it.each<[string, number, number, number, string]>([
    // [name, now, value, tz, expected]
    [
      'same year at UTC+8 though not in UTC',
      Date.UTC(2024, 0, 20, 0, 0),
      Date.UTC(2023, 11, 31, 20, 0),
      480,
      '01-01',
    ],
    ['other year in UTC', Date.UTC(2024, 0, 20, 0, 0), Date.UTC(2023, 11, 31, 20, 0), 0, '2023-12-31'],
    [
      'Jan 1 vs Dec 31 of the previous year',
      Date.UTC(2024, 0, 1, 0, 0),
      Date.UTC(2022, 11, 31, 0, 0),
      0,
      '2022-12-31',
    ],
    [
      'Jan 1 vs Dec 31 of the same year',
      Date.UTC(2024, 11, 31, 0, 0),
      Date.UTC(2024, 0, 1, 0, 0),
      0,
      '01-01',
    ],
    [
      'other year just past 15 days',
      Date.UTC(2024, 0, 10, 0, 0),
      Date.UTC(2023, 11, 25, 0, 0),
      0,
      '2023-12-25',
    ],
    [
      'other year within 15 days is still relative',
      Date.UTC(2024, 0, 10, 0, 0),
      Date.UTC(2023, 11, 26, 0, 0),
      0,
      '15天前',
    ],
  ])('%s', (_name, now, value, tz, expected) => {
    expect(formatRelative(value, { now, tz })).toBe(expected);
  });

  it.each<[string, TimeInput]>([
    ['null', null],
    ['undefined', undefined],
    ['empty string', ''],
    ['NaN', Number.NaN],
    ['invalid string', 'yesterday-ish'],
  ])('empty value %s → "-"', (_name, input) => {
    expect(formatRelative(input, { now: NOW })).toBe('-');
    expect(formatRelative(input, { now: NOW, lang: 'en' })).toBe('-');
  });

  it.each<[string, TimeInput, TimeInput, string]>([
    ['10-digit value, 13-digit now', (NOW - 5 * MIN) / 1000, NOW, '5分钟前'],
    ['13-digit value, 10-digit now', NOW - 5 * MIN, NOW / 1000, '5分钟前'],
    ['numeric strings', String((NOW - 3 * HOUR) / 1000), String(NOW), '3小时前'],
    ['Date objects', new Date(NOW - 2 * DAY), new Date(NOW), '2天前'],
  ])('timestamp units: %s', (_name, value, now, expected) => {
    expect(formatRelative(value, { now })).toBe(expected);
  });

  it.each<[string | undefined, string]>([
    [undefined, '1分钟前'],
    ['zh-CN', '1分钟前'],
    ['en-US', '1 min ago'],
    ['EN', '1 min ago'],
    ['fr', '1分钟前'],
  ])('lang %s', (lang, expected) => {
    // Untyped callers may pass locale strings; they are normalised.
    expect(formatRelative(NOW - MIN, { now: NOW, lang: lang as Lang | undefined })).toBe(expected);
  });

  it('defaults now to Date.now()', () => {
    expect(formatRelative(Date.now() - 10 * SEC)).toBe('刚刚');
    expect(formatRelative(Date.now() - 3 * HOUR, { lang: 'en' })).toBe('3 h ago');
  });
});
