import { formatInZone } from '@gridops/format';
import type { ManualReading } from '@gridops/contract';
import type { ChartOption } from '../../shared/charts';
import { palette } from '../../shared/theme/palette';

/**
 * The consumption between readings as bars, one per reading (labelled with its site-local date), a replacement
 * marked in the tooltip's colour. A pure function of the readings, unit-tested from fixtures.
 */
export function consumptionChartOption(items: readonly ManualReading[], zone: string, labels: { series: string; unit: string }): ChartOption {
  const rows = items.filter((r) => r.consumption !== null);
  return {
    grid: { left: 56, right: 16, top: 28, bottom: 28 },
    tooltip: { trigger: 'axis', valueFormatter: (v) => `${typeof v === 'number' ? Math.round(v * 1000) / 1000 : String(v)} ${labels.unit}` },
    xAxis: { type: 'category', data: rows.map((r) => formatInZone(Date.parse(r.read_at), zone, 'MM-DD HH:mm')) },
    yAxis: { type: 'value', name: labels.unit },
    series: [
      {
        type: 'bar',
        name: labels.series,
        barMaxWidth: 28,
        data: rows.map((r) => ({ value: Math.round(r.consumption! * 1000) / 1000, itemStyle: { color: r.replacement ? palette.warning : palette.primary } })),
      },
    ],
  };
}
