/**
 * Storage-plan solve time (issue 29: target ≤ 1 s per site-day). Usage:
 *   npx tsx bench/storagePlanSolve.ts [--runs 30]
 *
 * Builds site-days like the demo's (a TOU tariff of Jiangsu's shape, a working-day load with noise, PV on a clear
 * day with random cloud, a 430 kWh / 215 kW battery, a 1 250 kVA transformer) and solves each with the optimiser
 * as the service will: 96 quarter-hours (one day) and 192 (48 h), with a plain demand charge (an LP) and with a
 * declared demand (one binary: a MIP). Prints p50/p95/max of the wall time of building + solving (HiGHS's loading,
 * ~70 ms once per process, is measured apart) and the load average. Record the figures in docs/performance.md.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { optimisePlan, type PlanInput, type PlanSlot } from '../apps/server/src/modules/storage-plan/optimiser.js';
import { solver } from '../apps/server/src/modules/storage-plan/solver.js';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '30' } } });
const RUNS = Number(args.runs);

let seed = 29;
const rnd = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const price = (m: number) => (m < 480 ? 0.31 : (m >= 480 && m < 660) || (m >= 1020 && m < 1320) ? 1.12 : 0.66);

function site(slots: number, declared: boolean): PlanInput {
  const cloud = rnd();
  const s: PlanSlot[] = Array.from({ length: slots }, (_, i) => {
    const m = (i * 15) % 1440;
    const work = m >= 480 && m < 1200 ? 260 : 90;
    return {
      start_ms: i * 900_000,
      local_minute: m,
      price: price(m),
      export_price: 0.39,
      load_kw: work * (0.9 + 0.2 * rnd()),
      pv_kw: Math.max(0, 300 * Math.sin(((m - 360) / 720) * Math.PI)) * (1 - 0.6 * cloud * rnd()),
    };
  });
  return {
    slot_minutes: 15,
    slots: s,
    battery: { capacity_kwh: 430, soc_pct: 20 + 60 * rnd(), soc_min_pct: 10, soc_max_pct: 95, reserve_pct: 15, max_charge_kw: 215, max_discharge_kw: 215, round_trip_efficiency: 0.9, wear_yuan_kwh: 0.05 },
    demand: { price_yuan_kw_month: 40, month_max_kw: 240, declared_kw: declared ? 250 : null },
    transformer_kw: 1000,
    anti_backflow: true,
    self_consumption_yuan_kwh: 0,
  };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

const t0 = performance.now();
await solver();
const loadMs = performance.now() - t0;
console.log(`HiGHS load: ${loadMs.toFixed(0)} ms (once per process)`);
console.log('| horizon | demand | model | runs | p50 ms | p95 ms | max ms | load (1/5/15 min) |');
console.log('|---|---|---|---:|---:|---:|---:|---|');
for (const slots of [96, 192]) {
  for (const declared of [false, true]) {
    // One warm-up solve: the first call compiles the solver's hot paths.
    await optimisePlan(site(slots, declared));
    const times: number[] = [];
    let kind = '';
    for (let r = 0; r < RUNS; r++) {
      const plan = await optimisePlan(site(slots, declared));
      times.push(plan.solve_ms);
      kind = plan.kind;
      if (plan.violations.length > 0) throw new Error(`plan broke limits: ${plan.violations.join(', ')}`);
    }
    const load = loadavg().map((x) => x.toFixed(2)).join(' / ');
    console.log(`| ${slots} slots (${slots / 4} h) | ${declared ? 'declared 250 kW' : 'actual max'} | ${kind.toUpperCase()} | ${RUNS} | ${pct(times, 50).toFixed(0)} | ${pct(times, 95).toFixed(0)} | ${Math.max(...times).toFixed(0)} | ${load} |`);
  }
}
