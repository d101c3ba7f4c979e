import { runtimeZone, siteDayStart } from '@gridops/format';
import type { ChartLocale, ChartOption } from '../../shared/charts';
import { buildTimeSeriesOption, columnarToPoints } from '../../shared/charts';
import type { ExportColumn } from '../../shared/export';
import { semanticColors } from '../../shared/theme/palette';
import type { AnalysisKind, AnalysisRows, DemandRow, LoadRateRow } from './api';
import { buildBarsOption } from './barChart';

export const SPECIAL_KINDS: readonly AnalysisKind[] = ['voltage', 'imbalance', 'load-rate', 'power-factor', 'demand'];
/** The server's limit (contract ANALYSIS_MAX_DAYS). */
export const SPECIAL_MAX_DAYS = 92;

/**
 * The standards of docs/pages/distribution.md ("Special analysis — formulas"). The answers carry the limit per
 * row; these are what the page states when there are no rows yet.
 */
export const STANDARD_LIMITS = { voltagePct: 7, imbalancePct: 15, pf: 0.9, economicLow: 40, economicHigh: 75, demandWindowMin: 15 } as const;

type T = (k: string, o?: Record<string, unknown>) => string;

export const LOAD_BANDS = ['light', 'economic', 'heavy', 'overload'] as const;

/** Limit the rows were computed with (first row), else the documented one. */
export function limitOf<K extends AnalysisKind>(kind: K, rows: readonly AnalysisRows[K][]): number {
  const r = rows[0] as Partial<{ limit_pct: number; limit: number; window_min: number }> | undefined;
  if (kind === 'voltage') return r?.limit_pct ?? STANDARD_LIMITS.voltagePct;
  if (kind === 'imbalance') return r?.limit_pct ?? STANDARD_LIMITS.imbalancePct;
  if (kind === 'power-factor') return r?.limit ?? STANDARD_LIMITS.pf;
  if (kind === 'demand') return r?.window_min ?? STANDARD_LIMITS.demandWindowMin;
  return STANDARD_LIMITS.economicHigh;
}

export function specialChart<K extends AnalysisKind>(kind: K, rows: readonly AnalysisRows[K][], locale: ChartLocale): ChartOption {
  const { t } = locale;
  const limit = limitOf(kind, rows);
  switch (kind) {
    case 'voltage': {
      const r = rows as readonly AnalysisRows['voltage'][];
      return buildBarsOption(
        {
          categories: r.map((x) => `${x.device_name} ${x.phase}`),
          unit: '%',
          series: [
            { name: t('analysis.col.maxDev'), data: r.map((x) => x.max_dev_pct) },
            { name: t('analysis.col.minDev'), data: r.map((x) => x.min_dev_pct) },
          ],
          limits: [
            { name: t('analysis.limit'), value: limit },
            { name: t('analysis.limit'), value: -limit },
          ],
        },
        locale,
      );
    }
    case 'imbalance': {
      const r = rows as readonly AnalysisRows['imbalance'][];
      return buildBarsOption(
        {
          categories: r.map((x) => x.device_name),
          unit: '%',
          series: [
            { name: t('analysis.col.avgImb'), data: r.map((x) => x.avg_pct) },
            { name: t('analysis.col.maxImb'), data: r.map((x) => x.max_pct) },
          ],
          limits: [{ name: t('analysis.limit'), value: limit }],
        },
        locale,
      );
    }
    case 'load-rate': {
      const r = rows as readonly LoadRateRow[];
      return buildBarsOption(
        {
          categories: r.map((x) => x.device_name),
          unit: t('analysis.hoursUnit'),
          precision: 0,
          series: LOAD_BANDS.map((b) => ({ name: t(`charts.load.${b}`), data: r.map((x) => x.band_hours[b]), stack: 'bands', color: semanticColors.load[b] })),
        },
        locale,
      );
    }
    case 'power-factor': {
      const r = rows as readonly AnalysisRows['power-factor'][];
      return buildBarsOption(
        {
          categories: r.map((x) => x.device_name),
          unit: '',
          precision: 3,
          series: [
            { name: t('analysis.col.avgPf'), data: r.map((x) => x.avg_pf) },
            { name: t('analysis.col.minPf'), data: r.map((x) => x.min_pf) },
          ],
          limits: [{ name: t('analysis.limit'), value: limit }],
        },
        locale,
      );
    }
    default: {
      const r = rows as readonly DemandRow[];
      return buildTimeSeriesOption(
        {
          series: r.map((x) => ({ name: x.device_name, unit: 'kW', kind: 'bar' as const, points: columnarToPoints(x.days.map((d) => siteDayStart(d.day, locale.tz ?? runtimeZone()).getTime()), x.days.map((d) => d.max_kw)) })),
          granularity: 'day',
          dataZoom: false,
        },
        locale,
      );
    }
  }
}

export interface DemandDayRow {
  device: string;
  day: string;
  max_kw: number;
  at: Date;
}

/** Demand is exported per day (the table's expandable rows), the other analyses row for row. */
export const demandDays = (rows: readonly DemandRow[]): DemandDayRow[] => rows.flatMap((r) => r.days.map((d) => ({ device: r.device_name, day: d.day, max_kw: d.max_kw, at: new Date(d.at) })));

const pct = '0.00';
const dt = (v: unknown) => (typeof v === 'string' ? new Date(v) : null);

export function specialExportColumns(kind: AnalysisKind, t: T): ExportColumn<Record<string, unknown>>[] {
  const c = (key: string, title: string, format?: string | ((v: unknown) => Date | null)): ExportColumn<Record<string, unknown>> => ({ key, title: t(`analysis.col.${title}`), ...(format ? { format } : {}) });
  switch (kind) {
    case 'voltage':
      return [c('device_name', 'device'), c('phase', 'phase'), c('nominal_v', 'nominalV', '0.0'), c('limit_pct', 'limitPct', pct), c('samples', 'count', '0'), c('avg_v', 'avgV', '0.0'), c('max_v', 'maxV', '0.0'), c('min_v', 'minV', '0.0'), c('max_dev_pct', 'maxDev', pct), c('min_dev_pct', 'minDev', pct), c('compliance_pct', 'compliance', pct)];
    case 'imbalance':
      return [c('device_name', 'device'), c('limit_pct', 'limitPct', pct), c('samples', 'count', '0'), c('avg_pct', 'avgImb', pct), c('max_pct', 'maxImb', pct), c('max_at', 'maxAt', dt), c('over_limit_pct', 'overLimit', pct)];
    case 'load-rate':
      return [c('device_name', 'device'), c('rated_kva', 'ratedKva', '0'), c('hours', 'hours', '0'), c('avg_pct', 'avgLoad', pct), c('max_pct', 'maxLoad', pct), c('min_pct', 'minLoad', pct), ...LOAD_BANDS.map((b) => ({ key: `band_hours.${b}`, title: `${t(`charts.load.${b}`)} (h)`, format: '0' })), c('economic_pct', 'economicShare', pct)];
    case 'power-factor':
      return [c('device_name', 'device'), c('limit', 'limitPf', '0.00'), c('samples', 'count', '0'), c('avg_pf', 'avgPf', '0.000'), c('min_pf', 'minPf', '0.000'), c('compliance_pct', 'compliance', pct)];
    default:
      return [c('device', 'device'), c('day', 'day'), c('max_kw', 'maxDemand', '0.00'), c('at', 'windowStart')];
  }
}

export function specialExportRows<K extends AnalysisKind>(kind: K, rows: readonly AnalysisRows[K][]): Record<string, unknown>[] {
  if (kind === 'demand') return demandDays(rows as readonly DemandRow[]) as unknown as Record<string, unknown>[];
  return rows as unknown as Record<string, unknown>[];
}
