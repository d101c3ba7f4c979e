import { formatNumber, joinUnit } from '@gridops/format';
import { unitScaleFor } from '../../shared/format';
import type { ChartLocale, ChartOption } from '../../shared/charts';
import { palette } from '../../shared/theme/palette';
import type { LossTableRow } from './rows';

/**
 * Loss per node (bars, kWh scaled per spec §9) with the loss rate (line, % axis) and the alarm threshold. None
 * of the shared builders has a category bar with a % line and a limit, so this one lives with the page; it
 * follows their rules (pure, scaled axis, no i18next inside).
 */
// Node names are user data and the tooltip renders HTML.
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function buildLossOption(
  rows: readonly LossTableRow[],
  thresholdPct: number,
  unit: string,
  locale: ChartLocale,
  names: { loss: string; rate: string; threshold: string },
): ChartOption {
  const scale = unitScaleFor(rows.map((r) => r.loss), unit, { lang: locale.lang });
  return {
    legend: { top: 0 },
    grid: { left: 16, right: 16, top: 52, bottom: 16, containLabel: true },
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (p: unknown) => {
        const i = (Array.isArray(p) ? (p[0] as { dataIndex?: number } | undefined)?.dataIndex : undefined) ?? 0;
        const r = rows[i];
        if (!r) return '';
        const rate = r.loss_rate_pct === null ? '-' : `${r.loss_rate_pct.toFixed(2)}%`;
        return [
          escapeHtml(r.display_name),
          `${escapeHtml(names.loss)}: <b>${joinUnit(formatNumber(r.loss / scale.divisor, 2), scale.unit, locale.lang)}</b>`,
          `${escapeHtml(names.rate)}: <b>${rate}</b>`,
        ].join('<br/>');
      },
    },
    xAxis: { type: 'category', data: rows.map((r) => r.display_name), axisLabel: { interval: 0, hideOverlap: true } },
    yAxis: [
      { type: 'value', name: scale.unit },
      { type: 'value', name: '%', splitLine: { show: false }, alignTicks: true },
    ],
    series: [
      {
        type: 'bar',
        id: 'loss',
        name: names.loss,
        barMaxWidth: 28,
        data: rows.map((r) => ({
          value: Number((r.loss / scale.divisor).toFixed(3)),
          itemStyle: { color: r.flag ? palette.error : palette.primary },
        })),
      },
      {
        type: 'line',
        id: 'rate',
        name: names.rate,
        yAxisIndex: 1,
        symbolSize: 6,
        itemStyle: { color: palette.warning },
        data: rows.map((r) => r.loss_rate_pct),
        markLine: {
          symbol: 'none',
          silent: true,
          data: [
            {
              yAxis: thresholdPct,
              lineStyle: { color: palette.error, type: 'dashed' },
              label: { formatter: `${names.threshold} ${thresholdPct}%`, position: 'insideEndTop' },
            },
          ],
        },
      },
    ],
  };
}
