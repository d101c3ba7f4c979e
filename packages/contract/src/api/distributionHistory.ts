import { z } from 'zod';
import { dbIdList, dbIdParam, int32Param } from '../ids.js';

/** History curves (/HisdataCts), statistics (/AnalReport) and special analysis (/SpecAnaly). */

const csvIds = dbIdList;
const isoTime = z.iso.datetime({ offset: true });

export const HISTORY_MAX_POINTS = 16;
export const HISTORY_MAX_DAYS = 366;

export const historyQuery = z.object({
  /** Comma-separated point ids, at most 16. */
  point_ids: csvIds,
  from: isoTime,
  to: isoTime,
  /** Chart width in pixels: the answer has at most one bucket per pixel. */
  width: int32Param.min(10).max(5000).default(1000),
});

/**
 * Columnar series: bucket i starts at t[i] (ms) and has min[i], max[i], avg[i]. With source 'raw' every
 * sample is its own bucket (min = max = avg = value). Buckets without data are absent: break the line when
 * t[i+1] − t[i] > 2 × bucket_ms.
 */
export const historySeries = z.object({
  point_id: z.number().int(),
  device_id: z.number().int(),
  device_name: z.string(),
  key: z.string(),
  name: z.string(),
  unit: z.string(),
  precision: z.number().int(),
  t: z.array(z.number()),
  min: z.array(z.number()),
  max: z.array(z.number()),
  avg: z.array(z.number()),
});
export const historyResponse = z.object({
  from: z.string(),
  to: z.string(),
  /** raw telemetry, or telemetry bucketed (min/max/avg), or the quarter-hour/hourly/daily rollups. */
  source: z.enum(['raw', 'telemetry', 'quarter_hour', 'hourly', 'daily']),
  bucket_ms: z.number(),
  series: z.array(historySeries),
});
export type HistoryResponse = z.infer<typeof historyResponse>;

export const historyStatsQuery = z.object({
  point_ids: csvIds,
  from: isoTime,
  to: isoTime,
  period: z.enum(['day', 'month']).default('day'),
});
export const historyStatsRow = z.object({
  /** The site's local day YYYY-MM-DD or month YYYY-MM (projects.timezone). */
  period: z.string(),
  min: z.number(),
  max: z.number(),
  avg: z.number(),
  count: z.number().int(),
  /** Counters only: consumption over the period (reset-aware), else null. */
  delta: z.number().nullable(),
});
export const historyStatsResponse = z.array(
  z.object({
    point_id: z.number().int(),
    device_name: z.string(),
    name: z.string(),
    unit: z.string(),
    kind: z.string(),
    rows: z.array(historyStatsRow),
  }),
);

/** Special analysis: one project, a range of at most 92 days, optionally one device. */
export const ANALYSIS_MAX_DAYS = 92;
export const analysisQuery = z.object({
  project_id: dbIdParam,
  from: isoTime,
  to: isoTime,
  device_id: dbIdParam.optional(),
});

export const voltageRow = z.object({
  device_id: z.number().int(),
  device_name: z.string(),
  phase: z.enum(['A', 'B', 'C']),
  nominal_v: z.number(),
  limit_pct: z.number(),
  samples: z.number().int(),
  avg_v: z.number().nullable(),
  max_v: z.number().nullable(),
  min_v: z.number().nullable(),
  max_dev_pct: z.number().nullable(),
  min_dev_pct: z.number().nullable(),
  /** Share of samples within ±limit_pct, %. */
  compliance_pct: z.number().nullable(),
});
export const imbalanceRow = z.object({
  device_id: z.number().int(),
  device_name: z.string(),
  limit_pct: z.number(),
  samples: z.number().int(),
  avg_pct: z.number().nullable(),
  max_pct: z.number().nullable(),
  max_at: z.string().nullable(),
  /** Share of samples above limit_pct, %. */
  over_limit_pct: z.number().nullable(),
});
export const loadRateRow = z.object({
  device_id: z.number().int(),
  device_name: z.string(),
  rated_kva: z.number().nullable(),
  hours: z.number().int(),
  avg_pct: z.number().nullable(),
  max_pct: z.number().nullable(),
  min_pct: z.number().nullable(),
  /** Hours by hourly average load rate: light < 40 %, economic 40–75 %, heavy 75–100 %, overload > 100 %. */
  band_hours: z.object({ light: z.number().int(), economic: z.number().int(), heavy: z.number().int(), overload: z.number().int() }),
  economic_pct: z.number().nullable(),
});
export const powerFactorRow = z.object({
  device_id: z.number().int(),
  device_name: z.string(),
  limit: z.number(),
  samples: z.number().int(),
  avg_pf: z.number().nullable(),
  min_pf: z.number().nullable(),
  compliance_pct: z.number().nullable(),
});
export const demandRow = z.object({
  device_id: z.number().int(),
  device_name: z.string(),
  window_min: z.number().int(),
  max_kw: z.number().nullable(),
  max_at: z.string().nullable(),
  /** Per local day: the day's maximum demand and its window start. */
  days: z.array(z.object({ day: z.string(), max_kw: z.number(), at: z.string() })),
});
export const analysisResponse = <T extends z.ZodType>(row: T) => z.object({ from: z.string(), to: z.string(), rows: z.array(row) });

export const eventCurveParams = z.object({ id: dbIdParam });
export const eventCurveResponse = z.object({
  event_id: z.number().int(),
  raised_at: z.string(),
  from: z.string(),
  to: z.string(),
  /** The event's point, or — for events without one — the device's main analog points. */
  series: z.array(
    z.object({ point_id: z.number().int(), key: z.string(), name: z.string(), unit: z.string(), t: z.array(z.number()), min: z.array(z.number()), max: z.array(z.number()), avg: z.array(z.number()) }),
  ),
  limit_value: z.number().nullable(),
});
