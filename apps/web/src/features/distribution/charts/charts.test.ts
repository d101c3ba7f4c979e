import { describe, expect, it } from 'vitest';
import { hasChartData } from '../../../shared/charts';
import { buildLimitBarsOption } from './limitBars';
import { buildSocGaugeOption } from './socGauge';

const locale = { lang: 'zh' as const, t: (k: string) => k };

describe('distribution chart options', () => {
  it('limit bars colour by distance to the limit and draw the limit line', () => {
    const o = buildLimitBarsOption({ categories: ['A', 'B', 'C', 'D'], values: [40, 60, 80, null], unit: '°C', limit: 70, limitName: '限值' }, locale);
    const s = (o.series as { data: ({ itemStyle: { color: string } } | null)[]; markLine: { data: { yAxis: number }[] } }[])[0]!;
    expect(s.data.map((d) => d?.itemStyle.color ?? null)).toEqual(['#2f8cff', '#faad14', '#ff4d4f', null]);
    expect(s.markLine.data[0]!.yAxis).toBe(70);
    expect((o.yAxis as { max: number }).max).toBeGreaterThanOrEqual(88);
    expect(hasChartData(o)).toBe(true);
    expect(hasChartData(buildLimitBarsOption({ categories: [], values: [], unit: 'mA', limit: 300, limitName: 'x' }, locale))).toBe(false);
  });

  it('the SOC dial is empty without a value', () => {
    expect(hasChartData(buildSocGaugeOption(null, 'SOC'))).toBe(false);
    expect(hasChartData(buildSocGaugeOption(51, 'SOC'))).toBe(true);
  });
});
