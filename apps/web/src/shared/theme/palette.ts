/**
 * The console's colours in one place. The antd theme (app/Providers.tsx) and the chart theme both read them,
 * so a chart never drifts from the cards it sits on.
 */
export const palette = {
  primary: '#2f8cff',
  success: '#36cfc9',
  warning: '#faad14',
  error: '#ff4d4f',
  bgBase: '#06101f',
  bgContainer: '#0c1c36',
  bgElevated: '#10264a',
  headerBg: '#081a35',
  border: '#1d3a66',
  borderSecondary: '#16305a',
  menuSubBg: '#061530',
  menuSelectedBg: '#1d4f91',
  text: 'rgba(255, 255, 255, 0.85)',
  textSecondary: 'rgba(255, 255, 255, 0.65)',
  textTertiary: 'rgba(255, 255, 255, 0.45)',
} as const;

export const fontFamily =
  "-apple-system, 'Segoe UI', 'PingFang SC', 'Noto Sans CJK SC', 'Microsoft YaHei', Roboto, sans-serif";

/** Series colours, in order: the antd status colours first, then hues that stay apart on the dark background. */
export const seriesColors: readonly string[] = [
  palette.primary,
  palette.success,
  palette.warning,
  '#9254de',
  '#ff7a45',
  '#73d13d',
  '#f759ab',
  '#597ef7',
  palette.error,
  '#ffd666',
];

/** Colours with a meaning of their own: the time-of-use bands and the load-rate bands. */
export const semanticColors = {
  tou: { sharp: '#ff4d4f', peak: '#fa8c16', flat: '#2f8cff', valley: '#36cfc9' },
  load: { light: '#597ef7', economic: '#52c41a', heavy: '#faad14', overload: '#ff4d4f' },
  up: '#ff4d4f',
  down: '#52c41a',
} as const;
