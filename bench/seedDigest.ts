/**
 * What the demo seed writes, as one digest per table, so a change to how the seed writes (bulk loading, fewer
 * round trips) can be shown to write the same data. Usage:
 *   npx tsx bench/seedDigest.ts [--backend pglite|postgres] [--days 400] [--now 2026-11-28T08:17:23.456Z] [--dist]
 * (--dist: the built server's modules, as `npm start` runs them, the counter model in its worker thread.)
 *
 * The seed reads the clock (Date.now, and rollup_15m_state.done_until from the migration's now()): both are pinned
 * to --now, so two runs on the same day with the same --now write the same rows. Columns filled from the real
 * clock or from randomness (database defaults such as created_at, salted hashes, random secrets, sealed photos'
 * IVs) are left out of the digests; every other column of every table is in. Run it before and after a change and
 * compare the output (`diff`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import * as databaseSrc from '../apps/server/src/db/database.js';
import * as photoSrc from '../apps/server/src/modules/face/photo.js';
import * as demoSrc from '../apps/server/src/seed/demo.js';

const { values: args } = parseArgs({
  options: {
    backend: { type: 'string', default: 'pglite' },
    days: { type: 'string', default: '400' },
    now: {
      type: 'string',
      default: new Date(
        Math.floor(Date.now() / 86_400_000) * 86_400_000 + 8 * 3_600_000 + 1_043_456,
      ).toISOString(),
    },
    dist: { type: 'boolean', default: false },
  },
});
const backend = args.backend === 'postgres' ? 'postgres' : 'pglite';
// The built modules have the same exports as their sources (esbuild transpiles file by file).
const built = async <T>(rel: string): Promise<T> => (await import(new URL(`../apps/server/dist/${rel}`, import.meta.url).href)) as T;
const { migrate, openDatabase } = args.dist ? await built<typeof databaseSrc>('db/database.js') : databaseSrc;
const { facePhotoKeyring } = args.dist ? await built<typeof photoSrc>('modules/face/photo.js') : photoSrc;
const { seedDemo } = args.dist ? await built<typeof demoSrc>('seed/demo.js') : demoSrc;
const NOW = Date.parse(args.now);

/** Columns whose values come from the real clock or from randomness, per run. */
const VOLATILE = [
  'created_at',
  'updated_at',
  'received_at',
  'marked_at',
  'uploaded_at',
  'applied_at',
  'secret_hash',
  'password_hash',
  'iv',
  'tag',
  'ciphertext',
  'key_id',
  'reviewed_at',
  'expert_invite_code',
  'submission_id',
];

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gridops-seeddigest-'));
  const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `gridops_seeddigest_${Date.now()}`;
  const adminQuery = async (text: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(text);
    await c.end();
  };
  let databaseUrl: string | undefined;
  if (backend === 'postgres') {
    await adminQuery(`CREATE DATABASE ${name}`);
    const u = new URL(admin);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
  }
  try {
    const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'pglite') });
    const { db } = database;
    await migrate(db);
    await sql`UPDATE rollup_15m_state SET done_until = date_bin('15 minutes', ${new Date(NOW)}::timestamptz - interval '10 minutes', TIMESTAMPTZ '2000-01-01 00:00:00+00')`.execute(
      db,
    );
    const realNow = Date.now;
    Date.now = () => NOW;
    try {
      await seedDemo(db, {
        energyHistoryDays: Number(args.days),
        faceKeys: facePhotoKeyring(Buffer.alloc(32, 7), dataDir),
      });
    } finally {
      Date.now = realNow;
    }
    const tables = await sql<{ t: string }>`
      SELECT c.relname AS t FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relname <> 'schema_migrations'
      ORDER BY 1`.execute(db);
    for (const { t } of tables.rows) {
      const { rows } = await sql<{ n: number; d: string | null }>`
        SELECT count(*)::int AS n, md5(string_agg(r, E'\n' ORDER BY r)) AS d
        FROM (SELECT (to_jsonb(x) - ${VOLATILE}::text[])::text AS r FROM ${sql.table(t)} x) s`.execute(db);
      if (rows[0]!.n > 0) console.log(`${t.padEnd(32)} ${String(rows[0]!.n).padStart(8)} ${rows[0]!.d}`);
    }
    console.log(`now ${new Date(NOW).toISOString()} days ${args.days} backend ${backend}`);
    await database.close();
  } finally {
    if (backend === 'postgres') await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
