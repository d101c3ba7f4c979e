import { describe, expect, it } from 'vitest';
import { planHistory } from './service.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const at = (iso: string) => new Date(iso);

describe('planHistory', () => {
  it.each([
    // range, width → source, bucket
    ['2 hours on 720 px', 2 * HOUR, 720, 'telemetry', 10_000],
    ['1 day on 1 500 px', DAY, 1500, 'telemetry', 58_000],
    ['10 days on 1 000 px (14.4 min)', 10 * DAY, 1000, 'telemetry', 864_000],
    ['15.625 days on 1 500 px (exactly 15 min)', 15.625 * DAY, 1500, 'quarter_hour', 15 * MIN],
    ['30 days on 1 500 px (28.8 min → 30)', 30 * DAY, 1500, 'quarter_hour', 30 * MIN],
    ['40 days on 1 500 px (38.4 min → 45)', 40 * DAY, 1500, 'quarter_hour', 45 * MIN],
    ['90 days on 1 500 px (86.4 min → 2 h)', 90 * DAY, 1500, 'hourly', 2 * HOUR],
    ['366 days on 300 px', 366 * DAY, 300, 'daily', 2 * DAY],
  ] as const)('%s', (_label, range, width, source, bucketMs) => {
    const from = at('2026-10-01T03:07:00Z');
    const plan = planHistory(from, new Date(from.getTime() + range), width, 'Asia/Shanghai');
    expect(plan.source).toBe(source);
    expect(plan.bucketMs).toBe(bucketMs);
  });

  it('starts rollup buckets on the rollup grid that holds `from`', () => {
    expect(planHistory(at('2026-10-01T03:07:00Z'), at('2026-10-31T03:07:00Z'), 1500, 'Asia/Shanghai').origin.toISOString()).toBe('2026-10-01T03:00:00.000Z');
    expect(planHistory(at('2026-10-01T03:07:00Z'), at('2026-12-30T03:07:00Z'), 1500, 'Asia/Shanghai').origin.toISOString()).toBe('2026-10-01T03:00:00.000Z');
    // Daily buckets start at local (Asia/Shanghai) midnight.
    expect(planHistory(at('2026-10-01T03:07:00Z'), at('2027-10-01T03:07:00Z'), 300, 'Asia/Shanghai').origin.toISOString()).toBe('2026-09-30T16:00:00.000Z');
  });
});
