import { describe, expect, it } from 'vitest';
import { outageFixture as o } from '../../shared/charts/builders/fixtures';
import type { EventCurve } from './api';
import { eventCurveInput, eventCurveState } from './eventCurveChart';

const curve = (series: EventCurve['series']): EventCurve => ({
  event_id: 153,
  raised_at: new Date(o.from + 3_600_000).toISOString(),
  from: new Date(o.from).toISOString(),
  to: new Date(o.to).toISOString(),
  limit_value: 120,
  series,
});
const series = (t: number[]) => ({ point_id: 1, key: 'P', name: 'P', unit: 'kW', t, min: t, max: t, avg: t });
const labels = { limit: 'limit', eventSpan: 'event', noData: 'No data' };

describe('event drawer curve', () => {
  it('says why there is no curve: no point, or no data in the two hours', () => {
    expect(eventCurveState(undefined)).toBe('noPoint');
    expect(eventCurveState(curve([]))).toBe('noPoint');
    expect(eventCurveState(curve([series([])]))).toBe('noData');
    expect(eventCurveState(curve([series(o.t)]))).toBe('curve');
  });

  it('shades the event span and the outage', () => {
    const c = curve([series(o.t)]);
    const input = eventCurveInput(c, { raised_at: c.raised_at, cleared_at: null }, labels, o.to + 3_600_000);
    expect(input.markAreas?.[0]).toMatchObject({ name: 'event', from: Date.parse(c.raised_at) });
    const gaps = input.markAreas!.slice(1);
    expect(gaps[0]).toMatchObject({ name: 'No data', from: o.gaps[0]!.from, to: o.gaps[0]!.to });
    // The samples end 10:39 and the window 11:00: the rest of the window is a gap too.
    expect(gaps.at(-1)!.to).toBe(Date.parse(c.to));
    expect(input.markLines).toEqual([{ name: 'limit', value: 120, unit: 'kW' }]);
  });
});
