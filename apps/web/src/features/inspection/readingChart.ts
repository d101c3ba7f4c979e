import { formatInZone } from '@gridops/format';
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
}

/**
 * A checkpoint reading over time: one line of the submitted values, the normal range as a band (an open bound
 * runs to the axis edge) and the out-of-range points in red. Pure: the page passes names and the zone.
 */
export function buildReadingOption(input: ReadingChartInput): ChartOption {
  const data = input.points.map((p) => {
    const out = (input.min !== null && p.value < input.min) || (input.max !== null && p.value > input.max);
    return { value: [formatInZone(new Date(p.at), input.zone, 'YYYY-MM-DD HH:mm'), p.value], itemStyle: { color: out ? palette.error : palette.primary } };
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
        data: data.map((d) => ({ value: d.value[1] as number, itemStyle: d.itemStyle })),
        symbolSize: 7,
        lineStyle: { color: palette.primary },
        markArea: { silent: true, itemStyle: { color: 'rgba(82, 196, 26, 0.12)' }, label: { color: 'rgba(255,255,255,0.55)' }, data: band as never },
      },
    ],
  };
}
