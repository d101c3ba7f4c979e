import { z } from 'zod';
import { dbIdParam, int32Param } from '../ids.js';

/**
 * Day-ahead forecasts of a site's load and PV (issue 29; docs/forecast.md): every 15 minutes for the next hours,
 * made from the stored history only, each value a band P10 / P50 / P90 in kW.
 */
export const forecastRequest = z.object({
  project_id: dbIdParam,
  /** How far ahead, hours (1–48). */
  hours: int32Param.min(1).max(48).default(48),
});

export const forecastBand = z.object({ p10: z.number(), p50: z.number(), p90: z.number() });
export type ForecastBand = z.infer<typeof forecastBand>;

/** Why a site has no forecast: no grid meter in its power tree, or no stored hour of load before now. */
export const FORECAST_REASONS = ['no_power_tree', 'no_history'] as const;

export const forecastResponse = z.object({
  project_id: z.number().int(),
  /** Nothing measured at or after this instant was read (ISO with the site's offset). */
  cutoff: z.string(),
  slot_minutes: z.number().int(),
  /** Installed PV, kWp (PvSet arrays, else the site's figure); 0: no PV. */
  pv_kwp: z.number(),
  /** The performance ratio learnt (P10/P50/P90 over the days) and from how many days; 0 days: the design PR. */
  performance_ratio: forecastBand.extend({ days: z.number().int() }),
  /** Recent-level correction applied to the load profile (1 = none). */
  load_level: z.number(),
  /** Days of history the load profile was built from. */
  load_days: z.number().int(),
  reason: z.enum(FORECAST_REASONS).nullable(),
  slots: z.array(z.object({ start: z.string(), load_kw: forecastBand, pv_kw: forecastBand })),
});
export type ForecastResponse = z.infer<typeof forecastResponse>;

/** Forecast against what was measured, per hour and per day, over the last days (each day forecast as of its midnight). */
export const forecastAccuracyRequest = z.object({
  project_id: dbIdParam,
  days: int32Param.min(1).max(31).default(7),
});

export const forecastDayError = z.object({
  date: z.string(),
  n: z.number().int(),
  mae_kw: z.number(),
  nmae_pct: z.number().nullable(),
  mape_pct: z.number().nullable(),
  coverage_pct: z.number(),
});
export type ForecastDayError = z.infer<typeof forecastDayError>;

export const forecastAccuracyResponse = z.object({
  project_id: z.number().int(),
  pv_kwp: z.number(),
  reason: z.enum(FORECAST_REASONS).nullable(),
  /** Per hour: the forecast band made at the day's midnight and the measured mean kW (null: not measured). */
  hours: z.array(z.object({ start: z.string(), load_kw: forecastBand, load_actual: z.number().nullable(), pv_kw: forecastBand, pv_actual: z.number().nullable() })),
  load: z.array(forecastDayError),
  pv: z.array(forecastDayError),
  /** Means over the days (null where no day has the figure). */
  summary: z.object({ load_mape_pct: z.number().nullable(), load_nmae_pct: z.number().nullable(), pv_nmae_pct: z.number().nullable(), load_coverage_pct: z.number().nullable(), pv_coverage_pct: z.number().nullable() }),
});
export type ForecastAccuracyResponse = z.infer<typeof forecastAccuracyResponse>;
