import type { AlarmPerformance, AlarmRulePreview } from '@gridops/contract';
import { describe, expect, it } from 'vitest';
import { performanceChartInput, previewChartInput } from './charts';

const t = (k: string) => k;
const preview: AlarmRulePreview = {
  from: '2026-11-18T00:00:00.000Z',
  to: '2026-11-25T00:00:00.000Z',
  samples: 3,
  source: 'raw',
  draft: [{ raised_at: '2026-11-20T10:00:00.000Z', cleared_at: null, duration_s: 100, value: 85 }],
  current: [],
  series: [
    [Date.parse('2026-11-20T09:50:00Z'), 75],
    [Date.parse('2026-11-20T10:00:00Z'), 85],
  ],
  unit: '°C',
};

describe('alarm-rule charts', () => {
  it('the preview shows the history, the draft limit and each would-be event up to its end (or the window end)', () => {
    const input = previewChartInput(preview, { kind: 'high', threshold: 80 }, t, 'Asia/Shanghai');
    // The two samples, led by a break at the window start: the history before them is missing.
    expect(input.series[0]!.points).toEqual([[Date.parse(preview.from), null], ...preview.series]);
    expect(input.markLines).toEqual([
      { name: 'alarmRules.col.threshold', value: 80, unit: '°C', color: '#ff4d4f' },
    ]);
    expect(input.markAreas).toEqual([
      {
        name: '',
        from: '2026-11-20T10:00:00.000Z',
        to: '2026-11-25T00:00:00.000Z',
        color: 'rgba(255,77,79,0.18)',
      },
      // "No data" before the first sample and after the last one (plus one 10-minute step) to the window end.
      { name: 'alarmRules.preview.noData', from: Date.parse(preview.from), to: Date.parse('2026-11-20T09:50:00Z'), color: 'rgba(140, 140, 140, 0.22)' },
      { name: 'alarmRules.preview.noData', from: Date.parse('2026-11-20T10:10:00Z'), to: Date.parse(preview.to), color: 'rgba(140, 140, 140, 0.22)' },
    ]);
    expect(previewChartInput(preview, { kind: 'digital', threshold: 1 }, t, 'UTC').markLines).toEqual([]);
  });

  it('performance bars cover every 10-minute bucket of the window, zero where none', () => {
    const perf: AlarmPerformance = {
      from: '2026-11-25T00:00:00.000Z',
      to: '2026-11-25T01:00:00.000Z',
      total: 12,
      per10min_avg: 2,
      per10min_max: 11,
      buckets: [
        [Date.parse('2026-11-25T00:20:00Z'), 11],
        [Date.parse('2026-11-25T00:40:00Z'), 1],
      ],
      floods: [],
      chattering: [],
      stale: [],
      top: [],
    };
    const input = performanceChartInput(perf, t, 'UTC');
    expect(input.series[0]!.points.map((p) => p[1])).toEqual([0, 0, 11, 0, 1, 0, 0]);
    expect(input.markLines?.[0]?.value).toBe(10);
  });
});
