import type { ChartOption } from './builders/common';

const isValue = (v: unknown): boolean => {
  if (typeof v === 'number') return Number.isFinite(v);
  if (Array.isArray(v)) return v.length > 1 ? isValue(v[v.length - 1]) : v.length === 1 && isValue(v[0]);
  if (v && typeof v === 'object' && 'value' in v) return isValue((v as { value: unknown }).value);
  return false;
};

/**
 * Whether an option has anything to draw: some series with at least one real value (a [time, value] pair
 * counts by its value), or a sankey with links. Decides the "暂无数据 / No data" state without loading ECharts.
 */
export function hasChartData(option: ChartOption): boolean {
  const list =
    option.series === undefined ? [] : Array.isArray(option.series) ? option.series : [option.series];
  return list.some((s) => {
    if (s.type === 'sankey') return Array.isArray(s.links) && s.links.length > 0;
    const data: unknown = s.data;
    return Array.isArray(data) && data.some(isValue);
  });
}
