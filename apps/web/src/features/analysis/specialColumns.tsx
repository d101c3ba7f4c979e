import { Tag } from 'antd';
import type { ReactNode } from 'react';
import type { TableColumnsType } from 'antd';
import type { Formatters } from '../../shared/format';
import type { AnalysisKind } from './api';
import { LOAD_BANDS } from './specialConfig';

type T = (k: string, o?: Record<string, unknown>) => string;
type Row = Record<string, unknown>;

const pctText = (f: Formatters, v: number | null) => (v === null ? '-' : `${f.number(v, 2)}%`);
/** Compliance shares: green at 100 %, amber above 95 %, red below (the operator looks for the red ones). */
const shareTag = (f: Formatters, v: number | null, goodHigh = true) => {
  if (v === null) return '-';
  const ok = goodHigh ? v >= 99.999 : v <= 0.001;
  const warn = goodHigh ? v >= 95 : v <= 5;
  return <Tag color={ok ? 'green' : warn ? 'gold' : 'red'}>{pctText(f, v)}</Tag>;
};

/** Table columns of each special analysis (the export columns mirror them in specialConfig.ts). */
export function specialColumns(kind: AnalysisKind, t: T, f: Formatters): TableColumnsType<Row> {
  const col = (key: string, title: string, render?: (v: never, r: never) => ReactNode, width?: number) =>
    ({ key, dataIndex: key.split('.'), title: t(`analysis.col.${title}`), align: key === 'device_name' || key === 'phase' ? 'left' : 'right', ...(width ? { width } : {}), ...(render ? { render } : {}) }) as TableColumnsType<Row>[number];
  const num = (p: number) => (v: number | null) => (v === null ? '-' : f.number(v, p));
  const pctR = (v: number | null) => pctText(f, v);
  switch (kind) {
    case 'voltage':
      return [
        col('device_name', 'device', undefined, 160),
        col('phase', 'phase', undefined, 60),
        col('nominal_v', 'nominalV', num(0)),
        col('samples', 'count', num(0)),
        col('avg_v', 'avgV', num(1)),
        col('max_v', 'maxV', num(1)),
        col('min_v', 'minV', num(1)),
        col('max_dev_pct', 'maxDev', pctR),
        col('min_dev_pct', 'minDev', pctR),
        col('compliance_pct', 'compliance', (v: number | null) => shareTag(f, v)),
      ];
    case 'imbalance':
      return [
        col('device_name', 'device', undefined, 180),
        col('samples', 'count', num(0)),
        col('avg_pct', 'avgImb', pctR),
        col('max_pct', 'maxImb', pctR),
        col('max_at', 'maxAt', (v: string | null) => f.date(v)),
        col('over_limit_pct', 'overLimit', (v: number | null) => shareTag(f, v, false)),
      ];
    case 'load-rate':
      return [
        col('device_name', 'device', undefined, 180),
        col('rated_kva', 'ratedKva', (v: number | null) => (v === null ? '-' : f.quantity(v, 'kVA').text)),
        col('hours', 'hours', num(0)),
        col('avg_pct', 'avgLoad', pctR),
        col('max_pct', 'maxLoad', pctR),
        col('min_pct', 'minLoad', pctR),
        ...LOAD_BANDS.map((b) => ({ key: b, dataIndex: ['band_hours', b], title: `${t(`charts.load.${b}`)} (h)`, align: 'right' as const })),
        col('economic_pct', 'economicShare', pctR),
      ];
    case 'power-factor':
      return [
        col('device_name', 'device', undefined, 180),
        col('samples', 'count', num(0)),
        col('avg_pf', 'avgPf', num(3)),
        col('min_pf', 'minPf', num(3)),
        col('compliance_pct', 'compliance', (v: number | null) => shareTag(f, v)),
      ];
    default:
      return [
        col('device_name', 'device', undefined, 180),
        col('window_min', 'window', (v: number) => `${v} min`),
        col('max_kw', 'maxDemand', (v: number | null) => (v === null ? '-' : f.unit(v, 'kW', { precision: 2 }).text)),
        col('max_at', 'windowStart', (v: string | null) => f.date(v, 'YYYY-MM-DD HH:mm')),
      ];
  }
}
