import type { BarSeriesOption } from 'echarts';
import { unitScaleFor } from '../../format/units';
import { semanticColors } from '../../theme/palette';
import { axisTooltip, divide, escapeHtml, markerHtml, toolbox, valueText } from './common';
import type { ChartLocale, ChartOption } from './common';

/** Time-of-use bands in display order (contract `TOU_BANDS`): 尖 sharp, 峰 peak, 平 flat, 谷 valley. */
export const TOU_ORDER = ['sharp', 'peak', 'flat', 'valley'] as const;
export type TouBand = (typeof TOU_ORDER)[number];

export interface TouStackInput {
  categories: readonly string[];
  /** One value per category for each band present; missing bands are left out. */
  bands: Partial<Record<TouBand, readonly (number | null)[]>>;
  /** kWh for energy, 元 for cost. */
  unit: string;
  horizontal?: boolean;
  precision?: number;
}

/**
 * Per-bucket band amounts from the expense report (contract `expenseResponse.periods`) to stack input.
 * `field` picks energy or cost; labels default to the bucket keys.
 */
export function touBandsFromPeriods(
  periods: readonly { key: string; bands: readonly { band: TouBand; energy: number; cost: number }[] }[],
  field: 'energy' | 'cost',
  label: (key: string) => string = (k) => k,
): Pick<TouStackInput, 'categories' | 'bands'> {
  const bands: Partial<Record<TouBand, (number | null)[]>> = {};
  for (const b of TOU_ORDER)
    if (periods.some((p) => p.bands.some((x) => x.band === b)))
      bands[b] = periods.map((p) => p.bands.find((x) => x.band === b)?.[field] ?? null);
  return { categories: periods.map((p) => label(p.key)), bands };
}

/** Stacked bars of the four TOU bands with the total in the tooltip. */
export function buildTouStackOption(input: TouStackInput, locale: ChartLocale): ChartOption {
  const { t, lang } = locale;
  const precision = input.precision ?? 2;
  const present = TOU_ORDER.filter((b) => input.bands[b]);
  const scale = unitScaleFor(
    input.categories.map((_, i) => present.reduce((s, b) => s + (input.bands[b]?.[i] ?? 0), 0)),
    input.unit,
    { lang },
  );
  const series: BarSeriesOption[] = present.map((b) => ({
    type: 'bar',
    id: b,
    name: t(`charts.tou.${b}`),
    stack: 'tou',
    data: (input.bands[b] ?? []).map((v) => divide(v, scale.divisor)),
    itemStyle: { color: semanticColors.tou[b] },
    barMaxWidth: 28,
    emphasis: { focus: 'series' },
  }));
  const category = { type: 'category' as const, data: [...input.categories] };
  const value = { type: 'value' as const, name: scale.unit };
  return {
    legend: { top: 0 },
    grid: { left: 16, right: 16, top: 52, bottom: 16, containLabel: true },
    toolbox: toolbox(locale),
    tooltip: axisTooltip((params) => {
      const i = params[0]?.dataIndex ?? 0;
      const total = params.reduce((s, p) => s + (typeof p.value === 'number' ? p.value : 0), 0);
      const rows = params.map(
        (p) =>
          `${markerHtml(p)}${escapeHtml(p.seriesName ?? '')}: <b>${valueText(p.value as number | null, scale.unit, precision, lang)}</b>`,
      );
      return [
        escapeHtml(input.categories[i] ?? ''),
        ...rows,
        `${t('charts.total')}: <b>${valueText(total, scale.unit, precision, lang)}</b>`,
      ].join('<br/>');
    }),
    xAxis: input.horizontal ? value : category,
    yAxis: input.horizontal ? category : value,
    series,
  };
}
