import type { AlarmPerformance, AlarmRulePreview } from '@gridops/contract';
import { withGaps, type TimeSeriesChartInput } from '../../shared/charts';

type T = (key: string, options?: Record<string, unknown>) => string;
const TEN_MIN = 600_000;

/**
 * The preview chart: the point's history, the draft's limit as a line (not for digital/comm-loss rules, whose
 * threshold is no value on the axis) and each event the draft would have raised as a shaded span.
 */
export function previewChartInput(
  p: AlarmRulePreview,
  draft: { kind: string; threshold: number },
  t: T,
  tz: string,
): TimeSeriesChartInput {
  const limitOnAxis = draft.kind !== 'digital' && draft.kind !== 'comm_loss' && draft.kind !== 'rate';
  // Where the point sent nothing (its gateway was down) the line breaks and a "no data" band says so.
  const history = withGaps(p.series, t('alarmRules.preview.noData'), {
    range: { from: Date.parse(p.from), to: Date.parse(p.to) },
  });
  return {
    series: [
      {
        name: t('alarmRules.preview.history'),
        unit: p.unit,
        points: history.points,
        step: draft.kind === 'digital',
      },
    ],
    granularity: 'minute',
    markLines: limitOnAxis
      ? [{ name: t('alarmRules.col.threshold'), value: draft.threshold, unit: p.unit, color: '#ff4d4f' }]
      : [],
    markAreas: [
      ...p.draft.map((e) => ({
        name: '',
        from: e.raised_at,
        to: e.cleared_at ?? p.to,
        color: 'rgba(255,77,79,0.18)',
      })),
      ...history.areas,
    ],
    xRange: { from: p.from, to: p.to },
    tz,
  };
}

/** Alarms per 10 minutes as bars over the window (empty buckets are zero), with the flood line at 10. */
export function performanceChartInput(perf: AlarmPerformance, t: T, tz: string): TimeSeriesChartInput {
  const counts = new Map(perf.buckets);
  const from = Math.floor(Date.parse(perf.from) / TEN_MIN) * TEN_MIN;
  const to = Date.parse(perf.to);
  const points: [number, number][] = [];
  for (let b = from; b <= to; b += TEN_MIN) points.push([b, counts.get(b) ?? 0]);
  return {
    series: [{ name: t('alarmRules.perf.perBucket'), unit: '', points, kind: 'bar' }],
    granularity: 'hour',
    markLines: [{ name: t('alarmRules.perf.floods'), value: 10, unit: '', color: '#faad14' }],
    precision: 0,
    xRange: { from: perf.from, to: perf.to },
    tz,
  };
}
