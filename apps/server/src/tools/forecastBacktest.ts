import { parseArgs } from 'node:util';
import { addDays, siteDate } from '@gridops/format';
import { backtest } from '../modules/forecast/backtest.js';
import { forecastRepository } from '../modules/forecast/repository.js';
import { openToolDatabase } from './toolDatabase.js';

/**
 * Forecast backtest (issue 29, docs/forecast.md "Accuracy"):
 *
 *   node apps/server/dist/tools/forecastBacktest.js [--days 14] [--lead 0] [--project ID] [--demo]
 *
 * Replays the last N whole days of every site (or one): each day is forecast as of its local midnight minus
 * --lead hours from the history stored before that instant only (the cut-off is enforced inside the forecast),
 * then compared hour by hour with what was measured. Prints per site and day the load MAPE and nMAE, the PV nMAE
 * against installed kWp and the share of hours inside the P10–P90 band — the figures GET /api/v6/forecast/accuracy
 * gives. Reads the server's database (DATABASE_URL or the data directory's PGlite); with --demo, a fresh in-memory
 * database seeded with the demo and N + 60 days of history instead (the figures in docs/forecast.md).
 */
const { values: args } = parseArgs({
  options: {
    days: { type: 'string', default: '14' },
    lead: { type: 'string', default: '0' },
    project: { type: 'string' },
    demo: { type: 'boolean', default: false },
  },
});
const DAYS = Number(args.days);
const LEAD = Number(args.lead);
const f1 = (v: number | null) => (v === null ? '-' : v.toFixed(1));

const open = () => openToolDatabase({ demo: args.demo === true, historyDays: DAYS + 60 });

async function main() {
  if (!(DAYS >= 1 && DAYS <= 60) || !(LEAD >= 0 && LEAD <= 24)) {
    console.error('Usage: forecastBacktest [--days 1–60] [--lead 0–24 hours] [--project ID] [--demo]');
    process.exit(2);
  }
  const database = await open();
  const now = Date.now();
  try {
    const projects = await forecastRepository.sites(database.db, args.project ? Number(args.project) : undefined);
    const summary: string[] = ['| site | days | load MAPE % | load nMAE % | load in P10–P90 % | PV kWp | PV nMAE % | PV in P10–P90 % |', '|---|---:|---:|---:|---:|---:|---:|---:|'];
    for (const p of projects) {
      const site = await forecastRepository.site(database.db, p.id);
      if (!site) continue;
      const today = siteDate(site.zone, now);
      const history = await forecastRepository.hourly(database.db, p.id, site.zone, addDays(today, -(DAYS + 58)), today, now);
      if (!history?.some((h) => h.load_kwh !== null)) {
        console.log(`\n${p.name_en} (${p.name}): ${history ? 'no stored load history' : 'no grid meter in the power tree'} — skipped`);
        continue;
      }
      const dates = Array.from({ length: DAYS }, (_, i) => addDays(today, i - DAYS));
      const b = backtest({ latitude: site.latitude, longitude: site.longitude, zone: site.zone, planes: site.planes, design_pr: site.design_pr }, history, dates, { leadHours: LEAD });
      console.log(`\n${p.name_en} (${p.name}) — each day forecast as of its midnight${LEAD ? ` − ${LEAD} h` : ''} (${site.zone}), PV ${site.pv_kwp} kWp`);
      console.log('date        load MAPE %  load nMAE %  load band %  PV nMAE %  PV band %');
      for (const d of dates) {
        const l = b.load.find((x) => x.date === d);
        const v = b.pv.find((x) => x.date === d);
        console.log(`${d}  ${f1(l?.mape_pct ?? null).padStart(11)}  ${f1(l?.nmae_pct ?? null).padStart(11)}  ${f1(l?.coverage_pct ?? null).padStart(11)}  ${f1(v?.nmae_pct ?? null).padStart(9)}  ${f1(v?.coverage_pct ?? null).padStart(9)}`);
      }
      const s = b.summary;
      summary.push(`| ${p.name_en} | ${b.load.length} | ${f1(s.load_mape_pct)} | ${f1(s.load_nmae_pct)} | ${f1(s.load_coverage_pct)} | ${site.pv_kwp} | ${site.pv_kwp > 0 ? f1(s.pv_nmae_pct) : '-'} | ${site.pv_kwp > 0 ? f1(s.pv_coverage_pct) : '-'} |`);
    }
    console.log(`\nMeans over the last ${DAYS} days (run ${new Date(now).toISOString()}):\n${summary.join('\n')}`);
  } finally {
    await database.close();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
