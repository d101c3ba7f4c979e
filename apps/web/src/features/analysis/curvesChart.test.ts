import { describe, expect, it } from 'vitest';
import type { HistoryResponse } from '@gridops/contract';
import { outageFixture as o } from '../../shared/charts/builders/fixtures';
import { curvesChartInput } from './curvesChart';

const response = (t: number[], source: HistoryResponse['source'] = 'raw'): HistoryResponse => ({
  from: new Date(o.from).toISOString(),
  to: new Date(o.to).toISOString(),
  source,
  bucket_ms: source === 'raw' ? 0 : 60_000,
  series: [{ point_id: 1, device_id: 1, device_name: '1#变压器', key: 'P', name: '有功功率', unit: 'kW', precision: 2, t, min: t.map(() => 1), max: t.map(() => 3), avg: t.map(() => 2) }],
});

describe('history curves chart input', () => {
  it('marks the outage as a "no data" band and breaks the line there', () => {
    const input = curvesChartInput(response(o.t), '无数据', o.to + 3_600_000);
    expect(input.markAreas?.map((a) => [a.name, a.from, a.to])).toEqual(o.gaps.map((g) => ['无数据', g.from, g.to]));
    // One break, at the outage; the missing end needs none (nothing follows it).
    expect(input.series[0]!.points.filter((p) => p[1] === null)).toEqual([[o.gaps[0]!.from, null]]);
  });

  it('the part of the range after now is still to come, not missing', () => {
    const input = curvesChartInput(response(o.t), '无数据', o.t.at(-1)! + 60_000);
    expect(input.markAreas).toHaveLength(1);
  });

  it('a continuous series has no band', () => {
    const t = Array.from({ length: 180 }, (_, i) => o.from + i * 60_000);
    expect(curvesChartInput(response(t, 'telemetry'), 'No data', o.to).markAreas).toEqual([]);
  });
});
