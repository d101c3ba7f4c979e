import { z } from 'zod';
import { bill } from './billing.js';
import { dbIdParam, int32Param } from '../ids.js';
import { ENERGY_TYPES } from '../constants.js';
import { METER_NODE_TYPES, TOU_BANDS } from './metering.js';
import { ENERGISATION_STATES } from '../energisation.js';
import { ieCategoryBreakdown } from './ieSets.js';

/**
 * Energy statistics (docs/energy-model.md). Quantities are raw numbers in the unit given next to them (kWh,
 * m³, GJ, kW, yuan, kgCO2, kgce); the console scales them for display (spec §9). Dates are site-local
 * calendar dates (projects.timezone). A percentage change against a zero or missing base is null, never Infinity.
 */
const id = dbIdParam;
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

/** Which nodes a page works on: new energy (pv, wind), storage charge/discharge, power use, grid, or a whole water/gas/heat tree. */
export const ENERGY_CATEGORIES = [
  'new_energy',
  'storage_charge',
  'storage_discharge',
  'power_use',
  'grid',
  'water',
  'gas',
  'heat',
] as const;
export type EnergyCategory = (typeof ENERGY_CATEGORIES)[number];
export const STAT_PERIODS = ['day', 'month', 'year', 'custom'] as const;
export type StatPeriod = (typeof STAT_PERIODS)[number];
export const GRANULARITIES = ['hour', 'day', 'month', 'year'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/**
 * A period picker: `day` (hourly buckets), `month` (daily), `year` (monthly) anchored at `date`
 * (any date inside the period), or `custom` from `from` to `to` inclusive (daily buckets, at most 400 days).
 */
export const periodQuery = z.object({
  period: z.enum(STAT_PERIODS).default('day'),
  date: localDate.optional(),
  from: localDate.optional(),
  to: localDate.optional(),
});
export const resolvedRange = z.object({ from: localDate, to: localDate });
export type ResolvedRange = z.infer<typeof resolvedRange>;

/**
 * Why a percentage change is null: `base_not_covered` — the base period starts before the first stored
 * reading (its zero means "not recorded", not "not used"); `base_zero` — the covered base is zero;
 * `in_progress` — the bucket has not ended yet (today's few minutes against a whole day would read −99 %).
 */
export const CHANGE_REASONS = ['base_not_covered', 'base_zero', 'in_progress'] as const;
export const changeReason = z.enum(CHANGE_REASONS);
export type ChangeReason = z.infer<typeof changeReason>;

const change = {
  /** Same-length period just before (previous day/month/year, or the window before a custom range). */
  mom_value: z.number().nullable(),
  /** Same period one year earlier. */
  yoy_value: z.number().nullable(),
  /** (value − base) / base × 100; null when the base is not covered by data or is zero (see the reason). */
  mom_pct: z.number().nullable(),
  yoy_pct: z.number().nullable(),
  /** Why `mom_pct`/`yoy_pct` is null (null when it is a number). */
  mom_reason: changeReason.nullable(),
  yoy_reason: changeReason.nullable(),
};

/**
 * Instant of the first stored reading of the points a comparison sums (ISO), null when there is none: a base
 * period starting before it is `base_not_covered` (docs/energy-model.md, "Comparisons").
 */
const dataSince = z.string().nullable();

export const statsRequest = periodQuery.extend({
  project_id: id,
  category: z.enum(ENERGY_CATEGORIES),
  /** Restrict to these nodes; default: every node of the category. */
  node_ids: z.array(id).max(200).optional(),
});
export const statsBucket = z.object({ key: z.string(), value: z.number(), ...change });
export const statsNode = z.object({
  node_id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  name_en: z.string(),
  node_type: z.enum(METER_NODE_TYPES),
  value: z.number(),
  ...change,
  /** Per bucket, aligned with `buckets`. */
  series: z.array(z.number()),
});
export const statsResponse = z.object({
  project_id: z.number().int(),
  category: z.enum(ENERGY_CATEGORIES),
  energy_type: z.enum(ENERGY_TYPES),
  unit: z.string(),
  period: z.enum(STAT_PERIODS),
  granularity: z.enum(GRANULARITIES),
  range: resolvedRange,
  mom_range: resolvedRange,
  yoy_range: resolvedRange,
  data_since: dataSince,
  /** Category total per bucket (top-most nodes only, so nothing is counted twice; power use = site consumption). */
  buckets: z.array(statsBucket),
  total: z.object({ value: z.number(), ...change }),
  nodes: z.array(statsNode),
});
export type StatsResponse = z.infer<typeof statsResponse>;

/** Meter readings (data collection): start and end reading and the energy between them, per node. */
export const readingsRequest = z.object({
  project_id: id,
  category: z.enum(ENERGY_CATEGORIES),
  from: localDate,
  to: localDate,
});
export const readingRow = z.object({
  node_id: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  node_type: z.enum(METER_NODE_TYPES),
  device_name: z.string().nullable(),
  device_name_en: z.string().nullable(),
  point_key: z.string().nullable(),
  unit: z.string(),
  /** Last reading before the range (or first inside it); null without data. */
  start_reading: z.number().nullable(),
  start_ts: z.string().nullable(),
  end_reading: z.number().nullable(),
  end_ts: z.string().nullable(),
  /** Energy over the range with resets and gaps handled; may differ from end − start after a reset. */
  energy: z.number(),
  resets: z.number().int(),
});
export const readingsResponse = z.object({
  project_id: z.number().int(),
  range: resolvedRange,
  rows: z.array(readingRow),
});

export const overviewRequest = z.object({ project_id: id, date: localDate.optional() });
const triple = z.object({ today: z.number(), month: z.number(), year: z.number() });

export const newEnergyOverview = z.object({
  project_id: z.number().int(),
  date: localDate,
  capacity_kwp: z.number(),
  /** kWh generated by pv + wind nodes. */
  generation: triple,
  /** Share of generation used on site, %: (generation − export) / generation; null without generation. */
  self_consumption_pct: z.object({
    today: z.number().nullable(),
    month: z.number().nullable(),
    year: z.number().nullable(),
  }),
  /** False when no grid_export node is configured: export is then taken as 0. */
  export_metered: z.boolean(),
  /** Generation / kWp, h. */
  equivalent_hours: triple,
  /** Performance ratio against clear-sky plane irradiance (Haurwitz), %; null without capacity. */
  performance_ratio_pct: z.object({
    today: z.number().nullable(),
    month: z.number().nullable(),
    year: z.number().nullable(),
  }),
  /** Clear-sky irradiation estimate, kWh/m². */
  irradiation_kwh_m2: triple,
  /**
   * What the PV arrays of /RunSetup/PvSet should have yielded under a clear sky (plane irradiation × kWp × design
   * PR), kWh; null when the site has no arrays configured.
   */
  expected_kwh: triple.nullable().optional(),
  live_kw: z.number().nullable(),
  /** kgCO2 avoided (generation × grid factor) and trees equivalent, this year. */
  avoided_co2_kg_year: z.number(),
  trees_year: z.number(),
});

export const storageOverview = z.object({
  project_id: z.number().int(),
  date: localDate,
  capacity_kwh: z.number(),
  charged: triple,
  discharged: triple,
  /** Equivalent full cycles: discharged / capacity. */
  cycles: triple,
  /** Round-trip efficiency, %: discharged / charged; null when nothing was charged. */
  efficiency_pct: z.object({
    today: z.number().nullable(),
    month: z.number().nullable(),
    year: z.number().nullable(),
  }),
  live: z.object({
    power_kw: z.number().nullable(),
    soc_pct: z.number().nullable(),
    mode: z.enum(['charging', 'discharging', 'idle', 'unknown']),
  }),
  /** Today's charge and discharge per hour (24 values, kWh). */
  today_hourly: z.object({ charged: z.array(z.number()), discharged: z.array(z.number()) }),
});

/** Why a cost is unknown (null) instead of a number: the site has no tariff, so no cost is ever shown as 0 元. */
export const COST_UNKNOWN_REASONS = ['no_tariff'] as const;
export type CostUnknownReason = (typeof COST_UNKNOWN_REASONS)[number];
/**
 * Why a site's total energy cannot be computed (then shown as that reason, never as 0.00 kWh): the site has no
 * metering tree at all, or none of its nodes is a grid incomer (node type 'grid', the root the total is read at).
 */
export const TOTAL_UNKNOWN_REASONS = ['no_metering_tree', 'no_grid_root'] as const;
export type TotalUnknownReason = (typeof TOTAL_UNKNOWN_REASONS)[number];

export const powerOverview = z.object({
  project_id: z.number().int(),
  date: localDate,
  /** Site consumption (grid import − export + generation + discharge − charge), kWh. */
  consumption: triple,
  grid_import: triple,
  /** This month's consumption by TOU band, kWh and yuan (cost null when unknown: see cost_unknown). */
  month_by_band: z.array(z.object({ band: z.enum(TOU_BANDS), energy: z.number(), cost: z.number().nullable() })),
  /** null when unknown, with the reason in cost_unknown. */
  month_cost: z.number().nullable(),
  cost_unknown: z.enum(COST_UNKNOWN_REASONS).nullable(),
  /** Set when consumption and grid import cannot be computed (their numbers are then 0 and not to be shown). */
  total_unknown: z.enum(TOTAL_UNKNOWN_REASONS).nullable(),
  /** Branches (load nodes) ranked by this month's energy. */
  top_branches: z.array(
    z.object({ node_id: z.number().int(), name: z.string(), name_en: z.string(), energy: z.number() }),
  ),
  live_kw: z.number().nullable(),
  /** Consumption per m² of floor area this year, kWh/m²; null without area. */
  intensity_kwh_m2_year: z.number().nullable(),
});

export const lossRequest = periodQuery.extend({
  project_id: id,
  energy_type: z.enum(ENERGY_TYPES).default('power'),
  /** A node whose loss rate exceeds this, %, is flagged. */
  threshold_pct: z.number().min(0).max(100).default(5),
});
export const lossRow = z.object({
  node_id: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  level: z.number().int(),
  /** Own energy plus energy fed in by source children (pv, wind, storage discharge). */
  input: z.number(),
  /** Sum of the other children. */
  output: z.number(),
  loss: z.number(),
  /** loss / input × 100; null when input is zero. */
  loss_rate_pct: z.number().nullable(),
  flagged: z.boolean(),
  children: z.number().int(),
});
export const lossResponse = z.object({
  project_id: z.number().int(),
  energy_type: z.enum(ENERGY_TYPES),
  unit: z.string(),
  range: resolvedRange,
  threshold_pct: z.number(),
  rows: z.array(lossRow),
  /** Per tree level: total input, output and loss of the nodes at that level. */
  levels: z.array(
    z.object({
      level: z.number().int(),
      input: z.number(),
      output: z.number(),
      loss: z.number(),
      loss_rate_pct: z.number().nullable(),
    }),
  ),
});

export const expenseRequest = periodQuery.extend({
  project_id: id,
  node_ids: z.array(id).max(200).optional(),
});
const bandAmounts = z.object({ band: z.enum(TOU_BANDS), energy: z.number(), cost: z.number() });
/**
 * Which tariff priced (part of) a period: its name, edit version and validity, and the site dates of the
 * period it covers (from/to inclusive). A period spanning two tariffs has two parts; none where no tariff
 * is valid (that energy is not priced). docs/energy-model.md, "Tariff versions and month scopes".
 */
export const tariffPart = z.object({
  tariff_id: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  version: z.number().int(),
  valid_from: z.string(),
  valid_to: z.string().nullable(),
  from: z.string(),
  to: z.string(),
});
export type TariffPart = z.infer<typeof tariffPart>;
export const expenseResponse = z.object({
  project_id: z.number().int(),
  currency: z.literal('CNY'),
  range: resolvedRange,
  granularity: z.enum(GRANULARITIES),
  /** False when the site has no tariff: total.cost is then null and cost_unknown says why (row costs are 0, not to be shown). */
  tariff_configured: z.boolean(),
  cost_unknown: z.enum(COST_UNKNOWN_REASONS).nullable(),
  /** Per period bucket and band. */
  periods: z.array(
    z.object({ key: z.string(), energy: z.number(), cost: z.number(), bands: z.array(bandAmounts), tariffs: z.array(tariffPart) }),
  ),
  /** Per node (branch) and band over the whole range. */
  nodes: z.array(
    z.object({
      node_id: z.number().int(),
      name: z.string(),
      name_en: z.string(),
      node_type: z.enum(METER_NODE_TYPES),
      energy: z.number(),
      cost: z.number(),
      bands: z.array(bandAmounts),
    }),
  ),
  total: z.object({
    energy: z.number(),
    /** null when unknown (cost_unknown). */
    cost: z.number().nullable(),
    avg_price: z.number().nullable(),
    bands: z.array(bandAmounts),
  }),
  /** The site's bill by month: energy, basic and demand charges, power-factor adjustment, feed-in revenue. */
  bill: bill.optional(),
});
export type ExpenseResponse = z.infer<typeof expenseResponse>;

export const liveRequest = z.object({ project_id: id });
export const flowNode = z.object({
  id: z.string(),
  node_id: z.number().int().nullable(),
  name: z.string(),
  name_en: z.string(),
  kind: z.enum([...METER_NODE_TYPES, 'external', 'loss']),
  /** null: no fresh reading. A dead node reads 0 (it carries nothing), not null. */
  kw: z.number().nullable(),
  x: z.number().nullable(),
  y: z.number().nullable(),
  /** Energisation (contract `energise`, docs/energy-model.md "Energisation"): live, dead or unknown. */
  state: z.enum(ENERGISATION_STATES),
});
export const flowLink = z.object({ source: z.string(), target: z.string(), kw: z.number() });
export const energyFlow = z.object({
  project_id: z.number().int(),
  at: z.string().nullable(),
  nodes: z.array(flowNode),
  links: z.array(flowLink),
  /** Σ parent input − Σ child outputs where it came out negative (metering mismatch, kW). */
  imbalance_kw: z.number(),
  /** Power values older than this many seconds are left out (null kW). */
  stale_after_s: z.number(),
});

export const microgridBalance = z.object({
  project_id: z.number().int(),
  at: z.string().nullable(),
  /** kW: PV+wind, grid import (negative = export), load (balance), storage (discharge positive), EV charging. */
  source_kw: z.number(),
  grid_kw: z.number(),
  load_kw: z.number(),
  storage_kw: z.number(),
  charging_kw: z.number(),
  storage: z.object({
    soc_pct: z.number().nullable(),
    mode: z.enum(['charging', 'discharging', 'idle', 'unknown']),
    strategy: z.string(),
    strategy_en: z.string(),
    capacity_kwh: z.number(),
  }),
  today: z.object({
    consumption: z.number(),
    grid_import: z.number(),
    generation: z.number(),
    charged: z.number(),
    discharged: z.number(),
    ev_charging: z.number(),
    self_sufficiency_pct: z.number().nullable(),
  }),
});

export const integratedRequest = periodQuery.extend({ project_id: id });
export const integratedRow = z.object({
  energy_type: z.enum(ENERGY_TYPES),
  unit: z.string(),
  value: z.number(),
  ...change,
  /** Standard coal equivalent, kgce (GB/T 2589-2020). */
  coal_kgce: z.number(),
  series: z.array(z.number()),
  /**
   * Consumption by use category (/RunSetup/Ie*Set): one row per category with assigned meters, then the rest
   * (key `unassigned`: meters not assigned and losses). Absent when no meter of the type is assigned.
   */
  categories: z.array(ieCategoryBreakdown).optional(),
});
export const integratedResponse = z.object({
  project_id: z.number().int(),
  period: z.enum(STAT_PERIODS),
  granularity: z.enum(GRANULARITIES),
  range: resolvedRange,
  keys: z.array(z.string()),
  rows: z.array(integratedRow),
  data_since: dataSince,
  total_coal_kgce: z.number(),
  total_coal_series: z.array(z.number()),
});

export const carbonRequest = z.object({
  project_id: id,
  year: int32Param.min(2000).max(2100).optional(),
});
const byType = z.object({ power: z.number(), gas: z.number(), heat: z.number(), water: z.number() });
export const carbonSite = z.object({
  project_id: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  year: z.number().int(),
  /** kgCO2 by energy type (purchased electricity, natural gas, purchased heat; water not counted). */
  emissions_kg: byType,
  total_kg: z.number(),
  /** kgCO2 avoided by on-site PV/wind generation. */
  avoided_kg: z.number(),
  net_kg: z.number(),
  trees: z.number(),
  /** kgCO2 per m² of floor area; null without area. */
  intensity_kg_m2: z.number().nullable(),
  by_month: z.array(
    /** MoM/YoY of each month's total emissions, with the same coverage rule as energy. */
    z.object({ month: z.string(), emissions_kg: byType, total_kg: z.number(), avoided_kg: z.number(), ...change }),
  ),
  yoy_pct: z.number().nullable(),
  yoy_reason: changeReason.nullable(),
  data_since: dataSince,
});
export type CarbonSite = z.infer<typeof carbonSite>;
export const centreCarbonRequest = z.object({
  org_id: id.optional(),
  year: int32Param.min(2000).max(2100).optional(),
});
export const centreCarbon = z.object({
  org_id: z.number().int(),
  year: z.number().int(),
  total_kg: z.number(),
  avoided_kg: z.number(),
  net_kg: z.number(),
  trees: z.number(),
  emissions_kg: byType,
  /** Per month with MoM/YoY of the summed emissions (the base must be covered at every site). */
  by_month: z.array(z.object({ month: z.string(), total_kg: z.number(), avoided_kg: z.number(), ...change })),
  yoy_pct: z.number().nullable(),
  yoy_reason: changeReason.nullable(),
  data_since: dataSince,
  /** Sites ranked by total emissions, highest first. */
  ranking: z.array(carbonSite.omit({ by_month: true }).extend({ rank: z.number().int() })),
});

export const energyFactor = z.object({
  key: z.string(),
  value: z.number(),
  unit: z.string(),
  source: z.string(),
});
export const energyFactors = z.object({ carbon: z.array(energyFactor), coal: z.array(energyFactor) });
