import type { HistoryResponse } from '@gridops/contract';
import { columnarToPoints, commonGaps, gapAreas, withGaps, type TimeSeriesChartInput } from '../../shared/charts';
import { granularityOf } from './historyExport';

/**
 * The history curves' chart input: one line per point (with its min/max band unless raw), broken where the
 * point has no data, and a "no data" band where none of the points has any (a gateway that was down, data
 * older than what is kept). The range counts up to `now` only: the rest of "today" is not missing, it is
 * still to come.
 */
export function curvesChartInput(data: HistoryResponse, noData: string, now: number): TimeSeriesChartInput {
  const step = data.bucket_ms || undefined;
  const range = { from: Date.parse(data.from), to: Math.min(Date.parse(data.to), now) };
  const perSeries = data.series.map((s) => {
    // Raw samples: the median spacing is the expected interval; buckets: the bucket.
    const g = withGaps(columnarToPoints(s.t, s.avg), noData, { range, ...(step ? { expectedMs: step } : {}) });
    return { s, ...g };
  });
  return {
    series: perSeries.map(({ s, points }) => ({
      name: `${s.device_name} ${s.name}`,
      unit: s.unit,
      points,
      ...(data.source === 'raw'
        ? {}
        : {
            band: {
              min: withGaps(columnarToPoints(s.t, s.min), noData, { range, ...(step ? { expectedMs: step } : {}) }).points,
              max: withGaps(columnarToPoints(s.t, s.max), noData, { range, ...(step ? { expectedMs: step } : {}) }).points,
            },
          }),
    })),
    granularity: granularityOf(data.source),
    markAreas: gapAreas(commonGaps(perSeries.map((p) => p.gaps)), noData),
    xRange: { from: data.from, to: data.to },
    dataZoom: true,
  };
}
