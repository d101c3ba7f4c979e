/**
 * The year-long expense report with and without the hourly energy cache (docs/performance.md).
 *
 *   npx tsx bench/expenseReport.ts --backend postgres   # needs TEST_DATABASE_URL; or --backend pglite
 *
 * Seeds the demo organisation with --days of hourly and daily counter history (two years by default, as
 * bench/energyReports.ts), then, as the centre user through HTTP (app.inject: validation, service, SQL,
 * serialisation), asks for Suzhou's expense report over last year (year by month, every counter of the power
 * tree priced per hour by the tariff valid that day, with the bill):
 *  - the first call (cold cache: derives and writes every day of the year);
 *  - --runs calls after 3 warm-up calls (the cache is valid: days read from energy_hourly_cache);
 *  - the same report without the cache (expenseReport with cache: false, the computation the cache replaces),
 *    called directly, so its time is a lower bound of what the HTTP route took before.
 * Every cached answer is compared with the uncached one.
 */
import { siteDate } from '@gridops/format';
import { isDeepStrictEqual } from 'node:util';
import { parseArgs } from 'node:util';
import os from 'node:os';
import { buildApp } from '../apps/server/src/app.js';
import { migrate, openDatabase } from '../apps/server/src/db/database.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';
import { asStatNodes } from '../apps/server/src/modules/statistics/compute.js';
import { expenseReport } from '../apps/server/src/modules/statistics/expense.js';
import { resolvePeriod, siteDayEnd, siteDayStart } from '../apps/server/src/modules/statistics/periods.js';
import { tariffResolver, tariffSegments } from '../apps/server/src/modules/statistics/tariffPricing.js';
import { statisticsRepository } from '../apps/server/src/modules/statistics/repository.js';
import { apiHeaders, createTestDatabase, loginAs, testConfig } from '../apps/server/src/test-support/backends.js';
import { percentile } from './support.js';

const { values: args } = parseArgs({
  options: {
    backend: { type: 'string', default: 'pglite' },
    days: { type: 'string', default: '730' },
    runs: { type: 'string', default: '30' },
  },
});
const backend = args.backend === 'postgres' ? 'postgres' : 'pglite';
const RUNS = Number(args.runs);

async function main() {
  if (backend === 'postgres' && !process.env.TEST_DATABASE_URL) throw new Error('set TEST_DATABASE_URL for --backend postgres');
  const tdb = await createTestDatabase(backend);
  const database = await openDatabase({ databaseUrl: tdb.databaseUrl, pgliteDir: tdb.pgliteDir ?? 'memory://' });
  try {
    await migrate(database.db);
    const t0 = performance.now();
    await seedDemo(database.db, { energyHistoryDays: Number(args.days) });
    console.log(`${backend}: seeded ${args.days} days in ${((performance.now() - t0) / 1000).toFixed(1)} s; load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
    const { app } = await buildApp({ config: testConfig(), db: database.db, logger: false });
    await app.ready();
    const token = await loginAs(app, 'centre');
    const site = await database.db.selectFrom('projects').select(['id', 'timezone']).where('name_en', 'like', 'Suzhou%').executeTakeFirstOrThrow();
    const lastYear = String(Number(siteDate(site.timezone).slice(0, 4)) - 1);
    const payload = { project_id: site.id, period: 'year', date: `${lastYear}-06-01` };
    const call = async () => {
      const s = performance.now();
      const res = await app.inject({ method: 'POST', url: '/api/v6/energy/expense', headers: apiHeaders(token), payload });
      const ms = performance.now() - s;
      const body = res.json();
      if (body.code !== 1) throw new Error(res.body);
      return { ms, data: body.data as unknown };
    };
    // The reference: the same report computed without the cache.
    const all = asStatNodes(await statisticsRepository.nodes(database.db, site.id, 'power'));
    const selected = all.filter((n) => ['grid', 'load', 'ev_charging', 'storage_charge'].includes(n.node_type));
    const p = resolvePeriod({ period: 'year', date: `${lastYear}-06-01` }, site.timezone);
    const uncached = () => expenseReport(database.db, statisticsRepository, site.id, all, selected, p.range, p.granularity, site.timezone, { cache: false });

    const cold = await call();
    const warm: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      const r = await call();
      if (i >= 3) warm.push(r.ms);
    }
    const reference = JSON.parse(JSON.stringify(await uncached())) as unknown;
    const same = isDeepStrictEqual(reference, (await call()).data);
    const without: number[] = [];
    for (let i = 0; i < Math.min(RUNS, 15) + 2; i++) {
      const s = performance.now();
      await uncached();
      if (i >= 2) without.push(performance.now() - s);
    }
    // Where the warm call spends its time (each step 10 times, p50).
    const repo = statisticsRepository;
    const ids = [...new Set(all.flatMap((n) => (n.point_id === null ? [] : [n.point_id])))];
    const grid = all.filter((n) => n.node_type === 'grid' && n.point_id !== null).map((n) => n.point_id!);
    const from = siteDayStart(p.range.from, site.timezone);
    const to = siteDayEnd(p.range.to, site.timezone);
    const tariffs = await repo.tariffs(database.db, site.id);
    const { bounds } = tariffSegments(tariffs, tariffResolver(tariffs));
    const steps: [string, () => Promise<unknown>][] = [
      ['refresh (validity check)', () => repo.refreshEnergyCache(database.db, ids, from, to, site.timezone)],
      ['clock energy from cache', () => repo.clockEnergy(database.db, ids, from, to, site.timezone, p.granularity, bounds)],
      ['monthly demand from cache', () => repo.monthlyDemand(database.db, grid, from, to, site.timezone)],
      ['monthly power factor', () => repo.monthlyPowerFactor(database.db, grid, from, to, site.timezone)],
      ['whole service (cached)', () => expenseReport(database.db, repo, site.id, all, selected, p.range, p.granularity, site.timezone)],
    ];
    for (const [name, fn] of steps) {
      const ts: number[] = [];
      for (let i = 0; i < 10; i++) {
        const s = performance.now();
        await fn();
        ts.push(performance.now() - s);
      }
      console.log(`step ${name}: p50 ${percentile(ts, 50).toFixed(1)} ms`);
    }
    const cacheRows = await database.db.selectFrom('energy_hourly_cache').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    console.log(`cache rows ${cacheRows.n}; cached answer equals uncached: ${same}`);
    console.log('| measure | p50 ms | p95 ms | max ms |');
    console.log('|---|---:|---:|---:|');
    console.log(`| HTTP, cold cache (first call) | ${cold.ms.toFixed(0)} | – | – |`);
    console.log(`| HTTP, cache filled (${RUNS} runs) | ${percentile(warm, 50).toFixed(1)} | ${percentile(warm, 95).toFixed(1)} | ${Math.max(...warm).toFixed(1)} |`);
    console.log(`| service without cache (${without.length} runs) | ${percentile(without, 50).toFixed(1)} | ${percentile(without, 95).toFixed(1)} | ${Math.max(...without).toFixed(1)} |`);
    console.log(`load average after: ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
    await app.close();
    if (!same) process.exitCode = 1;
  } finally {
    await database.close();
    await tdb.drop();
  }
}

await main();
