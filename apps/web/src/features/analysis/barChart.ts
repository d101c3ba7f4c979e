import type { BarSeriesOption } from 'echarts';
import type { ChartLocale, ChartOption } from '../../shared/charts';
import { palette } from '../../shared/theme/palette';

export interface BarsInput {
  categories: readonly string[];
  series: readonly { name: string; data: readonly (number | null)[]; stack?: string; color?: string }[];
  /** Axis name (unit or %). */
  unit: string;
  /** Horizontal limits drawn on the first series (the standard the page checks against). */
  limits?: readonly { name: string; value: number }[];
  precision?: number;
}

/**
 * Category bars (one group per device or phase) with limit lines. The shared builders are time- or
 * period-based; the special analyses compare devices against a fixed limit, which none of them draws.
 */
/** Whole numbers for percent-sized values, hundredths for ratios such as a power factor. */
const roundUp = (x: number) => (Math.abs(x) >= 2 ? Math.ceil(x) : Math.ceil(x * 100) / 100);

export function buildBarsOption(input: BarsInput, locale: ChartLocale): ChartOption {
  const precision = input.precision ?? 2;
  const limitValues = (input.limits ?? []).map((l) => l.value);
  const fmt = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(precision) : '-');
  const series: BarSeriesOption[] = input.series.map((s, i) => ({
    type: 'bar',
    name: s.name,
    data: [...s.data],
    barMaxWidth: 28,
    ...(s.stack ? { stack: s.stack } : {}),
    ...(s.color ? { itemStyle: { color: s.color } } : {}),
    ...(i === 0 && input.limits?.length
      ? {
          markLine: {
            symbol: 'none',
            silent: true,
            data: input.limits.map((l) => ({
              name: l.name,
              yAxis: l.value,
              lineStyle: { color: palette.error, type: 'dashed' as const },
              label: { formatter: `${l.name} ${fmt(l.value)}${input.unit}`, position: 'insideStartTop' as const },
            })),
          },
        }
      : {}),
  }));
  return {
    legend: { top: 0, type: 'scroll' },
    grid: { left: 16, right: 24, top: 40, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', confine: true, valueFormatter: (v: unknown) => `${fmt(v)}${input.unit}` },
    toolbox: { right: 8, top: 0, itemSize: 14, feature: { saveAsImage: { title: locale.t('charts.toolbox.save'), backgroundColor: palette.bgContainer } } },
    xAxis: { type: 'category', data: [...input.categories], axisLabel: { interval: 0, hideOverlap: true, rotate: input.categories.length > 6 ? 30 : 0 } },
    // The limit lines are the point of the chart: the axis always reaches them, even when every bar is far inside.
    yAxis: {
      type: 'value',
      name: input.unit,
      ...(limitValues.length
        ? {
            min: (v: { min: number }) => -roundUp(-Math.min(v.min, 0, ...limitValues) * 1.1),
            max: (v: { max: number }) => roundUp(Math.max(v.max, ...limitValues) * 1.1),
          }
        : {}),
    },
    series,
  };
}
