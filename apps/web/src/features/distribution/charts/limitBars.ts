import type { BarSeriesOption } from 'echarts';
import { formatNumber } from '@gridops/format';
import type { ChartLocale, ChartOption } from '../../../shared/charts';
import { palette } from '../../../shared/theme/palette';

export interface LimitBarsInput {
  /** One bar per category (a loop, or a phase of a loop). */
  categories: readonly string[];
  values: readonly (number | null)[];
  unit: string;
  /** The alarm limit: a dashed line across the bars; bars at ≥ 80 % turn amber, above it red. */
  limit: number;
  limitName: string;
  precision?: number;
}

/**
 * Measured values against one limit as bars (electrical fire: residual current per loop, cable temperature
 * per phase). Pure: strings come in through the locale. Kept here because the shared builders have no
 * category-bars-with-limit chart; it uses the shared chart component and theme like every other chart.
 */
export function buildLimitBarsOption(input: LimitBarsInput, locale: ChartLocale): ChartOption {
  const precision = input.precision ?? 1;
  const sep = locale.lang === 'en' ? ' ' : '';
  const colourOf = (v: number) => (v > input.limit ? palette.error : v >= input.limit * 0.8 ? palette.warning : palette.primary);
  const max = Math.max(input.limit * 1.15, ...input.values.map((v) => (v === null ? 0 : v * 1.1)));
  const series: BarSeriesOption = {
    type: 'bar',
    id: 'values',
    barMaxWidth: 28,
    data: input.values.map((v) => (v === null ? null : { value: v, itemStyle: { color: colourOf(v) } })),
    label: {
      show: true,
      position: 'top',
      color: palette.textSecondary,
      formatter: (p: { value?: unknown }) => (typeof p.value === 'number' ? formatNumber(p.value, precision) : '-'),
    },
    markLine: {
      symbol: 'none',
      silent: true,
      data: [
        {
          yAxis: input.limit,
          name: input.limitName,
          lineStyle: { color: palette.error, type: 'dashed' },
          label: { formatter: `${input.limitName} ${formatNumber(input.limit, precision)}${sep}${input.unit}`, position: 'insideEndTop', color: palette.error },
        },
      ],
    },
  };
  return {
    grid: { left: 12, right: 16, top: 28, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      confine: true,
      valueFormatter: (v: unknown) => (typeof v === 'number' ? `${formatNumber(v, precision)}${sep}${input.unit}` : '-'),
    },
    xAxis: { type: 'category', data: [...input.categories], axisLabel: { interval: 0, hideOverlap: true } },
    yAxis: { type: 'value', name: input.unit, max: Math.ceil(max) },
    series: [series],
  };
}
