import { formatNumber } from '@gridops/format';
import type { ChartOption } from '../../../shared/charts';
import { palette } from '../../../shared/theme/palette';

/**
 * State-of-charge dial, 0–100 %. The shared gauge names load-rate bands (light/economic/…), which mean
 * nothing for a battery; this one colours the low (≤ 15 %) and high (≥ 90 %) ends where the BMS tapers or
 * cuts off, and shows the value alone.
 */
export function buildSocGaugeOption(value: number | null, name: string): ChartOption {
  return {
    series: [
      {
        type: 'gauge',
        id: 'soc',
        min: 0,
        max: 100,
        startAngle: 210,
        endAngle: -30,
        radius: '90%',
        center: ['50%', '58%'],
        axisLine: {
          lineStyle: {
            width: 14,
            color: [
              [0.15, palette.error],
              [0.9, palette.success],
              [1, palette.warning],
            ],
          },
        },
        progress: { show: false },
        pointer: { width: 5, length: '62%', itemStyle: { color: 'auto' } },
        axisTick: { distance: -14, length: 5, lineStyle: { color: palette.bgContainer, width: 1 } },
        splitLine: { distance: -14, length: 14, lineStyle: { color: palette.bgContainer, width: 2 } },
        axisLabel: { distance: 18, color: palette.textTertiary, fontSize: 10 },
        title: { offsetCenter: [0, '72%'], color: palette.textSecondary, fontSize: 12 },
        detail: { valueAnimation: true, offsetCenter: [0, '38%'], fontSize: 22, color: 'inherit', formatter: (v: number) => `${formatNumber(v, 1)}%` },
        data: value === null || !Number.isFinite(value) ? [] : [{ value, name }],
      },
    ],
  };
}
