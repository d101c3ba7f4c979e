import { evaluatePlan } from './evaluate.js';
import { oneWay, OptimiserError, socWindow, validateInput, type PlanInput, type PlanResult } from './model.js';
import { LpBuilder, solver } from './solver.js';

export { OptimiserError } from './model.js';
export type { PlanInput, PlanResult, PlanSlot, BatterySpec, DemandCharge, CostBreakdown, PlanStep } from './model.js';

export interface OptimisedPlan extends PlanResult {
  /** Wall time of building and solving the model, ms. */
  solve_ms: number;
  /** 'lp', or 'mip' when a declared demand needs the 105 % rule's one binary. */
  kind: 'lp' | 'mip';
}

const fmtKw = (v: number) => v.toFixed(1);

/**
 * The first slot that no schedule can serve: load − PV above what the grid connection and a full discharge give
 * together. The solver only says "infeasible"; this names where.
 */
function firstImpossibleSlot(input: PlanInput): { i: number; need: number; have: number } | null {
  if (input.transformer_kw === null) return null;
  for (let i = 0; i < input.slots.length; i++) {
    const s = input.slots[i]!;
    const need = s.load_kw - s.pv_kw;
    const have = input.transformer_kw + input.battery.max_discharge_kw;
    if (need > have + 1e-9) return { i, need, have };
  }
  return null;
}

/**
 * Per-slot charge/discharge that minimises, over the horizon (docs/forecast.md "Optimised schedule"):
 *
 *   Σ_t price_t·g_t·h − min(feed-in_t, price_t)·x_t·h + wear·(c_t + d_t)·h + v·(x_t + u_t)·h  +  demand charge increase
 *
 * (v: self-consumption value; exporting x or curtailing u PV forgoes it) subject to, every slot t,
 *   g_t − x_t − u_t + d_t − c_t = load_t − pv_t              (site balance; g import, x export, u curtailed PV)
 *   s_t = s_{t−1} + h·(√η·c_t − d_t/√η)                      (SOC in kWh, s_{−1} = measured SOC)
 *   floor ≤ s_t ≤ ceiling, 0 ≤ c_t ≤ c̄, 0 ≤ d_t ≤ d̄, 0 ≤ u_t ≤ pv_t, g_t ≤ transformer, x_t ≤ transformer (0 under
 *   anti-backflow), s_T ≥ end SOC (default the start: the plan may not end by living off the battery),
 *   P ≥ g_t + (high load_t − load_t) and P ≥ the month's maximum so far (P: the month's peak; the margin holds the
 *   peak against the forecast's P90 load, so a load above the median does not breach it).
 * The demand charge is price·P without a declared demand D. With one it is price·B, B ≥ D, and the 105 % rule
 * (above 1.05·D the bill is A + (A − 1.05·D)) is a jump that no LP can express: one binary z, P ≤ 1.05·D + M·z,
 * B ≥ 2P − 1.05·D − M·(1 − z). Charge and discharge are separate non-negative columns; with losses and wear a
 * slot never does both unless that is genuinely cheaper, and the evaluator reports what the plan does.
 */
export async function optimisePlan(input: PlanInput): Promise<OptimisedPlan> {
  validateInput(input);
  const impossible = firstImpossibleSlot(input);
  if (impossible) {
    const { i, need, have } = impossible;
    throw new OptimiserError(
      'infeasible',
      `第 ${i + 1} 个时段的净负荷 ${fmtKw(need)} kW 超过变压器限值与储能最大放电之和 ${fmtKw(have)} kW，无可行计划`,
      `No feasible plan: slot ${i + 1} needs ${fmtKw(need)} kW net of PV, more than the transformer limit plus full discharge (${fmtKw(have)} kW)`,
      `slots.${i}.load_kw`,
    );
  }
  const highs = await solver();
  const started = performance.now();
  const h = input.slot_minutes / 60;
  const b = input.battery;
  const eta = oneWay(b);
  const win = socWindow(b);
  const limit = input.transformer_kw ?? Infinity;
  const v = input.self_consumption_yuan_kwh;
  const lp = new LpBuilder();
  const n = input.slots.length;
  const C: number[] = [];
  const D: number[] = [];
  const G: number[] = [];
  const S: number[] = [];
  const endTarget = Math.min(win.hi, Math.max(win.lo, ((input.end_soc_pct ?? b.soc_pct) / 100) * b.capacity_kwh));
  for (let t = 0; t < n; t++) {
    const s = input.slots[t]!;
    // Among slots of one price, charge where the site's (pessimistic) net load is lowest: a tie-breaker of
    // 0.001 yuan/kWh per 100 kW — never a reason to pay more — that keeps charging away from a load the forecast
    // may have put too low, where a demand guard would cut it.
    const netHigh = Math.max(0, (s.load_high_kw ?? s.load_kw) - s.pv_kw);
    const c = lp.col((b.wear_yuan_kwh + 1e-5 * netHigh) * h, 0, b.max_charge_kw);
    const d = lp.col(b.wear_yuan_kwh * h, 0, b.max_discharge_kw);
    const g = lp.col(s.price * h, 0, limit);
    // One meter nets import against export, so a feed-in price above the import price is never earned by
    // importing and exporting at once; capping it here keeps the LP from doing that (and bounded without a limit).
    const x = lp.col((v - Math.min(s.export_price, s.price)) * h, 0, input.anti_backflow ? 0 : limit);
    const u = lp.col(v * h, 0, s.pv_kw);
    const soc = lp.col(0, t === n - 1 ? endTarget : win.lo, win.hi);
    lp.row([[g, 1], [x, -1], [u, -1], [d, 1], [c, -1]], s.load_kw - s.pv_kw, s.load_kw - s.pv_kw);
    const prev = t === 0 ? win.start : 0;
    const terms: [number, number][] = [[soc, 1], [c, -h * eta], [d, h / eta]];
    if (t > 0) terms.push([S[t - 1]!, -1]);
    lp.row(terms, prev, prev);
    C.push(c);
    D.push(d);
    G.push(g);
    S.push(soc);
  }
  let kind: OptimisedPlan['kind'] = 'lp';
  const dc = input.demand;
  if (dc && dc.price_yuan_kw_month > 0) {
    // The largest import any slot can have bounds the peak (and sizes the big-M below).
    const top = Math.max(dc.month_max_kw, ...input.slots.map((s) => Math.min(limit, s.load_kw + b.max_charge_kw) + Math.max(0, (s.load_high_kw ?? s.load_kw) - s.load_kw)));
    const declared = dc.declared_kw;
    const P = lp.col(declared === null ? dc.price_yuan_kw_month : 0, dc.month_max_kw, Math.max(top, dc.month_max_kw));
    // P ≥ g_t + (P90 − P50 load): the peak the month would see if the load came in high in that slot.
    G.forEach((g, t) => {
      const s = input.slots[t]!;
      lp.row([[P, 1], [g, -1]], Math.max(0, (s.load_high_kw ?? s.load_kw) - s.load_kw), Infinity);
    });
    if (declared !== null) {
      kind = 'mip';
      const M = 2 * top + 2 * declared;
      const B = lp.col(dc.price_yuan_kw_month, declared, Infinity);
      const z = lp.col(0, 0, 1, true);
      lp.row([[P, 1], [z, -M]], -Infinity, 1.05 * declared);
      lp.row([[B, 1], [P, -2], [z, -M]], -1.05 * declared - M, Infinity);
    }
  }
  const { charge, discharge } = highs.withModel(lp.model(highs), (model) => {
    model.options.set({ output_flag: false, time_limit: 20, mip_rel_gap: 1e-4 });
    model.run();
    const status = model.getModelStatus();
    const st = highs.constants.modelStatus;
    if (status === st.infeasible || status === st.unboundedOrInfeasible) {
      throw new OptimiserError(
        'infeasible',
        '在 SOC 上下限、期末 SOC、功率与变压器限值下没有可行的充放电计划',
        'No charge/discharge plan meets the SOC window, the end SOC, the power limits and the transformer limit together',
      );
    }
    if (status !== st.optimal) throw new OptimiserError('solver_failed', `求解器未得到最优解（状态 ${status}）`, `The solver did not reach an optimum (status ${status})`);
    const x = model.getSolution().colValue;
    return { charge: C.map((j) => x[j]!), discharge: D.map((j) => x[j]!) };
  });
  const plan = evaluatePlan(input, charge, discharge);
  return { ...plan, solve_ms: performance.now() - started, kind };
}
