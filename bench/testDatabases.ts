/**
 * What one integration test's database costs: migrated and demo-seeded from scratch (as before issue 27) against a
 * copy of the run's template (test-support/templates.ts), on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 * Wall time and this process's CPU time (PGlite runs in-process; PostgreSQL's own work is in its server).
 *
 *   npx tsx bench/testDatabases.ts [--runs 3]
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrate } from '../apps/server/src/db/database.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';
import { createTestDatabase, type BackendKind } from '../apps/server/src/test-support/backends.js';
import { pgliteTemplate, postgresTemplate } from '../apps/server/src/test-support/templates.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);

// The environment the integration project's global setup gives its forks.
process.env.GRIDOPS_TEST_RUN = `bench${crypto.randomBytes(3).toString('hex')}`;
process.env.GRIDOPS_TEST_TEMPLATE_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'gridops-templates-'));

async function timed(fn: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await fn();
  const c = process.cpuUsage(c0);
  return { wall: (performance.now() - t0) / 1000, cpu: (c.user + c.system) / 1e6 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (rs: { wall: number; cpu: number }[]) => `wall ${median(rs.map((r) => r.wall)).toFixed(2)} s, cpu ${median(rs.map((r) => r.cpu)).toFixed(2)} s (median of ${rs.length})`;
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

const kinds: BackendKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
console.log(`load average ${load()}, ${os.cpus().length} cores`);
for (const kind of kinds) {
  const fresh = [];
  for (let i = 0; i < runs; i++) {
    fresh.push(
      await timed(async () => {
        const tdb = await createTestDatabase(kind);
        const database = await tdb.open();
        await migrate(database.db);
        await seedDemo(database.db, { energyHistoryDays: 0 });
        await database.close();
        await tdb.drop();
      }),
    );
  }
  const build = await timed(async () => (kind === 'pglite' ? pgliteTemplate('seeded') : postgresTemplate(process.env.TEST_DATABASE_URL!, 'seeded')));
  const cloned = [];
  for (let i = 0; i < runs; i++) {
    cloned.push(
      await timed(async () => {
        const tdb = await createTestDatabase(kind, { template: 'seeded' });
        const database = await tdb.open();
        await migrate(database.db);
        await seedDemo(database.db, { energyHistoryDays: 0 });
        await database.close();
        await tdb.drop();
      }),
    );
  }
  console.log(`${kind}: migrate + seed ${fmt(fresh)}; template once: wall ${build.wall.toFixed(2)} s; from the template ${fmt(cloned)}  (load ${load()})`);
}
fs.rmSync(process.env.GRIDOPS_TEST_TEMPLATE_DIR, { recursive: true, force: true });
if (process.env.TEST_DATABASE_URL) {
  // The template is this run's: drop it as the global setup's teardown would.
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const rows = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE shobj_description(oid, 'pg_database') LIKE $1`, [`%run=${process.env.GRIDOPS_TEST_RUN} %`]);
  for (const r of rows.rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
  await admin.end();
}
