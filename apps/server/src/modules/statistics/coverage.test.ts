import { describe, expect, it } from 'vitest';
import { bucketEnd, bucketStart, inProgress } from './coverage.js';

describe('buckets under way are not compared', () => {
  it('ends each bucket where the next one of its size starts, in the site zone', () => {
    expect(bucketEnd('2026-11-23', 'Asia/Shanghai').toISOString()).toBe('2026-11-23T16:00:00.000Z');
    expect(bucketEnd('2026-12', 'Asia/Shanghai').toISOString()).toBe(bucketStart('2027-01', 'Asia/Shanghai').toISOString());
    expect(bucketEnd('2026', 'America/New_York').toISOString()).toBe('2027-01-01T05:00:00.000Z');
    expect(bucketEnd('2026-11-23 10:00', 'Asia/Shanghai').toISOString()).toBe('2026-11-23T03:00:00.000Z');
    // The day of the autumn change in Berlin lasts 25 hours.
    expect(bucketEnd('2026-10-25', 'Europe/Berlin').getTime() - bucketStart('2026-10-25', 'Europe/Berlin').getTime()).toBe(25 * 3_600_000);
  });

  it('marks only the bucket that contains now', () => {
    const now = Date.parse('2026-11-23T16:23:00Z'); // 00:23 on the 24th in Shanghai, 11:23 on the 23rd in New York
    expect(inProgress('2026-11-24', 'Asia/Shanghai', now)).toBe(true);
    expect(inProgress('2026-11-23', 'Asia/Shanghai', now)).toBe(false);
    expect(inProgress('2026-11-23', 'America/New_York', now)).toBe(true);
    expect(inProgress('2026-11', 'Asia/Shanghai', now)).toBe(true);
    expect(inProgress('2026-10', 'Asia/Shanghai', now)).toBe(false);
    expect(inProgress('2026-11-25', 'Asia/Shanghai', now)).toBe(false);
  });
});
