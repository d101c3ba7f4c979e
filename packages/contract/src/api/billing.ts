import { z } from 'zod';
import { dbIdParam, rowVersion } from '../ids.js';
import { tariffMonth } from './metering.js';

/**
 * Billing (docs/energy-model.md, "Billing"): tariffs with validity periods (site dates, both inclusive; an open
 * end is null), each with its TOU structure by month, a basic charge, the power-factor standard it is assessed
 * against and the PV feed-in price.
 */
const id = dbIdParam;
const siteDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'a real date');

/** Basic (capacity/demand) charge: none, per kVA of transformer capacity, or per kW of the month's maximum demand. */
export const DEMAND_MODES = ['none', 'capacity', 'demand'] as const;
export type DemandMode = (typeof DEMAND_MODES)[number];
/** Power-factor standards of the adjustment tables (功率因数调整电费办法): 0.90, 0.85, 0.80. */
export const PF_STANDARDS = [0.9, 0.85, 0.8] as const;
export type PfStandard = (typeof PF_STANDARDS)[number];

export const billingTariffFields = z.object({
  name: z.string().trim().min(1).max(64),
  name_en: z.string().trim().max(64).default(''),
  valid_from: siteDate,
  valid_to: siteDate.nullable(),
  /** Twelve months of TOU periods and band prices (yuan/kWh). */
  months: z.array(tariffMonth).length(12),
  demand_mode: z.enum(DEMAND_MODES),
  /** yuan per kVA·month (capacity) or per kW·month (demand); 0 with mode 'none'. */
  basic_price: z.number().min(0).max(1000),
  /** Transformer capacity charged (kVA); required for 'capacity'. */
  capacity_kva: z.number().positive().max(1_000_000).nullable(),
  pf_standard: z.union([z.literal(0.9), z.literal(0.85), z.literal(0.8)]).nullable(),
  /** yuan/kWh paid for energy exported to the grid (PV surplus); null = no feed-in revenue. */
  feed_in_price: z.number().min(0).max(20).nullable(),
  /**
   * Declared (contract) maximum demand in kW (核定需量), demand mode only: a month under 105 % of it pays the
   * declared demand, the excess above 105 % pays twice the price. null = billed at the actual maximum demand.
   */
  declared_demand_kw: z.number().positive().max(1_000_000).nullable().default(null),
});
export const billingTariffCreate = billingTariffFields.extend({ project_id: id });
export const billingTariffUpdate = billingTariffFields.extend({ version: rowVersion });
export const billingTariff = billingTariffFields.extend({
  id: z.number().int(),
  project_id: z.number().int(),
  name_en: z.string(),
  version: z.number().int(),
});
export type BillingTariff = z.infer<typeof billingTariff>;
export type BillingTariffCreate = z.infer<typeof billingTariffCreate>;
export type BillingTariffUpdate = z.infer<typeof billingTariffUpdate>;
export const billingTariffsRequest = z.object({ project_id: id });
export const billingTariffParams = z.object({ id });

/** Where the month's power factor comes from: active/reactive energy counters, or the mean of the PF point. */
export const PF_SOURCES = ['energy', 'pf_mean'] as const;
export type PfSource = (typeof PF_SOURCES)[number];
/** Where the month's maximum demand comes from: 15-minute counter growth (rollup_15m) or hourly means only. */
export const DEMAND_SOURCES = ['quarter_hour', 'hourly'] as const;
export type DemandSource = (typeof DEMAND_SOURCES)[number];

/** One month of a site's bill (the expense report's breakdown); a partial month is prorated by its days. */
export const billMonth = z.object({
  month: z.string(),
  /** Energy charge by TOU band with the tariff valid in each hour. */
  energy_charge: z.number(),
  demand_mode: z.enum(DEMAND_MODES),
  /** kVA charged (capacity) or the kW billed (demand: the declared rule applied); null without a basic charge. */
  basic_quantity: z.number().nullable(),
  basic_charge: z.number(),
  /** Demand mode: the month's maximum 15-minute demand of the grid meters, kW; null otherwise. */
  demand_actual_kw: z.number().nullable(),
  demand_source: z.enum(DEMAND_SOURCES).nullable(),
  /** Demand mode: the tariff's declared demand, kW; null = billed at the actual demand. */
  declared_demand_kw: z.number().nullable(),
  /** The part of the basic charge that is the over-declaration penalty (the doubled price's extra half). */
  demand_penalty: z.number(),
  pf_standard: z.number().nullable(),
  /** The month's power factor of the incoming meters (rounded 0.01); null when not measured. */
  power_factor: z.number().nullable(),
  pf_source: z.enum(PF_SOURCES).nullable(),
  /** Active and reactive energy of the grid meters the power factor was computed from (pf_source 'energy'). */
  pf_kwh: z.number().nullable(),
  pf_kvarh: z.number().nullable(),
  /** + surcharge / − reduction in % of energy + basic charge; null when not assessed. */
  pf_adjust_pct: z.number().nullable(),
  pf_adjustment: z.number(),
  feed_in_energy: z.number(),
  feed_in_revenue: z.number(),
  /** energy + basic + power-factor adjustment − feed-in revenue. */
  total: z.number(),
});
export const bill = z.object({
  energy_charge: z.number(),
  basic_charge: z.number(),
  pf_adjustment: z.number(),
  feed_in_revenue: z.number(),
  total: z.number(),
  months: z.array(billMonth),
});
export type Bill = z.infer<typeof bill>;
export type BillMonth = z.infer<typeof billMonth>;
