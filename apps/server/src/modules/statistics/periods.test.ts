import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@gridops/contract';
import { bucketKeys, resolvePeriod, siteDate, siteDayStart } from './periods.js';

const SHANGHAI = 'Asia/Shanghai';
const BERLIN = 'Europe/Berlin';

describe('period pickers', () => {
  it('resolves a month with the previous month (across the year boundary) and the same month last year', () => {
    const p = resolvePeriod({ period: 'month', date: '2025-01-15' }, SHANGHAI);
    expect(p.range).toEqual({ from: '2025-01-01', to: '2025-01-31' });
    expect(p.mom).toEqual({ from: '2024-12-01', to: '2024-12-31' });
    expect(p.yoy).toEqual({ from: '2024-01-01', to: '2024-01-31' });
    expect(p.granularity).toBe('day');
  });

  it('knows month lengths and leap years', () => {
    expect(resolvePeriod({ period: 'month', date: '2024-03-10' }, SHANGHAI).mom).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
    });
    expect(resolvePeriod({ period: 'day', date: '2024-02-29' }, SHANGHAI).yoy).toEqual({
      from: '2023-02-28',
      to: '2023-02-28',
    });
    expect(bucketKeys({ from: '2024-02-28', to: '2024-03-01' }, 'day', SHANGHAI)).toEqual([
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
  });

  it('compares a custom range with the window just before it', () => {
    const p = resolvePeriod({ period: 'custom', from: '2025-03-01', to: '2025-03-10' }, SHANGHAI);
    expect(p.mom).toEqual({ from: '2025-02-19', to: '2025-02-28' });
    expect(p.yoy).toEqual({ from: '2024-03-01', to: '2024-03-10' });
  });

  it('uses the site\'s days: Shanghai midnight is 16:00 UTC the day before, Berlin\'s 23:00', () => {
    expect(siteDayStart('2025-01-01', SHANGHAI).toISOString()).toBe('2024-12-31T16:00:00.000Z');
    expect(siteDayStart('2025-01-01', BERLIN).toISOString()).toBe('2024-12-31T23:00:00.000Z');
    expect(siteDate(SHANGHAI, new Date('2024-12-31T16:30:00Z'))).toBe('2025-01-01');
    expect(siteDate(BERLIN, new Date('2024-12-31T16:30:00Z'))).toBe('2024-12-31');
    expect(bucketKeys({ from: '2025-01-01', to: '2025-01-01' }, 'hour', SHANGHAI)).toHaveLength(24);
    expect(bucketKeys({ from: '2024-11-01', to: '2025-02-10' }, 'month', SHANGHAI)).toEqual([
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
    expect(codeOf(() => resolvePeriod({ period: 'day', date: '2025-02-30' }, SHANGHAI))).toEqual([
      ErrorCode.Validation,
      'date',
    ]);
    expect(codeOf(() => resolvePeriod({ period: 'custom', from: '2025-01-01' }, SHANGHAI))).toEqual([
      ErrorCode.Validation,
      'to',
    ]);
    expect(codeOf(() => resolvePeriod({ period: 'custom', from: '2025-02-01', to: '2025-01-01' }, SHANGHAI))).toEqual([
      ErrorCode.Validation,
      'to',
    ]);
    expect(codeOf(() => resolvePeriod({ period: 'custom', from: '2023-01-01', to: '2025-01-01' }, SHANGHAI))).toEqual([
      ErrorCode.Validation,
      'to',
    ]);
  });
});
