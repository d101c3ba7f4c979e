/**
 * Demo seed benchmark (issue 27: 400 days of history in ≤ 10 s on PGlite). Usage:
 *   npx tsx bench/seed.ts [--backend pglite|postgres] [--days 400] [--memory] [--dist]
 *
 * Opens a fresh database (PGlite in a temporary data directory, as `npm start` does, or in memory with
 * --memory; PostgreSQL: a temporary database on TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres,
 * created and dropped), migrates it, then runs the demo seed's steps in one transaction as seedDemo does and
 * prints each step's time and the rows it inserted (pg_stat_xact_user_tables, read between steps inside the
 * transaction), the commit, the total, and the load average before and after. CPU time is this process's
 * (on PGlite the database runs in it too; PostgreSQL's own is not counted): under load it varies less than
 * the wall time. --dist runs the built server's modules (apps/server/dist, `npm run build` first): what `npm start`
 * runs, with the model of the counter history in its worker thread (seed/historyEnergies.ts); from sources it runs
 * in this thread. Record the figures in
 * docs/performance.md ("Demo seed — bench/seed.ts").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/database.js';
import * as databaseSrc from '../apps/server/src/db/database.js';
import * as photoSrc from '../apps/server/src/modules/face/photo.js';
import * as demoSrc from '../apps/server/src/seed/demo.js';

const { values: args } = parseArgs({
  options: {
    backend: { type: 'string', default: 'pglite' },
    days: { type: 'string', default: '400' },
    memory: { type: 'boolean', default: false },
    dist: { type: 'boolean', default: false },
  },
});
// The built modules have the same exports as their sources (esbuild transpiles file by file).
const built = async <T>(rel: string): Promise<T> => (await import(new URL(`../apps/server/dist/${rel}`, import.meta.url).href)) as T;
const { migrate, openDatabase } = args.dist ? await built<typeof databaseSrc>('db/database.js') : databaseSrc;
const { facePhotoKeyring } = args.dist ? await built<typeof photoSrc>('modules/face/photo.js') : photoSrc;
const { seedDemo } = args.dist ? await built<typeof demoSrc>('seed/demo.js') : demoSrc;
const backend = args.backend === 'postgres' ? 'postgres' : 'pglite';
const days = Number(args.days);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function adminQuery(url: string, text: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/** Rows inserted so far in this transaction, per table. */
async function inserted(trx: Db): Promise<Map<string, number>> {
  const { rows } = await sql<{ relname: string; n: number }>`
    SELECT relname, n_tup_ins::int AS n FROM pg_stat_xact_user_tables WHERE n_tup_ins > 0`.execute(trx);
  return new Map(rows.map((r) => [r.relname, r.n]));
}

async function main() {
  const loadBefore = load();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gridops-seedbench-'));
  const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `gridops_seedbench_${Date.now()}`;
  let databaseUrl: string | undefined;
  if (backend === 'postgres') {
    await adminQuery(admin, `CREATE DATABASE ${name}`);
    const u = new URL(admin);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
  }
  try {
    let t = performance.now();
    const database = await openDatabase({
      databaseUrl,
      pgliteDir: args.memory ? 'memory://' : path.join(dataDir, 'pglite'),
    });
    const openMs = performance.now() - t;
    t = performance.now();
    await migrate(database.db);
    const migrateMs = performance.now() - t;
    console.log(
      `${backend}${backend === 'pglite' ? (args.memory ? ' (memory)' : ' (data directory)') : ''}, ${days} days of history, ${args.dist ? 'built server (dist)' : 'sources'}; load ${loadBefore}`,
    );
    console.log(`open ${(openMs / 1000).toFixed(2)} s, migrate ${(migrateMs / 1000).toFixed(2)} s`);

    const faceKeys = facePhotoKeyring(Buffer.alloc(32, 7), dataDir);
    const lines: [string, number, number, string, number][] = [];
    const cpuMs = () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    };
    let progressCalls = 0;
    let maxGapMs = 0;
    let lastProgress = performance.now();
    const seedStart = performance.now();
    let stepStart = seedStart;
    let stepCpu = cpuMs();
    const seedCpu = stepCpu;
    let countingCpu = 0;
    let before = new Map<string, number>();
    let countingMs = 0;
    await seedDemo(
      database.db,
      {
        energyHistoryDays: days,
        faceKeys,
        onProgress: () => {
          const now = performance.now();
          maxGapMs = Math.max(maxGapMs, now - lastProgress);
          lastProgress = now;
          progressCalls++;
        },
      },
      async (label, trx) => {
        const ms = performance.now() - stepStart;
        const cpu = cpuMs() - stepCpu;
        const cc0 = cpuMs();
        const c0 = performance.now();
        const after = await inserted(trx);
        countingMs += performance.now() - c0;
        countingCpu += cpuMs() - cc0;
        const diff = [...after]
          .map(([table, n]) => [table, n - (before.get(table) ?? 0)] as const)
          .filter(([, n]) => n > 0)
          .sort((a, b) => b[1] - a[1]);
        const rows = diff.reduce((a, [, n]) => a + n, 0);
        const top = diff
          .slice(0, 4)
          .map(([table, n]) => `${table} ${n}`)
          .join(', ');
        lines.push([label, ms, rows, top, cpu]);
        before = after;
        stepStart = performance.now();
        stepCpu = cpuMs();
      },
    );
    // The commit is the time from the last step to here.
    const commitMs = performance.now() - stepStart;
    const seedMs = performance.now() - seedStart - countingMs;
    const seedCpuMs = cpuMs() - seedCpu - countingCpu;
    const secs = (ms: number) => (ms / 1000).toFixed(2).padStart(7);
    console.log(`  ${'step'.padEnd(36)}    wall s     cpu s      rows`);
    for (const [label, ms, rows, top, cpu] of lines) {
      console.log(`  ${label.padEnd(36)} ${secs(ms)}   ${secs(cpu)} ${String(rows).padStart(9)}${top ? `  (${top})` : ''}`);
    }
    console.log(`  ${'commit'.padEnd(36)} ${secs(commitMs)}`);
    const total = lines.reduce((a, l) => a + l[2], 0);
    console.log(
      `seed ${(seedMs / 1000).toFixed(2)} s wall, ${(seedCpuMs / 1000).toFixed(2)} s cpu of this process ` +
        `(steps + commit; counting rows between steps, ${(countingMs / 1000).toFixed(2)} s, excluded), ` +
        `${total} rows; ${progressCalls} progress calls, longest gap ${(maxGapMs / 1000).toFixed(2)} s; load ${load()}`,
    );
    await database.close();
  } finally {
    if (backend === 'postgres') await adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
