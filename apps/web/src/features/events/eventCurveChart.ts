import type { EventItem } from '@gridops/contract';
import { columnarToPoints, commonGaps, gapAreas, withGaps, type TimeSeriesChartInput } from '../../shared/charts';
import type { EventCurve } from './api';

/**
 * What the drawer's "1 h either side" card shows: the curve, or why there is none — the event names no point
 * (a gateway's communication event), or nothing was stored in those two hours (the gateway was down, or the
 * data is older than what is kept).
 */
export type EventCurveState = 'noPoint' | 'noData' | 'curve';

export function eventCurveState(curve: EventCurve | undefined): EventCurveState {
  if (!curve?.series.length) return 'noPoint';
  return curve.series.some((s) => s.t.length > 0) ? 'curve' : 'noData';
}

/**
 * The curve's chart input: each point's line with its min/max band, broken where it has no data; the event's
 * own span (raised → cleared, or a minute at the raise while active); a "no data" band where none of the points
 * has data (a gap in the middle, or the part after `now` of a recent event is not a gap: it is still to come).
 */
export function eventCurveInput(
  curve: EventCurve,
  event: Pick<EventItem, 'raised_at' | 'cleared_at'>,
  labels: { limit: string; eventSpan: string; noData: string },
  now: number,
): TimeSeriesChartInput {
  const first = curve.series[0];
  const range = { from: Date.parse(curve.from), to: Math.min(Date.parse(curve.to), now) };
  const perSeries = curve.series.map((s) => ({ s, ...withGaps(columnarToPoints(s.t, s.avg), labels.noData, { range }) }));
  const breaks = (t: readonly number[], v: readonly number[]) => withGaps(columnarToPoints(t, v), labels.noData, { range }).points;
  return {
    series: perSeries.map(({ s, points }) => ({
      name: s.name,
      unit: s.unit,
      points,
      band: { min: breaks(s.t, s.min), max: breaks(s.t, s.max) },
    })),
    granularity: 'raw',
    // One hour either side of the raise, also when the data stops at "now" (a recent event).
    xRange: { from: curve.from, to: curve.to },
    markLines: curve.limit_value !== null && first ? [{ name: labels.limit, value: curve.limit_value, unit: first.unit }] : [],
    markAreas: [
      {
        name: labels.eventSpan,
        from: Date.parse(event.raised_at),
        to: event.cleared_at ? Date.parse(event.cleared_at) : Date.parse(event.raised_at) + 60_000,
      },
      ...gapAreas(commonGaps(perSeries.map((p) => p.gaps)), labels.noData),
    ],
  };
}
