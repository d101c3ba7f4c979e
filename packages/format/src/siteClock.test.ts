import { describe, expect, it } from 'vitest';
import { formatDate } from './time.js';
import {
  PeriodError,
  bucketKeys,
  formatInZone,
  isValidZone,
  resolvePeriod,
  siteDate,
  siteDayEnd,
  siteDayStart,
  siteNow,
  toZonedIso,
  wallClock,
  formatSiteTimeFor,
  shortOffsetLabel,
  zoneLabel,
  zoneOffsetMinutes,
  zonedInstant,
} from './siteClock.js';

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';
const HOUR = 3_600_000;
const hoursOf = (date: string, zone: string) => (siteDayEnd(date, zone).getTime() - siteDayStart(date, zone).getTime()) / HOUR;

describe('site day boundaries', () => {
  it('Berlin: local midnight in winter and summer, 23 h on the spring change, 25 h on the autumn change', () => {
    expect(siteDayStart('2024-01-15', BERLIN).toISOString()).toBe('2024-01-14T23:00:00.000Z');
    expect(siteDayStart('2024-07-15', BERLIN).toISOString()).toBe('2024-07-14T22:00:00.000Z');
    expect(hoursOf('2024-03-30', BERLIN)).toBe(24);
    expect(hoursOf('2024-03-31', BERLIN)).toBe(23);
    expect(hoursOf('2024-04-01', BERLIN)).toBe(24);
    expect(hoursOf('2024-10-27', BERLIN)).toBe(25);
    expect(siteDayEnd('2024-10-27', BERLIN).toISOString()).toBe('2024-10-27T23:00:00.000Z');
  });

  it('New York: midnight at UTC-5 / UTC-4 and the 23 h / 25 h days of its own changes', () => {
    expect(siteDayStart('2024-01-15', NEW_YORK).toISOString()).toBe('2024-01-15T05:00:00.000Z');
    expect(siteDayStart('2024-07-04', NEW_YORK).toISOString()).toBe('2024-07-04T04:00:00.000Z');
    expect(hoursOf('2024-03-10', NEW_YORK)).toBe(23);
    expect(hoursOf('2024-11-03', NEW_YORK)).toBe(25);
  });

  it('Shanghai keeps 24 h days all year', () => {
    for (const d of ['2024-03-31', '2024-10-27', '2024-03-10', '2024-11-03']) expect(hoursOf(d, 'Asia/Shanghai')).toBe(24);
  });

  it('the site date of an instant is the zone’s, not the runtime’s', () => {
    const t = Date.parse('2026-10-31T23:30:00Z');
    expect(siteDate(BERLIN, t)).toBe('2026-11-01'); // CET, +1
    expect(siteDate(NEW_YORK, t)).toBe('2026-10-31'); // EDT, -4
    expect(siteNow(NEW_YORK, t)).toBe('2026-10-31 19:30');
    expect(siteNow('Asia/Shanghai', t)).toBe('2026-11-01 07:30');
  });

  it('a month’s first instant is its first local midnight', () => {
    expect(siteDayStart('2026-11-01', NEW_YORK).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(siteDayStart('2026-11-01', BERLIN).toISOString()).toBe('2026-10-31T23:00:00.000Z');
    expect(formatInZone(siteDayStart('2026-11-01', NEW_YORK), NEW_YORK)).toBe('2026-11-01 00:00:00');
  });
});

describe('wall clock and offsets', () => {
  it('follows daylight saving', () => {
    expect(zoneOffsetMinutes(Date.parse('2024-01-01T12:00:00Z'), BERLIN)).toBe(60);
    expect(zoneOffsetMinutes(Date.parse('2024-07-01T12:00:00Z'), BERLIN)).toBe(120);
    expect(zoneOffsetMinutes(Date.parse('2024-01-01T12:00:00Z'), NEW_YORK)).toBe(-300);
    expect(zoneOffsetMinutes(Date.parse('2024-07-01T12:00:00Z'), NEW_YORK)).toBe(-240);
    expect(zoneOffsetMinutes(Date.parse('2024-07-01T12:00:00Z'), 'Asia/Kolkata')).toBe(330);
  });

  it('changes exactly at the transition instant', () => {
    const change = Date.parse('2024-03-31T01:00:00Z');
    expect(formatInZone(change - 1000, BERLIN)).toBe('2024-03-31 01:59:59');
    expect(formatInZone(change, BERLIN)).toBe('2024-03-31 03:00:00');
  });

  it('gives weekday and fields', () => {
    expect(wallClock(Date.parse('2024-03-10T06:59:00Z'), NEW_YORK)).toEqual({ year: 2024, month: 3, day: 10, hour: 1, minute: 59, second: 0, weekday: 0 });
  });

  it('maps wall times to instants, stepping over a spring gap', () => {
    expect(new Date(zonedInstant(BERLIN, 2024, 3, 31, 1, 30)).toISOString()).toBe('2024-03-31T00:30:00.000Z');
    expect(new Date(zonedInstant(BERLIN, 2024, 3, 31, 2, 30)).toISOString()).toBe('2024-03-31T01:30:00.000Z'); // 03:30 CEST
    expect(new Date(zonedInstant(BERLIN, 2024, 3, 31, 3, 0)).toISOString()).toBe('2024-03-31T01:00:00.000Z');
  });

  it('formats ISO with the offset and names the zone', () => {
    expect(toZonedIso(Date.parse('2024-07-01T12:00:00Z'), BERLIN)).toBe('2024-07-01T14:00:00+02:00');
    expect(toZonedIso(Date.parse('2024-01-01T12:00:00Z'), NEW_YORK)).toBe('2024-01-01T07:00:00-05:00');
    expect(zoneLabel(BERLIN, Date.parse('2024-01-01T12:00:00Z'))).toBe('Europe/Berlin (UTC+01:00)');
  });

  it('formatDate accepts an IANA zone as tz and agrees with formatInZone', () => {
    for (const t of [Date.parse('2024-03-31T00:59:00Z'), Date.parse('2024-03-31T01:00:00Z'), Date.parse('2024-10-27T00:30:00Z')]) {
      expect(formatDate(t, 'YYYY-MM-DD HH:mm:ss', { tz: BERLIN })).toBe(formatInZone(t, BERLIN));
    }
    expect(formatDate(Date.parse('2024-07-01T12:00:00Z'), 'HH:mm Z', { tz: NEW_YORK })).toBe('08:00 -04:00');
  });

  it('knows valid zones', () => {
    expect(isValidZone(BERLIN)).toBe(true);
    expect(isValidZone('Mars/Olympus')).toBe(false);
    expect(isValidZone('')).toBe(false);
  });
});

describe('periods', () => {
  it('resolves today’s period at the site, not in UTC', () => {
    const lateEvening = Date.parse('2024-03-31T23:30:00Z'); // 01:30 on 1 April in Berlin, 19:30 on 31 March in New York
    expect(resolvePeriod({ period: 'month' }, BERLIN, lateEvening).range).toEqual({ from: '2024-04-01', to: '2024-04-30' });
    expect(resolvePeriod({ period: 'month' }, NEW_YORK, lateEvening).range).toEqual({ from: '2024-03-01', to: '2024-03-31' });
    expect(resolvePeriod({ period: 'day' }, NEW_YORK, lateEvening)).toMatchObject({
      granularity: 'hour',
      range: { from: '2024-03-31', to: '2024-03-31' },
      mom: { from: '2024-03-30', to: '2024-03-30' },
      yoy: { from: '2023-03-31', to: '2023-03-31' },
    });
  });

  it('resolves month, year and custom ranges with their comparisons', () => {
    expect(resolvePeriod({ period: 'month', date: '2024-03-15' }, BERLIN)).toMatchObject({
      granularity: 'day',
      range: { from: '2024-03-01', to: '2024-03-31' },
      mom: { from: '2024-02-01', to: '2024-02-29' },
      yoy: { from: '2023-03-01', to: '2023-03-31' },
    });
    expect(resolvePeriod({ period: 'year', date: '2024-03-15' }, NEW_YORK).range).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(resolvePeriod({ period: 'custom', from: '2024-10-26', to: '2024-10-28' }, BERLIN)).toMatchObject({
      mom: { from: '2024-10-23', to: '2024-10-25' },
    });
  });

  it('rejects bad input naming the field', () => {
    expect(() => resolvePeriod({ period: 'day', date: '2024-02-30' }, BERLIN)).toThrow(PeriodError);
    try {
      resolvePeriod({ period: 'custom', from: '2024-01-02' }, BERLIN);
    } catch (e) {
      expect(e).toBeInstanceOf(PeriodError);
      expect((e as PeriodError).field).toBe('to');
    }
    expect(() => resolvePeriod({ period: 'custom', from: '2024-01-02', to: '2024-01-01' }, BERLIN)).toThrow(/before/);
  });

  it('hour buckets follow the wall clock: 23 on the spring day, 24 keys (one doubled hour) in autumn', () => {
    const spring = bucketKeys({ from: '2024-03-31', to: '2024-03-31' }, 'hour', BERLIN);
    expect(spring).toHaveLength(23);
    expect(spring.slice(0, 4)).toEqual(['2024-03-31 00:00', '2024-03-31 01:00', '2024-03-31 03:00', '2024-03-31 04:00']);
    const autumn = bucketKeys({ from: '2024-10-27', to: '2024-10-27' }, 'hour', BERLIN);
    expect(autumn).toHaveLength(24);
    expect(new Set(autumn).size).toBe(24);
    expect(bucketKeys({ from: '2024-03-10', to: '2024-03-10' }, 'hour', NEW_YORK)).not.toContain('2024-03-10 02:00');
    expect(bucketKeys({ from: '2024-01-01', to: '2024-01-02' }, 'hour', NEW_YORK)).toHaveLength(48);
  });

  it('day, month and year keys are local dates, whatever the zone', () => {
    expect(bucketKeys({ from: '2024-10-26', to: '2024-10-28' }, 'day', BERLIN)).toEqual(['2024-10-26', '2024-10-27', '2024-10-28']);
    expect(bucketKeys({ from: '2023-11-01', to: '2024-02-29' }, 'month', NEW_YORK)).toEqual(['2023-11', '2023-12', '2024-01', '2024-02']);
    expect(bucketKeys({ from: '2023-01-01', to: '2024-12-31' }, 'year', BERLIN)).toEqual(['2023', '2024']);
  });
});

describe('a site time in a list that mixes sites', () => {
  const trip = Date.parse('2026-11-27T00:25:51Z');
  it('is the site clock, marked with its offset when the viewer reads another time', () => {
    expect(formatSiteTimeFor(trip, 'Asia/Shanghai', 'UTC')).toBe('2026-11-27 08:25:51 (UTC+8)');
    expect(formatSiteTimeFor(trip, 'Asia/Shanghai', 'Asia/Shanghai')).toBe('2026-11-27 08:25:51');
    // Another zone with the same offset at that instant reads the same time: no mark.
    expect(formatSiteTimeFor(trip, 'Asia/Shanghai', 'Asia/Singapore', 'HH:mm')).toBe('08:25');
    expect(formatSiteTimeFor(trip, NEW_YORK, 'UTC', 'MM-DD HH:mm')).toBe('11-26 19:25 (UTC-5)');
  });
  it('follows daylight saving of the site at that instant', () => {
    expect(formatSiteTimeFor(Date.parse('2024-07-01T12:00:00Z'), BERLIN, 'UTC', 'HH:mm')).toBe('14:00 (UTC+2)');
    expect(formatSiteTimeFor(Date.parse('2024-01-01T12:00:00Z'), BERLIN, 'Africa/Lagos', 'HH:mm')).toBe('13:00');
  });
  it('falls back to the viewer clock while the site zone is unknown', () => {
    expect(formatSiteTimeFor(trip, undefined, 'UTC', 'HH:mm')).toBe('00:25');
  });
  it('short offsets', () => {
    expect([shortOffsetLabel(480), shortOffsetLabel(-240), shortOffsetLabel(330), shortOffsetLabel(0)]).toEqual(['UTC+8', 'UTC-4', 'UTC+5:30', 'UTC+0']);
  });
});
