import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { createRequire } from 'node:module';
import pg from 'pg';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import { migrate, openDatabase, type Db } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { seedDemo } from '../seed/demo.js';
import { writePgliteDir as writeDumpedDir } from '../db/pgliteImage.js';

/**
 * Integration databases cloned from a template made once per test run, instead of migrating (and seeding) every
 * test's database anew: ~11 s of CPU per seeded PGlite database become ~1.5 s, and ~10 s per PostgreSQL database
 * become a `CREATE DATABASE … TEMPLATE` of well under a second (docs/performance.md "Test suite").
 *
 * - `migrated`: every migration applied, nothing else.
 * - `seeded`: migrated, then `seedDemo` without energy history (what `startTestApp` gives by default).
 *
 * The templates belong to one run (GRIDOPS_TEST_RUN, set by the integration project's global setup): the demo seed
 * is relative to the clock ("raised 3 hours ago", "today's readings"), so a template left from yesterday would be
 * wrong. Their names also carry a hash of the migration and seed sources, so an edited seed is never served stale
 * by a long watch-mode run. Without GRIDOPS_TEST_RUN (the helpers used outside vitest) there is no template:
 * callers migrate and seed as before.
 */
export type TemplateVariant = 'migrated' | 'seeded';

const serverSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The run this process belongs to, or undefined outside a vitest run with the global setup. */
export const templateRun = (): { id: string; dir: string } | undefined => {
  const id = process.env.GRIDOPS_TEST_RUN;
  const dir = process.env.GRIDOPS_TEST_TEMPLATE_DIR;
  return id && dir ? { id, dir } : undefined;
};

let sourceHash: string | undefined;
/** A hash of everything that decides a template's content: the migrations, the seed and the device catalogue. */
function sourcesHash(): string {
  if (sourceHash) return sourceHash;
  const h = crypto.createHash('sha256');
  const dirs = [path.join(serverSrc, 'db/migrations'), path.join(serverSrc, 'seed'), path.resolve(serverSrc, '../../../packages/contract/src')];
  for (const dir of dirs) {
    for (const f of (fs.readdirSync(dir, { recursive: true }) as string[]).sort()) {
      if (!f.endsWith('.ts') || f.endsWith('.test.ts')) continue;
      h.update(f).update(fs.readFileSync(path.join(dir, f)));
    }
  }
  return (sourceHash = h.digest('hex'));
}

/** gridops_tpl_<hash of sources, variant and run>: ≤ 63 characters, PostgreSQL's identifier limit. */
export function templateName(variant: TemplateVariant, runId: string): string {
  const h = crypto.createHash('sha256').update(sourcesHash()).update(variant).update(runId).digest('hex');
  return `gridops_tpl_${h.slice(0, 24)}`;
}

async function fillDatabase(db: Db, variant: TemplateVariant) {
  await migrate(db);
  if (variant === 'seeded') await seedDemo(db, { energyHistoryDays: 0 });
}

let assets: Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'> | undefined;
/**
 * PGlite's WebAssembly module compiled once per process and its file-system bundle read once: without them every
 * PGlite.create reads and compiles pglite.wasm again (~0.7 s of CPU per test database).
 */
export function pgliteAssets(): Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'> {
  if (assets) return assets;
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  return (assets = {
    pgliteWasmModule: new WebAssembly.Module(fs.readFileSync(path.join(dist, 'pglite.wasm'))),
    fsBundle: new Blob([fs.readFileSync(path.join(dist, 'pglite.data'))]),
  });
}

// ---- PGlite: a dumped data directory (an uncompressed tarball) in the run's directory ----

const pgliteBlobs = new Map<TemplateVariant, Promise<Blob>>();

/** The variant's data directory as PGlite's `loadDataDir` takes it; built by the first fork that asks. */
export function pgliteTemplate(variant: TemplateVariant): Promise<Blob> | undefined {
  const run = templateRun();
  if (!run) return undefined;
  let blob = pgliteBlobs.get(variant);
  if (!blob) {
    blob = loadOrBuildPglite(variant, run.dir, run.id);
    pgliteBlobs.set(variant, blob);
    // A failed build is not remembered: the next test tries again (and reports its own error).
    blob.catch(() => pgliteBlobs.delete(variant));
  }
  return blob;
}

async function loadOrBuildPglite(variant: TemplateVariant, dir: string, runId: string): Promise<Blob> {
  const file = path.join(dir, `${templateName(variant, runId)}.tar`);
  const lock = `${file}.lock`;
  for (;;) {
    if (fs.existsSync(file)) return new Blob([await fsp.readFile(file)]);
    // mkdir is atomic: the fork that creates the lock builds; the others wait for the file to appear.
    try {
      fs.mkdirSync(lock);
    } catch {
      await fileAppears(file, lock);
      continue;
    }
    try {
      const pglite = await PGlite.create({ dataDir: 'memory://', ...pgliteAssets() });
      const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 } as pg.PoolConfig);
      const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
      await fillDatabase(db, variant);
      await db.destroy();
      // Uncompressed: gzip would save disk in /tmp but cost every clone its inflation.
      const dump = await pglite.dumpDataDir('none');
      await pglite.close();
      const tmp = `${file}.${process.pid}`;
      await fsp.writeFile(tmp, Buffer.from(await dump.arrayBuffer()));
      await fsp.rename(tmp, file);
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** Resolves once `file` exists or `lock` is gone (its builder finished or failed), watching the directory. */
function fileAppears(file: string, lock: string): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      if (fs.existsSync(file) || !fs.existsSync(lock)) {
        watcher.close();
        resolve();
      }
    };
    const watcher = fs.watch(path.dirname(file), done);
    // The builder may have finished between our mkdir attempt and the watch.
    done();
  });
}

/**
 * Writes a PGlite data directory on disk from a template (what the runtime then opens, as `npm start` would),
 * when `pglite` carries one; otherwise leaves `dir` to the runtime to create. The dump is a plain tar of the data
 * directory: unpacked here directly (~0.1 s) rather than through a PGlite instance started on `dir` to load it
 * (4.5 s at load 8).
 */
export async function writePgliteDir(dir: string, pglite: Pick<PGliteOptions, 'loadDataDir'> | undefined): Promise<void> {
  if (!pglite?.loadDataDir) return;
  await writeDumpedDir(dir, Buffer.from(await pglite.loadDataDir.arrayBuffer()));
}

// ---- PostgreSQL: a template database per variant, cloned with CREATE DATABASE … TEMPLATE ----

const pgTemplates = new Map<string, Promise<string>>();

/** The variant's template database on the TEST_DATABASE_URL server (created once per run), or undefined. */
export function postgresTemplate(adminUrl: string, variant: TemplateVariant): Promise<string> | undefined {
  const run = templateRun();
  if (!run) return undefined;
  const name = templateName(variant, run.id);
  let made = pgTemplates.get(name);
  if (!made) {
    made = ensurePostgresTemplate(adminUrl, name, variant, run.id).then(() => name);
    pgTemplates.set(name, made);
    made.catch(() => pgTemplates.delete(name));
  }
  return made;
}

async function ensurePostgresTemplate(adminUrl: string, name: string, variant: TemplateVariant, runId: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Two forks may ask at once: the advisory lock lets one build while the other waits, then finds it made.
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount) return;
    // Built under another name and renamed when complete: a crashed build never leaves a half-made template.
    const building = `${name}_b`;
    await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    try {
      await fillDatabase(database.db, variant);
    } finally {
      await database.close();
    }
    // FORCE-free rename needs no session on it: the pool above has ended its connection.
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    // Which run made it, and when: the global setup's teardown drops this run's templates, and old ones left by
    // a run that crashed.
    await admin.query(`COMMENT ON DATABASE ${name} IS ${pg.escapeLiteral(`gridops test template run=${runId} at=${Date.now()}`)}`);
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
    await admin.end();
  }
}
