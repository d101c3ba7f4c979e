/**
 * The storage-plan problem in plain numbers (docs/forecast.md "Optimised schedule"): one site's load, PV and prices
 * per slot, one battery, the demand charge and the grid connection. The optimiser (optimiser.ts) and the plan
 * evaluator (evaluate.ts) share these types so an optimised plan, the fixed EssSet plan and "no storage" are
 * costed by exactly the same rules.
 */

/** One slot of the horizon. Power is the slot's mean, kW; prices are yuan/kWh. */
export interface PlanSlot {
  /** Start of the slot, epoch ms (only carried through; the maths does not look at it). */
  start_ms: number;
  /** Minute of the site's local day the slot starts at (0–1439): the fixed plan's periods are in site time. */
  local_minute: number;
  /** Import price of the slot's TOU band, yuan/kWh. */
  price: number;
  /** Feed-in price, yuan/kWh (0 when exports are not paid). */
  export_price: number;
  /** The site's load, kW (≥ 0), without the battery. */
  load_kw: number;
  /** PV output available, kW (≥ 0); what is not used or exported is curtailed. */
  pv_kw: number;
  /**
   * A pessimistic load (the forecast's P90), kW: the month-peak constraint is held against it, so a load above
   * the median does not push a charging slot over the month's peak. Absent: load_kw.
   */
  load_high_kw?: number;
}

export interface BatterySpec {
  capacity_kwh: number;
  /** Measured SOC at the start of the horizon, %. */
  soc_pct: number;
  soc_min_pct: number;
  soc_max_pct: number;
  /** Energy kept back for outages, %: the floor is max(soc_min_pct, reserve_pct). */
  reserve_pct: number;
  max_charge_kw: number;
  max_discharge_kw: number;
  /** Round-trip efficiency, 0–1, split evenly between charging and discharging (√η each way). */
  round_trip_efficiency: number;
  /** Wear, yuan per kWh of throughput: charged kWh plus discharged kWh, at the converter's AC side. */
  wear_yuan_kwh: number;
}

/** Demand charge of a two-part tariff (需量电费): billed on the month's highest 15-minute mean import. */
export interface DemandCharge {
  /** yuan per kW·month. */
  price_yuan_kw_month: number;
  /** The month's highest 15-minute mean import so far, kW: the plan only pays for raising it. */
  month_max_kw: number;
  /**
   * Declared demand (核定需量), kW, or null. With it the bill is D up to 105 % of D, else A + (A − 1.05·D)
   * (发改办价格〔2016〕1583号, docs/energy-model.md "Billing").
   */
  declared_kw: number | null;
}

export interface PlanInput {
  /** Length of each slot, minutes (15 for the utility's demand interval). */
  slot_minutes: number;
  slots: PlanSlot[];
  battery: BatterySpec;
  demand: DemandCharge | null;
  /** Transformer (or contracted) limit on import and export, kW; null: none. */
  transformer_kw: number | null;
  /** Anti-backflow relay (防逆流): nothing may be exported. */
  anti_backflow: boolean;
  /** Value of a kWh of own PV used on site, yuan/kWh (beyond the import it avoids; 0 when only prices count). */
  self_consumption_yuan_kwh: number;
  /** SOC the horizon must end at or above, %; default the starting SOC (a plan may not live off the battery). */
  end_soc_pct?: number;
}

/** What a plan does in one slot. charge/discharge at the converter's AC side; grid import and export ≥ 0. */
export interface PlanStep {
  start_ms: number;
  charge_kw: number;
  discharge_kw: number;
  grid_kw: number;
  export_kw: number;
  curtail_kw: number;
  /** SOC at the end of the slot, %. */
  soc_pct: number;
}

export interface CostBreakdown {
  /** Σ import kWh × band price. */
  energy_yuan: number;
  /** Σ export kWh × feed-in price (a revenue: subtracted in the total). */
  export_revenue_yuan: number;
  /** The month's demand charge with this plan's peak: billed kW × price (null without a demand charge). */
  month_demand_yuan: number | null;
  /** What this plan adds to the month's demand charge compared with the month so far. */
  demand_increase_yuan: number;
  wear_yuan: number;
  /** Own PV used on site × self-consumption value (a benefit: subtracted in the total). */
  self_consumption_yuan: number;
  /** energy − export revenue + demand increase + wear − self-consumption value. */
  total_yuan: number;
}

export interface PlanResult {
  steps: PlanStep[];
  cost: CostBreakdown;
  /** Highest slot import of the horizon, kW. */
  peak_kw: number;
  /** The month's billed demand with this plan, kW (null without a demand charge). */
  billed_demand_kw: number | null;
  /** Limits the plan breaks (empty for a feasible plan), e.g. "soc below floor at slot 12". */
  violations: string[];
}

export type OptimiserErrorCode = 'invalid_input' | 'infeasible' | 'solver_failed';

/** A refusal with its reason in both languages (the service turns it into the domain's AppError). */
export class OptimiserError extends Error {
  constructor(
    readonly code: OptimiserErrorCode,
    readonly zh: string,
    readonly en: string,
    readonly field?: string,
  ) {
    super(en);
    this.name = 'OptimiserError';
  }
}

/** Each-way efficiency from the round trip. */
export const oneWay = (b: BatterySpec) => Math.sqrt(b.round_trip_efficiency);

/** The SOC window in kWh; a battery already outside it may only move back towards it. */
export function socWindow(b: BatterySpec): { lo: number; hi: number; start: number } {
  const start = (b.soc_pct / 100) * b.capacity_kwh;
  const floor = (Math.max(b.soc_min_pct, b.reserve_pct) / 100) * b.capacity_kwh;
  const ceil = (b.soc_max_pct / 100) * b.capacity_kwh;
  return { lo: Math.min(floor, start), hi: Math.max(ceil, start), start };
}

/** The month's billed demand for a month maximum A (kW), with or without a declared demand D. */
export function billedDemand(actualKw: number, declaredKw: number | null): number {
  if (declaredKw === null) return actualKw;
  return actualKw <= 1.05 * declaredKw ? declaredKw : actualKw + (actualKw - 1.05 * declaredKw);
}

const finite = (v: number) => typeof v === 'number' && Number.isFinite(v);

/** Checks the input's numbers before anything is built; throws OptimiserError('invalid_input') naming the field. */
export function validateInput(input: PlanInput): void {
  const bad = (field: string, zh: string, en: string) => new OptimiserError('invalid_input', zh, en, field);
  if (!(finite(input.slot_minutes) && input.slot_minutes > 0 && input.slot_minutes <= 60)) throw bad('slot_minutes', '时段长度须为 1–60 分钟', 'The slot length must be 1–60 minutes');
  if (input.slots.length === 0) throw bad('slots', '没有时段可优化', 'There are no slots to plan');
  if (input.slots.length > 2000) throw bad('slots', '时段数过多（最多 2000 个）', 'Too many slots (2000 at most)');
  input.slots.forEach((s, i) => {
    for (const k of ['price', 'export_price', 'load_kw', 'pv_kw'] as const) {
      if (!finite(s[k])) throw bad(`slots.${i}.${k}`, `第 ${i + 1} 个时段的 ${k} 不是有效数字`, `Slot ${i + 1}: ${k} is not a number`);
    }
    if (s.load_kw < 0 || s.pv_kw < 0) throw bad(`slots.${i}`, `第 ${i + 1} 个时段的负荷或光伏为负`, `Slot ${i + 1}: load or PV is negative`);
  });
  const b = input.battery;
  for (const k of Object.keys(b) as (keyof BatterySpec)[]) {
    if (!finite(b[k]) || b[k] < 0) throw bad(`battery.${k}`, `储能参数 ${k} 须为非负数`, `Battery ${k} must be a non-negative number`);
  }
  if (b.capacity_kwh <= 0) throw bad('battery.capacity_kwh', '储能容量须大于 0', 'The battery capacity must be above 0');
  if (!(b.soc_min_pct < b.soc_max_pct && b.soc_max_pct <= 100)) throw bad('battery.soc_min_pct', 'SOC 下限须小于上限（≤ 100 %）', 'The SOC minimum must be below the maximum (≤ 100 %)');
  if (b.soc_pct > 100) throw bad('battery.soc_pct', 'SOC 不能超过 100 %', 'The SOC cannot exceed 100 %');
  if (b.reserve_pct >= b.soc_max_pct) throw bad('battery.reserve_pct', '备用 SOC 须低于 SOC 上限', 'The reserve must be below the SOC maximum');
  if (!(b.round_trip_efficiency > 0 && b.round_trip_efficiency <= 1)) throw bad('battery.round_trip_efficiency', '往返效率须在 0–1 之间', 'The round-trip efficiency must be between 0 and 1');
  if (input.transformer_kw !== null && !(finite(input.transformer_kw) && input.transformer_kw > 0)) throw bad('transformer_kw', '变压器容量须大于 0', 'The transformer limit must be above 0');
  const d = input.demand;
  if (d) {
    if (!finite(d.price_yuan_kw_month) || d.price_yuan_kw_month < 0) throw bad('demand.price_yuan_kw_month', '需量电价须为非负数', 'The demand price must be non-negative');
    if (!finite(d.month_max_kw) || d.month_max_kw < 0) throw bad('demand.month_max_kw', '本月最大需量须为非负数', "The month's maximum demand must be non-negative");
    if (d.declared_kw !== null && !(finite(d.declared_kw) && d.declared_kw > 0)) throw bad('demand.declared_kw', '核定需量须大于 0', 'The declared demand must be above 0');
  }
  if (!finite(input.self_consumption_yuan_kwh) || input.self_consumption_yuan_kwh < 0) throw bad('self_consumption_yuan_kwh', '自用价值须为非负数', 'The self-consumption value must be non-negative');
  if (input.end_soc_pct !== undefined && !(finite(input.end_soc_pct) && input.end_soc_pct >= 0 && input.end_soc_pct <= 100)) throw bad('end_soc_pct', '期末 SOC 须在 0–100 % 之间', 'The end SOC must be 0–100 %');
}
