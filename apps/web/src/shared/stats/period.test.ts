import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  changeKind,
  comparisonRange,
  defaultPeriod,
  granularityOf,
  isFuturePeriod,
  isValidRange,
  periodLabel,
  periodRange,
  shiftPeriod,
  toPeriodQuery,
} from './period';
import type { PeriodValue } from './period';

const today = dayjs('2024-03-15');

describe('period model', () => {
  it('starts each kind around today', () => {
    expect(defaultPeriod('day', today)).toEqual({ period: 'day', date: '2024-03-15' });
    expect(defaultPeriod('custom', today)).toEqual({
      period: 'custom',
      from: '2024-03-09',
      to: '2024-03-15',
    });
  });

  it.each([
    [{ period: 'day', date: '2024-03-15' }, '2024-03-15', '2024-03-15', 'hour', '2024-03-15'],
    [{ period: 'month', date: '2024-02-10' }, '2024-02-01', '2024-02-29', 'day', '2024-02'],
    [{ period: 'year', date: '2024-02-10' }, '2024-01-01', '2024-12-31', 'month', '2024'],
    [
      { period: 'custom', from: '2024-01-30', to: '2024-02-02' },
      '2024-01-30',
      '2024-02-02',
      'day',
      '2024-01-30 ~ 2024-02-02',
    ],
  ] as [PeriodValue, string, string, string, string][])('%o → %s..%s', (v, from, to, gran, label) => {
    expect(periodRange(v)).toEqual({ from, to });
    expect(granularityOf(v.period)).toBe(gran);
    expect(periodLabel(v)).toBe(label);
  });

  it('builds the contract query', () => {
    expect(toPeriodQuery({ period: 'month', date: '2024-02-10' })).toEqual({
      period: 'month',
      date: '2024-02-10',
    });
    expect(toPeriodQuery({ period: 'custom', from: '2024-01-01', to: '2024-01-31' })).toEqual({
      period: 'custom',
      from: '2024-01-01',
      to: '2024-01-31',
    });
  });

  it('shifts by whole periods', () => {
    expect(shiftPeriod({ period: 'month', date: '2024-03-31' }, -1)).toEqual({
      period: 'month',
      date: '2024-02-29',
    });
    expect(shiftPeriod({ period: 'custom', from: '2024-03-01', to: '2024-03-10' }, -1)).toEqual({
      period: 'custom',
      from: '2024-02-20',
      to: '2024-02-29',
    });
  });

  it('gives the month-on-month and year-on-year ranges', () => {
    expect(comparisonRange({ period: 'month', date: '2024-03-15' }, 'mom')).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
    });
    expect(comparisonRange({ period: 'month', date: '2024-02-15' }, 'yoy')).toEqual({
      from: '2023-02-01',
      to: '2023-02-28',
    });
    expect(comparisonRange({ period: 'day', date: '2024-02-29' }, 'yoy')).toEqual({
      from: '2023-02-28',
      to: '2023-02-28',
    });
    expect(comparisonRange({ period: 'year', date: '2024-06-01' }, 'mom')).toEqual({
      from: '2023-01-01',
      to: '2023-12-31',
    });
  });

  it('keeps the anchor when the kind changes', () => {
    expect(changeKind({ period: 'day', date: '2024-03-15' }, 'month')).toEqual({
      period: 'month',
      date: '2024-03-15',
    });
    expect(changeKind({ period: 'month', date: '2024-03-15' }, 'custom')).toEqual({
      period: 'custom',
      from: '2024-03-01',
      to: '2024-03-31',
    });
    expect(changeKind({ period: 'custom', from: '2024-03-01', to: '2024-03-09' }, 'year')).toEqual({
      period: 'year',
      date: '2024-03-09',
    });
  });

  it('validates custom ranges and future periods', () => {
    expect(isValidRange({ from: '2024-01-01', to: '2024-01-01' })).toBe(true);
    expect(isValidRange({ from: '2024-01-02', to: '2024-01-01' })).toBe(false);
    expect(isValidRange({ from: '2023-01-01', to: '2024-02-04' })).toBe(true); // 400 days
    expect(isValidRange({ from: '2023-01-01', to: '2024-02-05' })).toBe(false);
    expect(isFuturePeriod({ period: 'day', date: '2024-03-16' }, today)).toBe(true);
    expect(isFuturePeriod({ period: 'month', date: '2024-03-31' }, today)).toBe(false);
  });
});
