import type { BarSeriesOption, LineSeriesOption } from 'echarts';
import { unitScaleFor } from '../../format/units';
import { palette } from '../../theme/palette';
import type { ChangeReason } from '@gridops/contract';
import { changePct, changeReasonText, describeChange } from '../../stats/change';
import { axisTooltip, divide, escapeHtml, markerHtml, toolbox, valueText } from './common';
import type { ChartLocale, ChartOption } from './common';

export interface ComparisonInput {
  /** Bucket labels as shown on the axis ('01', '05-01', '2024-05'). */
  categories: readonly string[];
  current: readonly (number | null)[];
  previous: readonly (number | null)[];
  unit: string;
  /** Month-on-month (previous period) or year-on-year (same period last year): names the bars and the rate. */
  mode: 'mom' | 'yoy';
  /** Server-computed change per bucket (`mom_pct`/`yoy_pct`); computed from the values when absent. */
  changePct?: readonly (number | null)[];
  /** Why a bucket's change is null (server `mom_reason`/`yoy_reason`): the tooltip says so next to the '-'. */
  changeReason?: readonly (ChangeReason | null)[];
  /** First stored reading as a site-local date, named in the `base_not_covered` tooltip. */
  since?: string | null;
  /** Draw the change rate as a line on a right-hand % axis (default true). */
  showChange?: boolean;
  currentName?: string;
  previousName?: string;
  precision?: number;
}

/** Current vs previous period as paired bars, with the MoM/YoY rate in the tooltip and as an optional line. */
export function buildComparisonOption(input: ComparisonInput, locale: ChartLocale): ChartOption {
  const { t, lang } = locale;
  const precision = input.precision ?? 2;
  const scale = unitScaleFor([...input.current, ...input.previous], input.unit, { lang });
  const currentName = input.currentName ?? t('charts.current');
  const previousName =
    input.previousName ?? (input.mode === 'mom' ? t('charts.previous') : t('charts.samePeriod'));
  const rateName = input.mode === 'mom' ? t('charts.mom') : t('charts.yoy');
  const rates = input.categories.map((_, i) =>
    input.changePct ? (input.changePct[i] ?? null) : changePct(input.current[i], input.previous[i]),
  );
  const showChange = input.showChange ?? true;

  const series: (BarSeriesOption | LineSeriesOption)[] = [
    {
      type: 'bar',
      id: 'current',
      name: currentName,
      data: input.current.map((v) => divide(v, scale.divisor)),
      itemStyle: { color: palette.primary },
      barMaxWidth: 22,
    },
    {
      type: 'bar',
      id: 'previous',
      name: previousName,
      data: input.previous.map((v) => divide(v, scale.divisor)),
      itemStyle: { color: 'rgba(130, 160, 200, 0.55)' },
      barMaxWidth: 22,
    },
  ];
  if (showChange)
    series.push({
      type: 'line',
      id: 'change',
      name: rateName,
      yAxisIndex: 1,
      data: rates.map((r) => (r === null ? null : Number(r.toFixed(2)))),
      itemStyle: { color: palette.warning },
      symbolSize: 5,
      connectNulls: false,
    });

  return {
    legend: { top: 0 },
    grid: { left: 16, right: 16, top: 52, bottom: 16, containLabel: true },
    toolbox: toolbox(locale),
    tooltip: axisTooltip((params) => {
      const i = params[0]?.dataIndex ?? 0;
      const rows = params
        .filter((p) => p.seriesId !== 'change')
        .map(
          (p) =>
            `${markerHtml(p)}${escapeHtml(p.seriesName ?? '')}: <b>${valueText(p.value as number | null, scale.unit, precision, lang)}</b>`,
        );
      const change = describeChange(rates[i]);
      const color =
        change.direction === 'up' ? '#ff7875' : change.direction === 'down' ? '#95de64' : 'inherit';
      const why = change.pct === null ? changeReasonText(t, input.changeReason?.[i], input.since) : null;
      return [
        escapeHtml(input.categories[i] ?? ''),
        ...rows,
        `${escapeHtml(rateName)}: <b style="color:${color}">${change.text}</b>`,
        ...(why ? [`<span style="opacity:0.75">${escapeHtml(why)}</span>`] : []),
      ].join('<br/>');
    }),
    xAxis: { type: 'category', data: [...input.categories] },
    yAxis: [
      { type: 'value', name: scale.unit },
      { type: 'value', name: '%', show: showChange, splitLine: { show: false }, alignTicks: true },
    ],
    series,
  };
}
