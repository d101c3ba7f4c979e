import { parseArgs } from 'node:util';
import { forecastRepository } from '../modules/forecast/repository.js';
import { replayDays } from '../modules/storage-plan/replay.js';
import { replayInputs } from '../modules/storage-plan/replayData.js';
import { openToolDatabase } from './toolDatabase.js';

/**
 * Storage-plan replay (issue 29, docs/forecast.md "Replay"):
 *
 *   npx tsx apps/server/src/tools/storagePlanReplay.ts [--days 14] [--replan 60] [--project ID] [--demo]
 *
 * For every site with a storage system and a tariff, the last N whole days: no storage, the fixed EssSet plan and
 * the optimised plan (re-planned every --replan minutes from the SOC reached, on the forecast made at midnight,
 * executed and costed on what was measured),
 * in yuan per day and in total, with each plan's highest quarter-hour import. --demo: a fresh in-memory demo
 * database with N + 60 days of history.
 */
const { values: args } = parseArgs({ options: { days: { type: 'string', default: '14' }, replan: { type: 'string', default: '60' }, project: { type: 'string' }, demo: { type: 'boolean', default: false } } });
const DAYS = Number(args.days);
/** Minutes between re-plans (receding horizon); 1440: one plan a day. */
const REPLAN = Number(args.replan);
const y = (v: number) => v.toFixed(0).padStart(9);

const open = () => openToolDatabase({ demo: args.demo === true, historyDays: DAYS + 60 });

async function main() {
  if (!(DAYS >= 1 && DAYS <= 60) || !(REPLAN >= 15 && REPLAN <= 1440 && REPLAN % 15 === 0)) {
    console.error('Usage: storagePlanReplay [--days 1–60] [--replan 15–1440 minutes, a multiple of 15] [--project ID] [--demo]');
    process.exit(2);
  }
  const database = await open();
  try {

    const summary = ['| site | days | no storage 元 | fixed plan 元 | optimised 元 | optimised vs fixed | peak kW none / fixed / optimised |', '|---|---:|---:|---:|---:|---:|---|'];
    for (const { id } of await forecastRepository.sites(database.db, args.project ? Number(args.project) : undefined)) {
      const inputs = await replayInputs(database.db, id, DAYS, Date.now());
      if (!inputs) continue;
      const r = await replayDays(inputs.site, inputs.days, { replanSlots: REPLAN / 15 });
      console.log(`\n${inputs.name_en} (${inputs.name}) — ${inputs.site.battery.capacity_kwh} kWh / ${inputs.site.battery.max_charge_kw} kW, demand charge ${inputs.site.demand ? `${inputs.site.demand.price_yuan_kw_month} 元/kW·month` : 'none'}`);
      console.log('date        no storage      fixed  optimised   (元, incl. month-peak increases)');
      for (const d of r.days) console.log(`${d.date}  ${y(d.none_yuan)}  ${y(d.fixed_yuan)}  ${y(d.optimised_yuan)}`);
      const t = r.totals;
      console.log(`total       ${y(t.none_yuan)}  ${y(t.fixed_yuan)}  ${y(t.optimised_yuan)}   end SOC fixed ${r.end_soc.fixed.toFixed(0)} %, optimised ${r.end_soc.optimised.toFixed(0)} %; slowest solve ${r.solve_ms_max.toFixed(0)} ms`);
      const p = r.peaks;
      summary.push(`| ${inputs.name_en} | ${r.days.length} | ${t.none_yuan.toFixed(0)} | ${t.fixed_yuan.toFixed(0)} | ${t.optimised_yuan.toFixed(0)} | ${(t.optimised_yuan - t.fixed_yuan).toFixed(0)} | ${p.none.toFixed(0)} / ${p.fixed.toFixed(0)} / ${p.optimised.toFixed(0)} |`);
    }
    console.log(`\n${summary.join('\n')}`);
  } finally {
    await database.close();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
