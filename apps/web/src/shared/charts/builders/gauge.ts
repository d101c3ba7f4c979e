import { formatNumber } from '@gridops/format';
import { palette, semanticColors } from '../../theme/palette';
import type { ChartLocale, ChartOption } from './common';

export type LoadBand = 'light' | 'economic' | 'heavy' | 'overload';

/**
 * Transformer load-rate bands of the server's analysis (contract `loadRateRow.band_hours`): light below 40 %,
 * economic 40 % up to 75 %, heavy 75 % up to and including 100 %, overload above 100 %.
 */
export const LOAD_BANDS: readonly { band: LoadBand; to: number }[] = [
  { band: 'light', to: 40 },
  { band: 'economic', to: 75 },
  { band: 'heavy', to: 100 },
  { band: 'overload', to: Number.POSITIVE_INFINITY },
];

export function loadBand(pct: number): LoadBand {
  if (pct < 40) return 'light';
  if (pct < 75) return 'economic';
  if (pct <= 100) return 'heavy';
  return 'overload';
}

export interface GaugeInput {
  /** Load rate in %; null shows the empty state. */
  value: number | null;
  /** Scale end, default 120 so an overload is still on the dial. */
  max?: number;
  name?: string;
  precision?: number;
}

/** Load-rate dial with the four coloured bands; the detail names the band the value is in. */
export function buildGaugeOption(input: GaugeInput, locale: ChartLocale): ChartOption {
  const { t } = locale;
  const max = input.max ?? 120;
  const precision = input.precision ?? 1;
  const stops: [number, string][] = LOAD_BANDS.map((b) => [
    Math.min(1, b.to / max),
    semanticColors.load[b.band],
  ]);
  const value = input.value;
  return {
    series: [
      {
        type: 'gauge',
        id: 'gauge',
        min: 0,
        max,
        startAngle: 210,
        endAngle: -30,
        radius: '90%',
        center: ['50%', '58%'],
        axisLine: { lineStyle: { width: 14, color: stops } },
        pointer: { width: 5, length: '62%', itemStyle: { color: 'auto' } },
        axisTick: { distance: -14, length: 5, lineStyle: { color: palette.bgContainer, width: 1 } },
        splitLine: { distance: -14, length: 14, lineStyle: { color: palette.bgContainer, width: 2 } },
        axisLabel: { distance: 18, color: palette.textTertiary, fontSize: 10 },
        title: { offsetCenter: [0, '72%'], color: palette.textSecondary, fontSize: 12 },
        detail: {
          valueAnimation: true,
          offsetCenter: [0, '38%'],
          fontSize: 20,
          color: 'inherit',
          formatter: (v: number) =>
            `${formatNumber(v, precision)}%\n{band|${t(`charts.load.${loadBand(v)}`)}}`,
          rich: { band: { fontSize: 12, color: palette.textSecondary, padding: [4, 0, 0, 0] } },
        },
        data:
          value === null || !Number.isFinite(value)
            ? []
            : [{ value, name: input.name ?? t('charts.loadRate') }],
      },
    ],
  };
}
