import { scaleUnit } from '@gridops/format';
import { unitScaleFor } from '../../format/units';
import { palette } from '../../theme/palette';
import { escapeHtml, markerHtml, toolbox, asParams, valueText } from './common';
import type { ChartLocale, ChartOption } from './common';

export interface PieInput {
  items: readonly { name: string; value: number | null; color?: string }[];
  unit: string;
  /** Ring with the total in the middle (default) or a full pie. */
  donut?: boolean;
  precision?: number;
}

/** Share of a whole; empty or all-zero items give no data (the Chart shows its empty state). */
export function buildPieOption(input: PieInput, locale: ChartLocale): ChartOption {
  const { t, lang } = locale;
  const precision = input.precision ?? 2;
  const donut = input.donut ?? true;
  const items = input.items.filter(
    (i): i is { name: string; value: number; color?: string } => typeof i.value === 'number' && i.value > 0,
  );
  const scale = unitScaleFor(
    items.map((i) => i.value),
    input.unit,
    { lang },
  );
  const total = items.reduce((s, i) => s + i.value, 0);
  return {
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (p: unknown) => {
        const [x] = asParams(p);
        if (!x) return '';
        return `${markerHtml(x)}${escapeHtml(x.name ?? '')}: <b>${valueText(x.value as number, scale.unit, precision, lang)}</b> (${(x.percent ?? 0).toFixed(1)}%)`;
      },
    },
    legend: { type: 'scroll', orient: 'vertical', right: 8, top: 'middle' },
    toolbox: toolbox(locale),
    ...(donut && items.length
      ? {
          title: {
            text: scaleUnit(total, input.unit, { lang, precision }).text,
            subtext: t('charts.total'),
            left: '38%',
            top: '42%',
            textAlign: 'center',
            // Fits inside the (smaller) ring: "24.02万kWh".
            textStyle: { fontSize: 14, color: palette.text },
            subtextStyle: { color: palette.textTertiary },
            itemGap: 4,
          },
        }
      : {}),
    series: [
      {
        type: 'pie',
        id: 'pie',
        center: ['38%', '52%'],
        // Outside labels need room above and below the ring, or small slices at the top are cut off.
        radius: donut ? ['36%', '54%'] : '54%',
        avoidLabelOverlap: true,
        minShowLabelAngle: 4,
        label: { formatter: '{d}%', color: palette.textSecondary, overflow: 'none' },
        labelLine: { length: 8, length2: 6 },
        labelLayout: { hideOverlap: true },
        itemStyle: { borderColor: palette.bgContainer, borderWidth: 2 },
        data: items.map((i) => ({
          name: i.name,
          value: i.value / scale.divisor,
          ...(i.color ? { itemStyle: { color: i.color } } : {}),
        })),
      },
    ],
  };
}
