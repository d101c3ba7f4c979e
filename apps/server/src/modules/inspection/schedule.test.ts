import { describe, expect, it } from 'vitest';
import { inspectionSchedule } from '@gridops/contract';
import { isOverdue, occurrenceDates, scheduleRrule, taskWindow } from './schedule.js';

const s = (o: Record<string, unknown>) => inspectionSchedule.parse(o);

describe('inspection schedule (RFC 5545 RRULE in the site zone)', () => {
  it('daily, weekly on chosen days, monthly and one-off occurrences are site dates', () => {
    expect(occurrenceDates(s({ kind: 'daily', start_date: '2026-03-01', until: '2026-03-04' }), '09:00', '2026-02-01', '2026-03-31')).toEqual(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04']);
    // 2026-03-02 is a Monday.
    expect(occurrenceDates(s({ kind: 'weekly', start_date: '2026-03-01', weekdays: [1, 4] }), '09:00', '2026-03-01', '2026-03-14')).toEqual(['2026-03-02', '2026-03-05', '2026-03-09', '2026-03-12']);
    // Months without a 31st are skipped (RFC 5545).
    expect(occurrenceDates(s({ kind: 'monthly', start_date: '2026-01-01', month_day: 31 }), '09:00', '2026-01-01', '2026-05-31')).toEqual(['2026-01-31', '2026-03-31', '2026-05-31']);
    expect(occurrenceDates(s({ kind: 'once', start_date: '2026-03-10' }), '09:00', '2026-03-01', '2026-03-31')).toEqual(['2026-03-10']);
    expect(occurrenceDates(s({ kind: 'daily', start_date: '2026-03-10' }), '09:00', '2026-03-01', '2026-03-09')).toEqual([]);
  });

  it('stores DTSTART with the site TZID and a floating UNTIL', () => {
    const text = scheduleRrule(s({ kind: 'weekly', start_date: '2026-03-02', until: '2026-06-30', weekdays: [5, 1] }), 'Asia/Shanghai', '09:30');
    expect(text).toBe('DTSTART;TZID=Asia/Shanghai:20260302T093000\nRRULE:FREQ=WEEKLY;UNTIL=20260630T235900;BYDAY=MO,FR');
  });

  it('keeps a 09:00–12:00 window at 09:00 local across a daylight-saving change (New York, 2026-03-08)', () => {
    const dates = occurrenceDates(s({ kind: 'daily', start_date: '2026-03-07' }), '09:00', '2026-03-07', '2026-03-09');
    const windows = dates.map((d) => taskWindow(d, '09:00', '12:00', 'America/New_York'));
    expect(windows.map((w) => w.start.toISOString())).toEqual(['2026-03-07T14:00:00.000Z', '2026-03-08T13:00:00.000Z', '2026-03-09T13:00:00.000Z']);
    expect(windows.map((w) => w.end.getTime() - w.start.getTime())).toEqual([3, 3, 3].map((h) => h * 3_600_000));
    // Shanghai has no DST: 09:00 is always 01:00Z.
    expect(taskWindow('2026-07-01', '09:00', '12:00', 'Asia/Shanghai').start.toISOString()).toBe('2026-07-01T01:00:00.000Z');
  });

  it('overdue: not done and the window has closed', () => {
    const end = new Date('2026-03-07T17:00:00Z');
    expect(isOverdue('pending', end, new Date('2026-03-07T16:59:59Z'))).toBe(false);
    expect(isOverdue('pending', end, new Date('2026-03-07T17:00:00Z'))).toBe(true);
    expect(isOverdue('in_progress', end, new Date('2026-03-08T00:00:00Z'))).toBe(true);
    expect(isOverdue('done', end, new Date('2026-03-08T00:00:00Z'))).toBe(false);
  });
});
