/**
 * Energy report benchmark. Usage:
 *   npx tsx bench/energyReports.ts [--backend pglite|postgres] [--days 730] [--runs 30]
 *
 * Seeds the demo organisation with --days of hourly and daily counter history (every counter of the five
 * demo stations; two years by default), then times through HTTP (app.inject: validation, service, SQL,
 * serialisation) as the centre user:
 *  - the year-on-year report of one site (Suzhou, 17 counters): power use by month with MoM/YoY;
 *  - the same site's day view (hourly buckets from rollup_hourly, with the previous day and last year's day);
 *  - the site's expense report over a whole year (hourly energy priced per TOU band);
 *  - the centre's carbon aggregation over every demo site for a year (with the previous year for YoY).
 * PostgreSQL needs TEST_DATABASE_URL (a database is created and dropped). Record the figures in
 * docs/performance.md.
 */
import { siteDate } from '@gridops/format';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app.js';
import { migrate, openDatabase } from '../apps/server/src/db/database.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';
import {
  apiHeaders,
  createTestDatabase,
  loginAs,
  testConfig,
} from '../apps/server/src/test-support/backends.js';

const { values: args } = parseArgs({
  options: {
    backend: { type: 'string', default: 'pglite' },
    days: { type: 'string', default: '730' },
    runs: { type: 'string', default: '30' },
  },
});
const backend = args.backend === 'postgres' ? 'postgres' : 'pglite';
const RUNS = Number(args.runs);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

async function main() {
  if (backend === 'postgres' && !process.env.TEST_DATABASE_URL)
    throw new Error('set TEST_DATABASE_URL for --backend postgres');
  const tdb = await createTestDatabase(backend);
  const database = await openDatabase({
    databaseUrl: tdb.databaseUrl,
    pgliteDir: tdb.pgliteDir ?? 'memory://',
  });
  try {
    await migrate(database.db);
    const t0 = performance.now();
    await seedDemo(database.db, { energyHistoryDays: Number(args.days) });
    const seedS = (performance.now() - t0) / 1000;
    const rows = await database.db
      .selectFrom('rollup_hourly')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(
      `${backend}: seeded ${args.days} days of history (${Number(rows.n)} hourly rows) in ${seedS.toFixed(1)} s`,
    );

    const { app } = await buildApp({ config: testConfig(), db: database.db, logger: false });
    await app.ready();
    const token = await loginAs(app, 'centre');
    const site = await database.db
      .selectFrom('projects')
      .select(['id', 'timezone'])
      .where('name_en', 'like', 'Suzhou%')
      .executeTakeFirstOrThrow();
    const szip = site.id;
    const today = siteDate(site.timezone);
    const lastYear = String(Number(today.slice(0, 4)) - 1);
    const cases: [string, string, object][] = [
      [
        'site YoY report (year by month, MoM/YoY)',
        '/api/v6/energy/stats',
        { project_id: szip, category: 'power_use', period: 'year', date: today },
      ],
      [
        'site day view (hourly, MoM/YoY)',
        '/api/v6/energy/stats',
        { project_id: szip, category: 'power_use', period: 'day', date: today },
      ],
      [
        'site expense report, one year by TOU band',
        '/api/v6/energy/expense',
        { project_id: szip, period: 'year', date: `${lastYear}-06-01` },
      ],
      [
        'centre carbon, all sites, one year',
        '/api/v6/energy/centreCarbon',
        { year: Number(today.slice(0, 4)) },
      ],
    ];
    console.log('| report | p50 ms | p95 ms | max ms |');
    console.log('|---|---:|---:|---:|');
    for (const [name, url, payload] of cases) {
      const times: number[] = [];
      for (let i = 0; i < RUNS + 3; i++) {
        const s = performance.now();
        const res = await app.inject({ method: 'POST', url, headers: apiHeaders(token), payload });
        const ms = performance.now() - s;
        if (res.json().code !== 1) throw new Error(`${url}: ${res.body}`);
        if (i >= 3) times.push(ms); // the first runs warm caches and JIT
      }
      console.log(
        `| ${name} | ${pct(times, 50).toFixed(1)} | ${pct(times, 95).toFixed(1)} | ${Math.max(...times).toFixed(1)} |`,
      );
    }
    await app.close();
  } finally {
    await database.close();
    await tdb.drop();
  }
}

await main();
