import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

// Nothing of the server is imported here: the global setup runs in vitest's main process, where the seed's
// CommonJS dependencies do not load; the forks build the templates.

/**
 * The integration project's global setup: names this run, gives it a directory for the PGlite templates and builds
 * the templates (test-support/templates.ts) in a child process before the forks start. The forks inherit the
 * run through the environment; a template missing all the same (the build failed) is built by the first test
 * asking for it, which then reports the error.
 */
export async function setup() {
  const id = `${Date.now().toString(36)}${crypto.randomBytes(3).toString('hex')}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gridops-templates-'));
  process.env.GRIDOPS_TEST_RUN = id;
  process.env.GRIDOPS_TEST_TEMPLATE_DIR = dir;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const tsx = path.resolve(here, '../../../../node_modules/tsx/dist/cli.mjs');
  const started = Date.now();
  const status = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, [tsx, path.join(here, 'buildTemplates.ts')], { stdio: 'inherit', env: process.env });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
  console.log(`[integration] template databases ${status === 0 ? 'built' : 'NOT built'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (process.env.TEST_DATABASE_URL) await dropPostgresTemplates(process.env.TEST_DATABASE_URL, id);
  };
}

/** Drops the PostgreSQL templates of run `runId`, and any other older than `staleMs` (runs that crashed before teardown). */
async function dropPostgresTemplates(adminUrl: string, runId: string, staleMs = 6 * 3600_000): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const rows = await admin.query<{ datname: string; note: string | null }>(
      `SELECT datname, shobj_description(oid, 'pg_database') AS note FROM pg_database WHERE datname LIKE 'gridops\\_tpl\\_%'`,
    );
    for (const { datname, note } of rows.rows) {
      const m = /run=(\S+) at=(\d+)/.exec(note ?? '');
      const ours = m?.[1] === runId;
      const stale = m ? Date.now() - Number(m[2]) > staleMs : false;
      if (ours || stale) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}
