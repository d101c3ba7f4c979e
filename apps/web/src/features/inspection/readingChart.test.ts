import { describe, expect, it } from 'vitest';
import { buildReadingOption } from './readingChart';

const points = [
  { at: '2026-11-01T01:30:00.000Z', value: 42 },
  { at: '2026-11-02T01:30:00.000Z', value: 71.5 },
  { at: '2026-11-03T01:30:00.000Z', value: -1 },
];

describe('reading chart option', () => {
  it('plots the values in the site clock, marks out-of-range points red and the normal range as a band', () => {
    const o = buildReadingOption({ name: 'Cabinet temperature', unit: '°C', min: 0, max: 60, points, zone: 'Asia/Shanghai', rangeLabel: 'Normal range' }) as {
      xAxis: { data: string[] };
      yAxis: { name: string };
      series: { data: { value: number; itemStyle: { color: string } }[]; markArea: { data: unknown[] } }[];
    };
    expect(o.xAxis.data).toEqual(['2026-11-01 09:30', '2026-11-02 09:30', '2026-11-03 09:30']);
    expect(o.yAxis.name).toBe('°C');
    const s = o.series[0]!;
    expect(s.data.map((d) => d.value)).toEqual([42, 71.5, -1]);
    expect(s.data.map((d) => d.itemStyle.color)).toEqual(['#2f8cff', '#ff4d4f', '#ff4d4f']);
    expect(s.markArea.data).toEqual([[{ name: 'Normal range', yAxis: 0 }, { yAxis: 60 }]]);
  });

  it('runs an open bound to the axis edge and draws no band without a range', () => {
    const upper = buildReadingOption({ name: 'x', unit: '', min: null, max: 5, points, zone: 'UTC', rangeLabel: 'r' }) as { series: { markArea: { data: unknown[] } }[] };
    expect(upper.series[0]!.markArea.data).toEqual([[{ name: 'r', yAxis: 'min' }, { yAxis: 5 }]]);
    const none = buildReadingOption({ name: 'x', unit: '', min: null, max: null, points: [], zone: 'UTC', rangeLabel: 'r' }) as { series: { markArea: { data: unknown[] } }[] };
    expect(none.series[0]!.markArea.data).toEqual([]);
  });
});
