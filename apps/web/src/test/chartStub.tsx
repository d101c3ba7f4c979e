import type { ChartOption } from '../shared/charts/builders/common';

/**
 * ECharts needs a real canvas, which happy-dom lacks. Page tests replace the lazily loaded view with this
 * stub (`vi.mock('../../shared/charts/EChartView', () => chartStub)`): it shows the series names it was given.
 */
export const chartStub = {
  EChartView: ({ option }: { option: ChartOption }) => (
    <div data-testid="echart-stub">{JSON.stringify((option.series as Array<{ name?: string }> | undefined)?.map((s) => s.name) ?? [])}</div>
  ),
};
