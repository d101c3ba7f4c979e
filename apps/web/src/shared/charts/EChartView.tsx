import { BarChart, GaugeChart, LineChart, PieChart, SankeyChart, ScatterChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TitleComponent,
  ToolboxComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
// The CommonJS default export renders an object under Vite 8 (React #130); the ESM core entry does not.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { CSSProperties } from 'react';
import type { ChartOption } from './builders/common';
import { CHART_THEME, chartTheme } from './chartTheme';

// Only the parts the builders use, so the lazy chunk stays small (the full echarts build is ~3× larger).
echarts.use([
  LineChart,
  BarChart,
  PieChart,
  GaugeChart,
  SankeyChart,
  ScatterChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  MarkLineComponent,
  MarkAreaComponent,
  TitleComponent,
  ToolboxComponent,
  CanvasRenderer,
]);
echarts.registerTheme(CHART_THEME, chartTheme);

export interface EChartViewProps {
  option: ChartOption;
  lang: 'zh' | 'en';
  style: CSSProperties;
  className?: string;
  onEvents?: Record<string, (params: unknown) => void>;
}

/**
 * The only module that imports ECharts; `Chart` loads it lazily. echarts-for-react re-renders on option
 * change and follows the container's size through a ResizeObserver (size-sensor), so cards and grid cells
 * that resize (side menu collapse, window) keep the chart fitted.
 */
export function EChartView({ option, lang, style, className, onEvents }: EChartViewProps) {
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      theme={CHART_THEME}
      // A builder's option is complete: merging with the previous one would leave stale series behind.
      notMerge
      lazyUpdate
      opts={{ renderer: 'canvas', locale: lang === 'en' ? 'EN' : 'ZH' }}
      style={style}
      className={className}
      onEvents={onEvents}
    />
  );
}
