import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import type { DB } from './schema.js';
import { migrations, type Migration, type MigrationContext } from './migrations/index.js';
import { unpackInitdbImage } from './pgliteImage.js';

// Both back ends speak through node-postgres, so types must parse identically: bigint counts and numeric
// sums become JS numbers (our values stay far below 2^53), instead of strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export type Db = Kysely<DB>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The connection pool behind `db` (its counts are reported on /metrics). */
  pool: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory, or 'memory://' for a throw-away database. */
  pgliteDir?: string;
  poolSize?: number;
  /**
   * More PGlite options: a data directory to start from (`loadDataDir`, a dump of a migrated database — the
   * integration tests' templates) and a WebAssembly module compiled once for many instances.
   */
  pglite?: Pick<PGliteOptions, 'loadDataDir' | 'pgliteWasmModule' | 'fsBundle'>;
}

const embedded = new WeakMap<Db, PGlite>();

/**
 * The PGlite instance behind a `db` that openDatabase opened on PGlite (undefined on PostgreSQL): bulk loads use
 * its own `COPY … FROM '/dev/blob'`, which node-postgres' COPY protocol cannot reach (see stack notes). PGlite is
 * one session, so a query on it runs inside whatever transaction the pool's connection has open.
 */
export const embeddedPglite = (db: Db): PGlite | undefined => embedded.get(db);

/** Opens PGlite (embedded) or PostgreSQL behind the same pg.Pool + Kysely PostgresDialect path. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection the server ends (restart, failover, admin termination) must not crash the process:
    // the pool drops that client and opens a new one on the next query.
    pool.on('error', (e) => console.warn(`[db] idle PostgreSQL connection closed: ${e.message}`));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', pool, close: () => db.destroy() };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) {
    await fs.mkdir(path.dirname(path.resolve(dir)), { recursive: true });
    // A new data directory from the cluster `npm install` prepared, instead of PGlite's initdb (pgliteImage.ts).
    if (!options.pglite?.loadDataDir) await unpackInitdbImage(dir);
  }
  const pglite = await PGlite.create({ dataDir: dir, ...options.pglite });
  // PGlite is a single connection; the pool of one serialises queries and transactions through it.
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 } as pg.PoolConfig);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  embedded.set(db, pglite);
  return {
    db,
    kind: 'pglite',
    pool,
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

const MIGRATION_LOCK_ID = 727_2026;

/** Applies pending migrations in order, each in its own transaction, under an advisory lock so that two
 * instances starting together against one PostgreSQL do not race. Returns the names applied. */
export async function migrate(db: Db, list: Migration[] = migrations, ctx: MigrationContext = {}): Promise<string[]> {
  return db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK_ID})`.execute(conn);
    try {
      await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
        name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(conn);
      const done = new Set((await conn.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name));
      const applied: string[] = [];
      for (const m of list) {
        if (done.has(m.name)) continue;
        await conn.transaction().execute(async (trx) => {
          await sql.raw(m.up).execute(trx);
          if (m.data) await m.data(trx, ctx);
          await trx.insertInto('schema_migrations').values({ name: m.name }).execute();
        });
        applied.push(m.name);
      }
      return applied;
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK_ID})`.execute(conn);
    }
  });
}
