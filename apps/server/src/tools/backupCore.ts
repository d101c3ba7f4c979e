import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { hostOf } from '../lib/startErrors.js';

/**
 * Backup and restore of the whole database (docs/deployment.md "Backup and restore").
 * - PostgreSQL: `pg_dump --format=custom` and `pg_restore`, so a dump of one major version restores on a newer
 *   server and the operator's usual tools read it.
 * - PGlite: its own data-directory dump (`dumpDataDir`, a gzipped tar of the cluster). PGlite is one process's
 *   database, so the server must be stopped first; the live `postmaster.pid` tells us it is not.
 */

export class BackupError extends Error {}

export interface BackupTarget {
  /** postgres://… when the server runs on PostgreSQL (DATABASE_URL). */
  databaseUrl?: string | undefined;
  /** DATA_DIR: PGlite lives in DATA_DIR/pglite. */
  dataDir: string;
}

export const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'pglite');

const exists = (p: string) =>
  fs.stat(p).then(
    () => true,
    () => false,
  );

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(new BackupError(e.code === 'ENOENT' ? `${cmd} is not installed (Debian: apt-get install postgresql-client)` : e.message)),
    );
    child.on('close', (code) => (code === 0 ? resolve() : reject(new BackupError(`${cmd} exited with ${code}: ${stderr.trim()}`))));
  });
}

async function refuseLivePglite(dir: string) {
  if (await exists(path.join(dir, 'postmaster.pid'))) {
    throw new BackupError(
      `the embedded database at ${dir} is open (postmaster.pid): stop GridOps first. ` +
        'If no GridOps runs, it was killed: start and stop it once so the database closes cleanly.',
    );
  }
}

/** Writes a backup of the configured database to `outFile`; returns what kind it made. */
export async function backupDatabase(target: BackupTarget, outFile: string): Promise<'postgres' | 'pglite'> {
  await fs.mkdir(path.dirname(path.resolve(outFile)), { recursive: true });
  if (target.databaseUrl) {
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', outFile, '--dbname', target.databaseUrl]).catch((e: unknown) => {
      throw new BackupError(`backup of the database at DATABASE_URL (${hostOf(target.databaseUrl!)}) failed: ${(e as Error).message}`);
    });
    return 'postgres';
  }
  const dir = pgliteDirOf(target.dataDir);
  if (!(await exists(path.join(dir, 'PG_VERSION')))) throw new BackupError(`no embedded database at ${dir} (DATA_DIR=${target.dataDir})`);
  await refuseLivePglite(dir);
  const pglite = await PGlite.create(dir);
  try {
    const dump = await pglite.dumpDataDir('gzip');
    await fs.writeFile(outFile, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pglite.close();
  }
  return 'pglite';
}

/**
 * Restores `inFile` into the configured database.
 * - PostgreSQL: into the database DATABASE_URL names, which should be empty (a new `createdb`); with `replace`,
 *   objects that exist are dropped first (`pg_restore --clean --if-exists`).
 * - PGlite: into DATA_DIR/pglite; an existing database is kept aside as `pglite.before-restore-<time>` only with
 *   `replace`, never deleted.
 */
export async function restoreDatabase(target: BackupTarget, inFile: string, opts: { replace?: boolean } = {}): Promise<'postgres' | 'pglite'> {
  if (!(await exists(inFile))) throw new BackupError(`no backup file at ${inFile}`);
  if (target.databaseUrl) {
    const args = ['--no-owner', '--single-transaction', '--exit-on-error', '--dbname', target.databaseUrl];
    if (opts.replace) args.unshift('--clean', '--if-exists');
    await run('pg_restore', [...args, inFile]).catch((e: unknown) => {
      throw new BackupError(`restore into the database at DATABASE_URL (${hostOf(target.databaseUrl!)}) failed: ${(e as Error).message}`);
    });
    return 'postgres';
  }
  const dir = pgliteDirOf(target.dataDir);
  if (await exists(dir)) {
    await refuseLivePglite(dir);
    if (!opts.replace) throw new BackupError(`an embedded database exists at ${dir}: pass --replace to keep it aside and restore over it`);
    const aside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await fs.rename(dir, aside);
  }
  await fs.mkdir(target.dataDir, { recursive: true });
  const blob = new Blob([await fs.readFile(inFile)]);
  const pglite = await PGlite.create({ dataDir: dir, loadDataDir: blob });
  await pglite.close();
  return 'pglite';
}
