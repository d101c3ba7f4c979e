/**
 * History API benchmark. Usage:
 *   npx tsx bench/historyQuery.ts [--backend pglite|postgres] [--days 30] [--width 1500] [--runs 40]
 *
 * On a fresh database (demo organisation; PostgreSQL from TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)
 * it creates the day partitions of the range first (as a server running for that long would have: the partition
 * job creates each day ahead of it; `--backlog` stores into the default partition instead and lets the job move
 * it, the worst case of a year-long store-and-forward backlog), stores 8 points × N days at 1-minute resolution through the ingest's own store statement (so the hourly and
 * daily rollups are filled as in production), runs the quarter-hour compaction as the server's job would, then asks
 * GET /api/v6/history/series for the 8 series over the whole range downsampled to --width pixels, repeatedly, through the real HTTP app (validation, scope check, serialisation),
 * and prints p50/p95/max. Record the figures in docs/performance.md.
 */
import { parseArgs } from 'node:util';
import { PERMISSIONS } from '@gridops/contract';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.js';
import { migrate, openDatabase } from '../apps/server/src/db/database.js';
import { compactQuarterHours } from '../apps/server/src/modules/telemetry/quarterHours.js';
import { maintainPartitions } from '../apps/server/src/modules/telemetry/partitions.js';
import { telemetryRepository } from '../apps/server/src/modules/telemetry/repository.js';
import { partitionRepository, utcDayStart } from '../apps/server/src/modules/telemetry/partitionRepository.js';
import { DAY_MS } from '@gridops/format';
import { seedDemo } from '../apps/server/src/seed/demo.js';
import { apiHeaders, createTestDatabase, loginAs, testConfig } from '../apps/server/src/test-support/backends.js';

const { values: args } = parseArgs({
  options: {
    backend: { type: 'string', default: 'pglite' },
    days: { type: 'string', default: '30' },
    width: { type: 'string', default: '1500' },
    runs: { type: 'string', default: '40' },
    backlog: { type: 'boolean', default: false },
  },
});
const DAYS = Number(args.days);
const WIDTH = Number(args.width);
const RUNS = Number(args.runs);
const backend = args.backend === 'postgres' ? 'postgres' : 'pglite';
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

const tdb = await createTestDatabase(backend);
const database = await openDatabase({ databaseUrl: tdb.databaseUrl, pgliteDir: tdb.pgliteDir ?? 'memory://' });
try {
  const db = database.db;
  await migrate(db);
  await seedDemo(db);
  const points = await db
    .selectFrom('device_points as p')
    .innerJoin('devices as d', 'd.id', 'p.device_id')
    .innerJoin('projects as pr', 'pr.id', 'd.project_id')
    .select('p.id')
    .where('pr.name_en', 'like', 'Suzhou%')
    .where('d.sn', 'in', ['T1', 'T2'])
    .where('p.key', 'in', ['P', 'Ua', 'Ia', 'PF'])
    .orderBy('p.id')
    .execute();
  const ids = points.map((p) => p.id);
  const end = Math.floor(Date.now() / 60_000) * 60_000;
  const start = end - DAYS * 86_400_000;

  if (!args.backlog) {
    const partStart = performance.now();
    const have = new Set((await partitionRepository.days(db)).map((d) => d.getTime()));
    let created = 0;
    for (let day = utcDayStart(new Date(start)).getTime(); day <= end; day += DAY_MS) {
      if (have.has(day)) continue;
      await db.transaction().execute((trx) => partitionRepository.createDay(trx, new Date(day)));
      created += 1;
    }
    console.log(`${backend}: ${created} day partitions created before the fill in ${((performance.now() - partStart) / 1000).toFixed(1)} s`);
  }
  const fillStart = performance.now();
  const BATCH = 10_000;
  let batch: { pointId: number; ts: number; value: number }[] = [];
  let rows = 0;
  for (let ts = start; ts < end; ts += 60_000) {
    for (const [i, id] of ids.entries()) batch.push({ pointId: id, ts, value: 100 * (i + 1) + 50 * Math.sin(ts / 3_600_000) + Math.random() * 10 });
    if (batch.length >= BATCH) {
      await telemetryRepository.store(db, batch);
      rows += batch.length;
      batch = [];
    }
  }
  await telemetryRepository.store(db, batch);
  rows += batch.length;
  const fillS = (performance.now() - fillStart) / 1000;
  console.log(`${backend}: stored ${rows} samples (${ids.length} points × ${DAYS} days × 1/min) in ${fillS.toFixed(1)} s (${Math.round(rows / fillS)} rows/s incl. rollups)`);
  // All of it arrived "late" (older than the current quarter): the ingest marked the quarters and the compaction
  // job, which runs every minute in the server, folds them into the quarter-hour rollups.
  const compactStart = performance.now();
  let recomputed = 0;
  for (;;) {
    const r = await compactQuarterHours(db);
    if (!r || r.recomputed === 0) break;
    recomputed += r.recomputed;
  }
  console.log(`${backend}: compaction of ${recomputed} marked quarter-hours in ${((performance.now() - compactStart) / 1000).toFixed(1)} s`);
  // With --backlog the samples landed in the default partition (their days had no partition yet); the partition
  // job moves them to day partitions, as the server's hourly job does. Otherwise it has nothing to move.
  const partStart = performance.now();
  const parts = await maintainPartitions(db, Math.max(400, DAYS + 1));
  console.log(`${backend}: partition job: ${parts?.created} day partitions, ${parts?.moved} rows moved in ${((performance.now() - partStart) / 1000).toFixed(1)} s`);
  await sql`VACUUM ANALYZE telemetry, rollup_15m, rollup_hourly`.execute(db);

  const { app, services } = await buildApp({ config: testConfig(), db, logger: false });
  await app.ready();
  const token = await loginAs(app, 'centre');
  const url = `/api/v6/history/series?point_ids=${ids.join(',')}&from=${new Date(start).toISOString()}&to=${new Date(end).toISOString()}&width=${WIDTH}`;
  const times: number[] = [];
  let source = '';
  let buckets = 0;
  for (let i = 0; i < RUNS + 3; i++) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: apiHeaders(token) });
    const ms = performance.now() - t0;
    const body = res.json<{ code: number; data: { source: string; series: { t: number[] }[] } }>();
    if (body.code !== 1) throw new Error(res.body);
    source = body.data.source;
    buckets = body.data.series.reduce((s, x) => s + x.t.length, 0);
    if (i >= 3) times.push(ms); // the first calls warm caches and the JIT
  }
  // The same query without HTTP (no header/session check, response validation or JSON): the database's share.
  const user = { id: 1, orgId: 1, userType: 0 as const, username: 'centre', name: 'centre', permissions: [...PERMISSIONS], canControl: true, sessionId: 0 };
  const q = { point_ids: ids, from: new Date(start).toISOString(), to: new Date(end).toISOString(), width: WIDTH };
  const direct: number[] = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const t0 = performance.now();
    await services.history.series(user, q, 'zh');
    if (i >= 3) direct.push(performance.now() - t0);
  }
  console.log(`${backend}: service call alone (no HTTP): p50 ${pct(direct, 50).toFixed(1)} ms, p95 ${pct(direct, 95).toFixed(1)} ms`);
  console.log(`${backend}: ${ids.length} series × ${DAYS} days → width ${WIDTH} (source ${source}, ${buckets} buckets in total), ${RUNS} runs: p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`);
  // Recent windows read raw telemetry: with day partitions their cost must not grow with the days stored.
  for (const [label, ms] of [['last day', 86_400_000], ['last hour', 3_600_000]] as const) {
    const recent = `/api/v6/history/series?point_ids=${ids.join(',')}&from=${new Date(end - ms).toISOString()}&to=${new Date(end).toISOString()}&width=${WIDTH}`;
    const rt: number[] = [];
    let src = '';
    for (let i = 0; i < RUNS + 3; i++) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: recent, headers: apiHeaders(token) });
      const ms2 = performance.now() - t0;
      const body = res.json<{ code: number; data: { source: string } }>();
      if (body.code !== 1) throw new Error(res.body);
      src = body.data.source;
      if (i >= 3) rt.push(ms2);
    }
    console.log(`${backend}: ${label} of ${DAYS} days stored (source ${src}): p50 ${pct(rt, 50).toFixed(1)} ms, p95 ${pct(rt, 95).toFixed(1)} ms`);
  }
  await app.close();
} finally {
  await database.close();
  await tdb.drop();
}
