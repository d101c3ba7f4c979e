import { formatNumber, joinUnit } from '@gridops/format';
import type { Lang } from '@gridops/format';
import type {
  BarSeriesOption,
  ComposeOption,
  DataZoomComponentOption,
  GaugeSeriesOption,
  GridComponentOption,
  LegendComponentOption,
  LineSeriesOption,
  MarkAreaComponentOption,
  MarkLineComponentOption,
  PieSeriesOption,
  SankeySeriesOption,
  ScatterSeriesOption,
  TitleComponentOption,
  ToolboxComponentOption,
  TooltipComponentOption,
} from 'echarts';
import { palette } from '../../theme/palette';

/** Every option the builders produce; it names exactly the parts EChartView registers. */
export type ChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | PieSeriesOption
  | GaugeSeriesOption
  | SankeySeriesOption
  | ScatterSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | DataZoomComponentOption
  | MarkLineComponentOption
  | MarkAreaComponentOption
  | TitleComponentOption
  | ToolboxComponentOption
>;

/** The translate function the builders need; `useChartLocale()` or `i18n.getFixedT(lang)` give one. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Builders are pure: the language and strings come in, nothing is read from i18next or the store. */
export interface ChartLocale {
  t: Translate;
  lang: Lang;
  /** The site's IANA zone: time axes and tooltips show its clock (undefined: the browser's zone). */
  tz?: string | undefined;
}

/** One entry of an axis-trigger or item tooltip, the fields the formatters read (a subset of ECharts'). */
export interface TooltipParam {
  seriesId?: string;
  seriesName?: string;
  name?: string;
  marker?: unknown;
  value?: unknown;
  data?: unknown;
  dataIndex?: number;
  percent?: number;
  dataType?: string;
}

/** Names in tooltips come from user data (site, device, branch names); the tooltip renders HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export const asParams = (p: unknown): TooltipParam[] =>
  Array.isArray(p) ? (p as TooltipParam[]) : [p as TooltipParam];

/** A number with its (already scaled) unit: '1,234.50 kW'; '-' for empty. */
export function valueText(
  value: number | null | undefined,
  unit: string,
  precision: number,
  lang: Lang,
): string {
  return joinUnit(formatNumber(value, precision), unit, lang);
}

export const divide = (v: number | null | undefined, divisor: number): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v / divisor : null;

export const markerHtml = (p: TooltipParam): string => (typeof p.marker === 'string' ? p.marker : '');

/** The save-as-image button every chart offers; the background matches the card so the PNG looks the same. */
export function toolbox(locale: ChartLocale, zoom = false): ToolboxComponentOption {
  const { t } = locale;
  return {
    right: 8,
    top: 0,
    itemSize: 14,
    feature: {
      ...(zoom
        ? {
            dataZoom: {
              yAxisIndex: 'none',
              title: { zoom: t('charts.toolbox.zoom'), back: t('charts.toolbox.zoomBack') },
            },
            restore: { title: t('charts.toolbox.restore') },
          }
        : {}),
      saveAsImage: { title: t('charts.toolbox.save'), backgroundColor: palette.bgContainer, pixelRatio: 2 },
    },
  };
}

/** Axis-trigger tooltip shared by the cartesian charts; `formatter` is theirs. */
export function axisTooltip(formatter: (params: TooltipParam[]) => string): TooltipComponentOption {
  return {
    trigger: 'axis',
    confine: true,
    axisPointer: { type: 'line' },
    formatter: (p: unknown) => formatter(asParams(p)),
  };
}
