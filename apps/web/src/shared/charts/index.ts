// Public API of the chart block. Nothing here imports ECharts: only `Chart` loads it, lazily.
export { Chart } from './Chart';
export type { ChartProps } from './Chart';
export { useChartLocale } from './chartLocale';
export { hasChartData } from './hasChartData';
export type { ChartLocale, ChartOption, Translate } from './builders/common';
export { buildTimeSeriesOption, columnarToPoints } from './builders/timeSeries';
export type { TimePoint, TimeSeriesChartInput, TimeSeriesInput } from './builders/timeSeries';
export { buildComparisonOption } from './builders/comparison';
export type { ComparisonInput } from './builders/comparison';
export { buildTouStackOption, touBandsFromPeriods, TOU_ORDER } from './builders/touStack';
export type { TouBand, TouStackInput } from './builders/touStack';
export { buildPieOption } from './builders/pie';
export type { PieInput } from './builders/pie';
export { buildGaugeOption, loadBand, LOAD_BANDS } from './builders/gauge';
export type { GaugeInput, LoadBand } from './builders/gauge';
export { buildSankeyOption, drawableLinks } from './builders/sankey';
export type { FlowLinkInput, FlowNodeInput, SankeyInput } from './builders/sankey';
