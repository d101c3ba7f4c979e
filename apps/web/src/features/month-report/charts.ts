import type { MonthReportFigures } from '@gridops/contract';
import { axisTooltip, toolbox, valueText, type ChartLocale, type ChartOption } from '../../shared/charts/builders/common';
import { palette } from '../../shared/theme/palette';

/** The month's daily energy as bars (the PDF draws the same figure); no days give no series (empty state). */
export function dailyEnergyOption(daily: MonthReportFigures['energy']['daily'], locale: ChartLocale): ChartOption {
  return {
    tooltip: axisTooltip((ps) => ps.map((p) => `${p.name ?? ''}: <b>${valueText(p.value as number, 'kWh', 1, locale.lang)}</b>`).join('<br/>')),
    toolbox: toolbox(locale),
    grid: { left: 56, right: 16, top: 32, bottom: 32 },
    xAxis: { type: 'category', data: daily.map((d) => d.date.slice(5)) },
    yAxis: { type: 'value', name: 'kWh' },
    series: daily.length ? [{ type: 'bar', id: 'energy', name: locale.t('monthReport.energy'), data: daily.map((d) => d.energy), itemStyle: { color: palette.primary } }] : [],
  };
}
