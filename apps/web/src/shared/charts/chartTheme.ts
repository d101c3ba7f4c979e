import { fontFamily, palette, seriesColors } from '../theme/palette';

export const CHART_THEME = 'gridops-dark';

const axis = {
  axisLine: { lineStyle: { color: palette.border } },
  axisTick: { lineStyle: { color: palette.border } },
  axisLabel: { color: palette.textTertiary },
  splitLine: { lineStyle: { color: palette.borderSecondary, type: 'dashed' } },
  nameTextStyle: { color: palette.textTertiary },
};

/**
 * ECharts theme built from the console palette (antd tokens): transparent background so the card shows
 * through, the card's text colours, dashed grid lines in the border colour and the shared series colours.
 */
export const chartTheme = {
  color: [...seriesColors],
  backgroundColor: 'transparent',
  textStyle: { fontFamily, color: palette.textSecondary },
  title: { textStyle: { color: palette.text }, subtextStyle: { color: palette.textTertiary } },
  legend: {
    textStyle: { color: palette.textSecondary },
    pageTextStyle: { color: palette.textSecondary },
    pageIconColor: palette.primary,
    pageIconInactiveColor: palette.border,
  },
  tooltip: {
    backgroundColor: palette.bgElevated,
    borderColor: palette.border,
    textStyle: { color: palette.text, fontSize: 12 },
    axisPointer: { lineStyle: { color: palette.textTertiary }, crossStyle: { color: palette.textTertiary } },
  },
  categoryAxis: { ...axis, splitLine: { show: false } },
  valueAxis: axis,
  timeAxis: { ...axis, splitLine: { show: false } },
  toolbox: {
    iconStyle: { borderColor: palette.textTertiary },
    emphasis: { iconStyle: { borderColor: palette.primary } },
  },
  dataZoom: {
    borderColor: palette.border,
    backgroundColor: 'rgba(255,255,255,0.02)',
    fillerColor: 'rgba(47,140,255,0.15)',
    handleStyle: { color: palette.primary, borderColor: palette.primary },
    moveHandleStyle: { color: palette.border },
    textStyle: { color: palette.textTertiary },
    dataBackground: { lineStyle: { color: palette.border }, areaStyle: { color: 'rgba(47,140,255,0.08)' } },
  },
  line: { symbol: 'circle', smooth: false },
};
