import type { ExportColumn } from '../../shared/export';
import type { StatsResponse } from './api';

export interface StatsTableRow {
  key: string;
  pointId: number;
  device: string;
  point: string;
  unit: string;
  kind: string;
  period: string;
  min: number;
  max: number;
  avg: number;
  count: number;
  /** Consumption over the period, counters only. */
  delta: number | null;
}

/** The stats answer (per point, rows per period) flattened to table rows: period-major so days line up. */
export function statsTableRows(res: StatsResponse): StatsTableRow[] {
  const rows = res.flatMap((p) =>
    p.rows.map((r) => ({ key: `${p.point_id}:${r.period}`, pointId: p.point_id, device: p.device_name, point: p.name, unit: p.unit, kind: p.kind, ...r })),
  );
  const order = new Map(res.map((p, i) => [p.point_id, i]));
  return rows.sort((a, b) => (a.period === b.period ? (order.get(a.pointId) ?? 0) - (order.get(b.pointId) ?? 0) : a.period < b.period ? -1 : 1));
}

export const hasCounter = (res: StatsResponse): boolean => res.some((p) => p.kind === 'counter');

export function statsExportColumns(t: (k: string) => string, withDelta: boolean): ExportColumn<StatsTableRow>[] {
  return [
    { title: t('analysis.col.period'), key: 'period' },
    { title: t('analysis.col.device'), key: 'device' },
    { title: t('analysis.col.point'), key: 'point' },
    { title: t('analysis.col.unit'), key: 'unit' },
    { title: t('analysis.col.min'), key: 'min', format: '0.000' },
    { title: t('analysis.col.max'), key: 'max', format: '0.000' },
    { title: t('analysis.col.avg'), key: 'avg', format: '0.000' },
    { title: t('analysis.col.count'), key: 'count', format: '0' },
    ...(withDelta ? [{ title: t('analysis.col.delta'), key: 'delta', format: '0.000' }] : []),
  ];
}
