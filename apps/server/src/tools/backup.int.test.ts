import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Db } from '../db/database.js';
import { seedDemo } from '../seed/demo.js';
import { buildApp } from '../app.js';
import { backends, createTestDatabase, loginAs, tempDir, testConfig, type TestDatabase } from '../test-support/backends.js';
import { BackupError, backupDatabase, pgliteDirOf, restoreDatabase } from './backupCore.js';

/** Every table's row count and a digest of its rows: equal fingerprints mean the same data. */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const r = await sql<{ n: number; digest: string | null }>`
      SELECT count(*)::int AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM ${sql.table(name)} t`.execute(db);
    out[name] = `${r.rows[0]!.n}:${r.rows[0]!.digest ?? ''}`;
  }
  return out;
}

/** The restored database serves the console: the demo site user logs in. */
async function loginWorks(db: Db): Promise<boolean> {
  const { app } = await buildApp({ config: testConfig(), db, logger: false });
  await app.ready();
  try {
    return (await loginAs(app, 'site')).length > 0;
  } finally {
    await app.close();
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe.each(backends)('backup and restore round trip (%s)', (kind) => {
  it('restores exactly what was backed up, and the restored database serves logins', async () => {
    const work = await tempDir('gridops-backup-');
    cleanups.push(() => fs.rm(work, { recursive: true, force: true }));
    const file = path.join(work, kind === 'postgres' ? 'gridops.dump' : 'gridops.tar.gz');

    // Source: a migrated database with the demo organisation in it.
    let source: TestDatabase | undefined;
    let target: TestDatabase | undefined;
    const sourceDir = path.join(work, 'source');
    const targetDir = path.join(work, 'target');
    if (kind === 'postgres') {
      source = await createTestDatabase('postgres');
      target = await createTestDatabase('postgres');
      cleanups.push(source.drop, target.drop);
    }
    const src = await openDatabase({ databaseUrl: source?.databaseUrl, pgliteDir: pgliteDirOf(sourceDir) });
    await migrate(src.db);
    await seedDemo(src.db, { energyHistoryDays: 0 });
    const before = await fingerprint(src.db);
    if (kind === 'pglite') {
      await src.close();
      // The embedded database must be closed: a backup of a live one is refused, naming the reason.
      const live = await openDatabase({ pgliteDir: pgliteDirOf(sourceDir) });
      await expect(backupDatabase({ dataDir: sourceDir }, file)).rejects.toThrow(/stop GridOps first/);
      await live.close();
    }

    expect(await backupDatabase({ databaseUrl: source?.databaseUrl, dataDir: sourceDir }, file)).toBe(kind);
    expect((await fs.stat(file)).size).toBeGreaterThan(1000);
    if (kind === 'postgres') await src.close();

    expect(await restoreDatabase({ databaseUrl: target?.databaseUrl, dataDir: targetDir }, file)).toBe(kind);
    const restored = await openDatabase({ databaseUrl: target?.databaseUrl, pgliteDir: pgliteDirOf(targetDir) });
    try {
      const after = await fingerprint(restored.db);
      expect(Object.keys(after).length).toBeGreaterThan(50);
      expect(after).toEqual(before);
      // Migrations see nothing left to apply: the restored schema is current.
      expect(await migrate(restored.db)).toEqual([]);
      expect(await loginWorks(restored.db)).toBe(true);
    } finally {
      await restored.close();
    }

    if (kind === 'pglite') {
      // Restoring over an existing database needs --replace, and keeps the old one aside rather than deleting it.
      await expect(restoreDatabase({ dataDir: targetDir }, file)).rejects.toBeInstanceOf(BackupError);
      await restoreDatabase({ dataDir: targetDir }, file, { replace: true });
      const entries = await fs.readdir(targetDir);
      expect(entries.filter((e) => e.startsWith('pglite.before-restore-'))).toHaveLength(1);
    }
    // A whole seeded database is dumped and loaded twice: minutes on a loaded 2-core machine.
  }, 600_000);

  it('names a missing backup file', async () => {
    const work = await tempDir('gridops-backup-');
    cleanups.push(() => fs.rm(work, { recursive: true, force: true }));
    await expect(restoreDatabase({ dataDir: work }, path.join(work, 'nope.dump'))).rejects.toThrow(/no backup file at/);
  });
});
