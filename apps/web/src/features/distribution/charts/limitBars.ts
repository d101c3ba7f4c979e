import type { BarSeriesOption, LineSeriesOption } from 'echarts';
import { formatNumber } from '@gridops/format';
import type { ChartLocale, ChartOption } from '../../../shared/charts';
import { palette } from '../../../shared/theme/palette';

export interface LimitBarsInput {
  /** One bar per category (a loop, or a phase of a loop). */
  categories: readonly string[];
  values: readonly (number | null)[];
  unit: string;
  /**
   * The alarm limit: a dashed line across the bars; bars at ≥ 80 % (or the pre-alarm) turn amber, above it red.
   * One per category when the bars have their own limits (loops with different settings): a dashed step line.
   */
  limit: number | readonly (number | null)[];
  limitName: string;
  /** Per category, the pre-alarm value (a dotted amber step line), when the limits come with one. */
  preAlarm?: readonly (number | null)[];
  preAlarmName?: string;
  precision?: number;
}

/** A dashed step line through per-category values (a limit that differs from bar to bar). */
function stepLine(
  id: string,
  name: string,
  values: readonly (number | null)[],
  color: string,
  type: 'dashed' | 'dotted',
): LineSeriesOption {
  return {
    type: 'line',
    id,
    name,
    step: 'middle',
    symbol: 'none',
    silent: true,
    data: [...values],
    lineStyle: { color, type, width: 1.5 },
    itemStyle: { color },
    z: 3,
  };
}

/**
 * Measured values against one limit as bars (electrical fire: residual current per loop, cable temperature
 * per phase). Pure: strings come in through the locale. Kept here because the shared builders have no
 * category-bars-with-limit chart; it uses the shared chart component and theme like every other chart.
 */
export function buildLimitBarsOption(input: LimitBarsInput, locale: ChartLocale): ChartOption {
  const precision = input.precision ?? 1;
  const sep = locale.lang === 'en' ? ' ' : '';
  const perBar = typeof input.limit !== 'number';
  const limitAt = (i: number): number | null =>
    typeof input.limit === 'number' ? input.limit : (input.limit[i] ?? null);
  const colourOf = (v: number, i: number) => {
    const limit = limitAt(i);
    if (limit === null) return palette.primary;
    const warn = input.preAlarm?.[i] ?? limit * 0.8;
    return v > limit ? palette.error : v >= warn ? palette.warning : palette.primary;
  };
  const limits = input.values.map((_, i) => limitAt(i) ?? 0);
  const max = Math.max(
    ...limits.map((l) => l * 1.15),
    ...input.values.map((v) => (v === null ? 0 : v * 1.1)),
    1,
  );
  const series: BarSeriesOption = {
    type: 'bar',
    id: 'values',
    barMaxWidth: 28,
    data: input.values.map((v, i) =>
      v === null ? null : { value: v, itemStyle: { color: colourOf(v, i) } },
    ),
    label: {
      show: true,
      position: 'top',
      color: palette.textSecondary,
      formatter: (p: { value?: unknown }) =>
        typeof p.value === 'number' ? formatNumber(p.value, precision) : '-',
    },
    markLine: perBar
      ? undefined
      : {
          symbol: 'none',
          silent: true,
          data: [
            {
              yAxis: limitAt(0) ?? 0,
              name: input.limitName,
              lineStyle: { color: palette.error, type: 'dashed' },
              label: {
                formatter: `${input.limitName} ${formatNumber(limitAt(0) ?? 0, precision)}${sep}${input.unit}`,
                position: 'insideEndTop',
                color: palette.error,
              },
            },
          ],
        },
  };
  return {
    grid: { left: 12, right: 16, top: 28, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      confine: true,
      valueFormatter: (v: unknown) =>
        typeof v === 'number' ? `${formatNumber(v, precision)}${sep}${input.unit}` : '-',
    },
    xAxis: { type: 'category', data: [...input.categories], axisLabel: { interval: 0, hideOverlap: true } },
    yAxis: { type: 'value', name: input.unit, max: Math.ceil(max) },
    series: perBar
      ? [
          series,
          stepLine(
            'limit',
            input.limitName,
            input.values.map((_, i) => limitAt(i)),
            palette.error,
            'dashed',
          ),
          ...(input.preAlarm
            ? [stepLine('preAlarm', input.preAlarmName ?? '', input.preAlarm, palette.warning, 'dotted')]
            : []),
        ]
      : [series],
    ...(perBar
      ? {
          legend: {
            top: 0,
            right: 0,
            data: [input.limitName, ...(input.preAlarm ? [input.preAlarmName ?? ''] : [])],
          },
        }
      : {}),
  };
}
