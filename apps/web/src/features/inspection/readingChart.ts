import { formatInZone, toMillis } from '@gridops/format';
import { markAreaData, withGaps } from '../../shared/charts';
import type { ChartOption } from '../../shared/charts';
import { palette } from '../../shared/theme/palette';

export interface ReadingChartInput {
  /** The reading's name in the page language. */
  name: string;
  unit: string;
  min: number | null;
  max: number | null;
  points: { at: string; value: number }[];
  /** The site's zone: the axis shows its clock. */
  zone: string;
  /** Label of the normal-range band. */
  rangeLabel: string;
  /** Label of the band over missed readings (spacing > 3× the usual one), e.g. "无数据"; no bands without it. */
  noDataLabel?: string;
}

/**
 * A checkpoint reading over time: one line of the submitted values, the normal range as a band (an open bound
 * runs to the axis edge) and the out-of-range points in red. Pure: the page passes names and the zone.
 */
export function buildReadingOption(input: ReadingChartInput): ChartOption {
  const label = (ms: number) => formatInZone(new Date(ms), input.zone, 'YYYY-MM-DD HH:mm');
  // Missed readings: the line breaks (a null category at the gap's start) and a "no data" band covers them.
  const gaps = input.noDataLabel ? withGaps(input.points.map((p) => [p.at, p.value] as const), input.noDataLabel) : null;
  const points = gaps ? gaps.points : input.points.map((p) => [p.at, p.value] as const);
  const data = points.map(([at, value]) => {
    const ms = toMillis(at) ?? 0;
    const out = value !== null && ((input.min !== null && value < input.min) || (input.max !== null && value > input.max));
    return { value: [label(ms), value] as const, itemStyle: { color: out ? palette.error : palette.primary } };
  });
  const band =
    input.min !== null || input.max !== null
      ? [[{ name: input.rangeLabel, yAxis: input.min ?? 'min' }, { yAxis: input.max ?? 'max' }]]
      : [];
  return {
    grid: { left: 48, right: 16, top: 32, bottom: 32 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: data.map((d) => d.value[0] as string), axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', name: input.unit, scale: true },
    series: [
      {
        type: 'line',
        name: input.name,
        data: data.map((d) => ({ value: d.value[1], itemStyle: d.itemStyle })),
        connectNulls: false,
        symbolSize: 7,
        lineStyle: { color: palette.primary },
        markArea: {
          silent: true,
          itemStyle: { color: 'rgba(82, 196, 26, 0.12)' },
          label: { color: 'rgba(255,255,255,0.55)' },
          data: [...band, ...markAreaData(gaps?.areas ?? [], label)] as never,
        },
      },
    ],
  };
}
