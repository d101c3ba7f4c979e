import type { EssStrategy } from '@gridops/contract';
import { executePlan, fixedPlan, noStoragePlan } from './evaluate.js';
import type { BatterySpec, PlanInput, PlanResult, PlanSlot } from './model.js';
import { optimisePlan } from './optimiser.js';

/** A site as the replay runs it: one storage system, its fixed strategy, the tariff's prices and demand charge. */
export interface ReplaySite {
  battery: Omit<BatterySpec, 'soc_pct'>;
  schedule: EssStrategy['schedule'];
  demand: { price_yuan_kw_month: number; declared_kw: number | null } | null;
  transformer_kw: number | null;
  anti_backflow: boolean;
  self_consumption_yuan_kwh: number;
}

/** One day: its slots with prices and the measured load/PV, and the load/PV the forecast made at its midnight said. */
export interface ReplayDay {
  date: string;
  /** Measured (what the plans are costed on). */
  actual: PlanSlot[];
  /**
   * The forecast made at the day's midnight (P50 load and PV, P90 load as load_high_kw), what the optimiser plans
   * on; it may run past the day (48 h): the plan is executed for the day's slots only.
   */
  forecast: PlanSlot[];
}

export interface ReplayDayResult {
  date: string;
  none_yuan: number;
  fixed_yuan: number;
  optimised_yuan: number;
  /** Slot peaks of each plan on the day, kW. */
  peaks: { none: number; fixed: number; optimised: number };
}

export interface ReplayResult {
  days: ReplayDayResult[];
  totals: { none_yuan: number; fixed_yuan: number; optimised_yuan: number };
  /** SOC at the end of the replay, % (all start at the same SOC). */
  end_soc: { fixed: number; optimised: number };
  /** Highest slot import per plan over the replay, kW. */
  peaks: { none: number; fixed: number; optimised: number };
  solve_ms_max: number;
}

/**
 * The rest of the midnight forecast from slot k, its load corrected by how the last measured hour (slots k−4…k−1,
 * strictly past) compared with it: ratio r, applied in full to the next slot and fading over ~3 hours
 * (weight e^(−j/12) for the j-th slot ahead). Persistence of the error is what a day-ahead profile lacks within
 * the day; the P90 margin moves with it.
 */
export function nowcast(d: ReplayDay, k: number): PlanSlot[] {
  const past = d.actual.slice(Math.max(0, k - 4), k);
  const fc = d.forecast.slice(Math.max(0, k - 4), k);
  const f = fc.reduce((a, s) => a + s.load_kw, 0);
  const r = past.length && f > 0 ? Math.min(1.5, Math.max(0.5, past.reduce((a, s) => a + s.load_kw, 0) / f)) : 1;
  return d.forecast.slice(k).map((s, j) => {
    const w = 1 + (r - 1) * Math.exp(-j / 12);
    return { ...s, load_kw: s.load_kw * w, ...(s.load_high_kw !== undefined ? { load_high_kw: s.load_high_kw * w } : {}) };
  });
}

interface Track {
  soc: number;
  monthMax: Map<string, number>;
  total: number;
  peak: number;
}

/**
 * Day after day over measured history: no storage, the fixed EssSet plan, and the optimised plan — planned each
 * midnight on the forecast (P50), executed as planned within the EMS's limits (executePlan), and costed on what was measured (evaluate.ts). Each keeps
 * its own SOC from day to day and its own month peak (a new month starts at 0), so the demand charge each would
 * pay is in its total as the increases of its month peak. One plan per day, not a receding horizon (the dispatch
 * slice's job): this is the harder test for the optimiser, whose forecast errors are not corrected within the day.
 */
export async function replayDays(site: ReplaySite, days: readonly ReplayDay[], opts: { startSocPct?: number; replanSlots?: number } = {}): Promise<ReplayResult> {
  const startSocPct = opts.startSocPct ?? 50;
  const replanSlots = opts.replanSlots ?? 96;
  const track = (): Track => ({ soc: startSocPct, monthMax: new Map(), total: 0, peak: 0 });
  const none = track();
  const fixed = track();
  const opt = track();
  const out: ReplayDayResult[] = [];
  let solveMax = 0;
  const input = (t: Track, slots: PlanSlot[], month: string): PlanInput => ({
    slot_minutes: 15,
    slots,
    battery: { ...site.battery, soc_pct: t.soc },
    demand: site.demand ? { ...site.demand, month_max_kw: t.monthMax.get(month) ?? 0 } : null,
    transformer_kw: site.transformer_kw,
    anti_backflow: site.anti_backflow,
    self_consumption_yuan_kwh: site.self_consumption_yuan_kwh,
  });
  const book = (t: Track, r: PlanResult, month: string) => {
    t.total += r.cost.total_yuan;
    t.peak = Math.max(t.peak, r.peak_kw);
    t.monthMax.set(month, Math.max(t.monthMax.get(month) ?? 0, r.peak_kw));
    t.soc = r.steps.at(-1)?.soc_pct ?? t.soc;
  };
  for (const d of days) {
    const month = d.date.slice(0, 7);
    const n = noStoragePlan(input(none, d.actual, month));
    const f = fixedPlan(input(fixed, d.actual, month), { schedule: site.schedule });
    // Receding horizon: re-planned every `replanSlots` from the SOC and month peak the execution has reached, on
    // the forecast made at midnight (the rest of its 48 h) corrected by the last measured hour (nowcast), and
    // executed until the next re-plan.
    const dem = site.demand;
    let optDay = 0;
    let optPeak = 0;
    for (let k = 0; k < d.actual.length; k += replanSlots) {
      const plan = await optimisePlan(input(opt, nowcast(d, k), month));
      solveMax = Math.max(solveMax, plan.solve_ms);
      // The plan's peak is the guard's cap, or what the month may reach at no extra charge.
      const cap = Math.max(plan.peak_kw, opt.monthMax.get(month) ?? 0, dem?.declared_kw ? 1.05 * dem.declared_kw : 0);
      const o = executePlan(input(opt, d.actual.slice(k, k + replanSlots), month), (_, i) => plan.steps[i]!, dem ? { gridCapKw: cap } : {});
      optDay += o.cost.total_yuan;
      optPeak = Math.max(optPeak, o.peak_kw);
      book(opt, o, month);
    }
    out.push({ date: d.date, none_yuan: n.cost.total_yuan, fixed_yuan: f.cost.total_yuan, optimised_yuan: optDay, peaks: { none: n.peak_kw, fixed: f.peak_kw, optimised: optPeak } });
    book(none, n, month);
    book(fixed, f, month);
  }
  return {
    days: out,
    totals: { none_yuan: none.total, fixed_yuan: fixed.total, optimised_yuan: opt.total },
    end_soc: { fixed: fixed.soc, optimised: opt.soc },
    peaks: { none: none.peak, fixed: fixed.peak, optimised: opt.peak },
    solve_ms_max: solveMax,
  };
}
