import type { HistoryResponse } from '@gridops/contract';
import type { ExportColumn } from '../../shared/export';

export interface SeriesExportRow {
  time: Date;
  device: string;
  point: string;
  unit: string;
  avg: number;
  min: number;
  max: number;
}

/** History series → one row per bucket and point (long format: series of different buckets need no alignment). */
export function seriesExportRows(res: Pick<HistoryResponse, 'series'>): SeriesExportRow[] {
  return res.series.flatMap((s) =>
    s.t.map((t, i) => ({ time: new Date(t), device: s.device_name, point: s.name, unit: s.unit, avg: s.avg[i] as number, min: s.min[i] as number, max: s.max[i] as number })),
  );
}

export function seriesExportColumns(t: (k: string) => string): ExportColumn<SeriesExportRow>[] {
  return [
    { title: t('analysis.col.time'), key: 'time' },
    { title: t('analysis.col.device'), key: 'device' },
    { title: t('analysis.col.point'), key: 'point' },
    { title: t('analysis.col.unit'), key: 'unit' },
    { title: t('analysis.col.avg'), key: 'avg', format: '0.000' },
    { title: t('analysis.col.min'), key: 'min', format: '0.000' },
    { title: t('analysis.col.max'), key: 'max', format: '0.000' },
  ];
}

/** The chart's time patterns for the server's source (raw telemetry and quarter-hour buckets are minute-grained). */
export const granularityOf = (source: HistoryResponse['source']): 'minute' | 'hour' | 'day' =>
  source === 'daily' ? 'day' : source === 'hourly' ? 'hour' : 'minute';
