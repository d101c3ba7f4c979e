import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@gridops/contract';
import { bucketKeys, dayStart, localToday, resolvePeriod } from './periods.js';

describe('period pickers', () => {
  it('resolves a month with the previous month (across the year boundary) and the same month last year', () => {
    const p = resolvePeriod({ period: 'month', date: '2025-01-15' });
    expect(p.range).toEqual({ from: '2025-01-01', to: '2025-01-31' });
    expect(p.mom).toEqual({ from: '2024-12-01', to: '2024-12-31' });
    expect(p.yoy).toEqual({ from: '2024-01-01', to: '2024-01-31' });
    expect(p.granularity).toBe('day');
  });

  it('knows month lengths and leap years', () => {
    expect(resolvePeriod({ period: 'month', date: '2024-03-10' }).mom).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
    });
    expect(resolvePeriod({ period: 'day', date: '2024-02-29' }).yoy).toEqual({
      from: '2023-02-28',
      to: '2023-02-28',
    });
    expect(bucketKeys({ from: '2024-02-28', to: '2024-03-01' }, 'day')).toEqual([
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
  });

  it('compares a custom range with the window just before it', () => {
    const p = resolvePeriod({ period: 'custom', from: '2025-03-01', to: '2025-03-10' });
    expect(p.mom).toEqual({ from: '2025-02-19', to: '2025-02-28' });
    expect(p.yoy).toEqual({ from: '2024-03-01', to: '2024-03-10' });
  });

  it('uses Asia/Shanghai days: local midnight is 16:00 UTC the day before', () => {
    expect(dayStart('2025-01-01').toISOString()).toBe('2024-12-31T16:00:00.000Z');
    expect(localToday(new Date('2024-12-31T16:30:00Z'))).toBe('2025-01-01');
    expect(bucketKeys({ from: '2025-01-01', to: '2025-01-01' }, 'hour')).toHaveLength(24);
    expect(bucketKeys({ from: '2024-11-01', to: '2025-02-10' }, 'month')).toEqual([
      '2024-11',
      '2024-12',
      '2025-01',
      '2025-02',
    ]);
  });

  it('rejects impossible dates and ranges with 10006 naming the field', () => {
    const codeOf = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return [(e as { code: number }).code, (e as { field: string }).field];
      }
      return null;
    };
    expect(codeOf(() => resolvePeriod({ period: 'day', date: '2025-02-30' }))).toEqual([
      ErrorCode.Validation,
      'date',
    ]);
    expect(codeOf(() => resolvePeriod({ period: 'custom', from: '2025-01-01' }))).toEqual([
      ErrorCode.Validation,
      'to',
    ]);
    expect(codeOf(() => resolvePeriod({ period: 'custom', from: '2025-02-01', to: '2025-01-01' }))).toEqual([
      ErrorCode.Validation,
      'to',
    ]);
    expect(codeOf(() => resolvePeriod({ period: 'custom', from: '2023-01-01', to: '2025-01-01' }))).toEqual([
      ErrorCode.Validation,
      'to',
    ]);
  });
});
