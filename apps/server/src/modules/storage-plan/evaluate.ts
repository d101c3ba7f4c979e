import { minutesOf, type EssStrategy } from '@gridops/contract';
import { billedDemand, oneWay, socWindow, type PlanInput, type PlanResult, type PlanSlot, type PlanStep } from './model.js';

/** Below this a flow is solver noise, not a decision (kW or kWh). */
const EPS = 1e-6;
const clean = (v: number) => (Math.abs(v) < EPS ? 0 : v);

/**
 * Costs a charge/discharge plan on the horizon: the flows at the grid follow from the site balance
 * (import = load − PV + charge − discharge; a surplus is exported up to the transformer limit, or curtailed under
 * anti-backflow), the SOC from the energy through the cells. The optimised plan, the fixed plan and "no storage"
 * are all costed here, so a comparison between them is like for like. Broken limits are listed, not hidden.
 */
export function evaluatePlan(input: PlanInput, chargeKw: readonly number[], dischargeKw: readonly number[]): PlanResult {
  const h = input.slot_minutes / 60;
  const b = input.battery;
  const eta = oneWay(b);
  const win = socWindow(b);
  const limit = input.transformer_kw ?? Infinity;
  const steps: PlanStep[] = [];
  const violations: string[] = [];
  let soc = win.start;
  let energy = 0;
  let exportRevenue = 0;
  let wear = 0;
  let selfUse = 0;
  let peak = 0;
  input.slots.forEach((s, i) => {
    const c = clean(Math.max(0, chargeKw[i] ?? 0));
    const d = clean(Math.max(0, dischargeKw[i] ?? 0));
    const net = s.load_kw - s.pv_kw + c - d;
    const grid = Math.max(0, net);
    const surplus = Math.max(0, -net);
    const exp = input.anti_backflow ? 0 : Math.min(surplus, limit);
    const curtail = surplus - exp;
    soc += h * (eta * c - d / eta);
    if (soc < win.lo - 1e-4) violations.push(`soc below floor at slot ${i}`);
    if (soc > win.hi + 1e-4) violations.push(`soc above ceiling at slot ${i}`);
    if (c > b.max_charge_kw + 1e-4) violations.push(`charge above limit at slot ${i}`);
    if (d > b.max_discharge_kw + 1e-4) violations.push(`discharge above limit at slot ${i}`);
    if (grid > limit + 1e-4) violations.push(`import above transformer limit at slot ${i}`);
    energy += grid * h * s.price;
    exportRevenue += exp * h * s.export_price;
    wear += (c + d) * h * b.wear_yuan_kwh;
    selfUse += (s.pv_kw - exp - curtail) * h * input.self_consumption_yuan_kwh;
    peak = Math.max(peak, grid);
    steps.push({ start_ms: s.start_ms, charge_kw: c, discharge_kw: d, grid_kw: clean(grid), export_kw: clean(exp), curtail_kw: clean(curtail), soc_pct: clean((soc / b.capacity_kwh) * 100) });
  });
  const d = input.demand;
  let monthDemand: number | null = null;
  let billed: number | null = null;
  let demandIncrease = 0;
  if (d) {
    billed = billedDemand(Math.max(d.month_max_kw, peak), d.declared_kw);
    monthDemand = billed * d.price_yuan_kw_month;
    demandIncrease = monthDemand - billedDemand(d.month_max_kw, d.declared_kw) * d.price_yuan_kw_month;
  }
  return {
    steps,
    peak_kw: peak,
    billed_demand_kw: billed,
    violations,
    cost: {
      energy_yuan: energy,
      export_revenue_yuan: exportRevenue,
      month_demand_yuan: monthDemand,
      demand_increase_yuan: demandIncrease,
      wear_yuan: wear,
      self_consumption_yuan: selfUse,
      total_yuan: energy - exportRevenue + demandIncrease + wear - selfUse,
    },
  };
}

/** The site without a battery: the same slots with the converter idle. */
export function noStoragePlan(input: PlanInput): PlanResult {
  const zero = input.slots.map(() => 0);
  return evaluatePlan(input, zero, zero);
}

/**
 * Runs per-slot targets the way a site EMS executes them: never past the SOC window, never above the converter's
 * limits, under anti-backflow a discharge never above the site's net load (it would only be curtailed), and with a
 * grid cap no charging that lifts the import above it. The fixed plan and an optimised plan executed against
 * measured load both run through here.
 */
export function executePlan(input: PlanInput, target: (slot: PlanSlot, i: number) => { charge_kw: number; discharge_kw: number }, opts: { gridCapKw?: number } = {}): PlanResult {
  const h = input.slot_minutes / 60;
  const b = input.battery;
  const eta = oneWay(b);
  const win = socWindow(b);
  const floor = Math.min(win.start, Math.max(b.soc_min_pct, b.reserve_pct) * (b.capacity_kwh / 100));
  const ceil = Math.max(win.start, b.soc_max_pct * (b.capacity_kwh / 100));
  const charge: number[] = [];
  const discharge: number[] = [];
  let soc = win.start;
  input.slots.forEach((s, i) => {
    const t = target(s, i);
    const d0 = Math.min(t.discharge_kw, b.max_discharge_kw);
    // A peak guard (demand limiting, as EMS controllers do): charging never lifts the import above the cap.
    const room = opts.gridCapKw === undefined ? Infinity : Math.max(0, opts.gridCapKw - (s.load_kw - s.pv_kw - d0));
    const c = Math.max(0, Math.min(t.charge_kw, b.max_charge_kw, (ceil - soc) / (eta * h), room));
    const netLoad = input.anti_backflow ? Math.max(0, s.load_kw - s.pv_kw + c) : Infinity;
    const d = Math.max(0, Math.min(t.discharge_kw, b.max_discharge_kw, ((soc - floor) * eta) / h, netLoad));
    soc += h * (eta * c - d / eta);
    charge.push(c);
    discharge.push(d);
  });
  return evaluatePlan(input, charge, discharge);
}

/**
 * The fixed EssSet plan on the horizon, run the way the site's EMS runs it (docs/energy-assets.md "What the
 * simulated EMS does"): in a charge period charge at the period's power, in a discharge period discharge at it,
 * otherwise idle, within executePlan's limits (a discharge never exports). The simulator's 5 % taper is left out:
 * it only blurs the comparison.
 */
export function fixedPlan(input: PlanInput, strategy: Pick<EssStrategy, 'schedule'>): PlanResult {
  const periods = strategy.schedule.map((p) => ({ from: minutesOf(p.start), to: minutesOf(p.end), mode: p.mode, kw: p.power_kw }));
  return executePlan(input, (s) => {
    const p = periods.find((x) => s.local_minute >= x.from && s.local_minute < x.to);
    return { charge_kw: p?.mode === 'charge' ? p.kw : 0, discharge_kw: p?.mode === 'discharge' ? p.kw : 0 };
  });
}
