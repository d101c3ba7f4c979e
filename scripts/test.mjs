// `npm test`: build, lint (zero warnings), type-check, then every vitest project — unit, web (happy-dom),
// integration (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) and e2e (real Chromium against the real
// server). Ends with one line "tests: N passed, M failed" that CI reads.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded, root } from './build-if-needed.mjs';

const started = Date.now();
const step = (name) => console.log(`\n[test] ${name} (${Math.round((Date.now() - started) / 1000)} s)`);

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

/** Like `run`, without blocking: resolves the exit status (output goes straight to this terminal). */
function runAsync(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

if (!process.env.TEST_DATABASE_URL) {
  if (process.env.CI) {
    console.error('[test] TEST_DATABASE_URL is not set: the PostgreSQL integration suite would not run. .ci/run sets it.');
    process.exit(2);
  }
  console.warn('[test] TEST_DATABASE_URL not set: integration tests run on PGlite only.');
}

step('build');
await buildIfNeeded({ quiet: true });

// Lint and type-check side by side: one core each. The build only transpiles; `tsc -b` type-checks the packages,
// simulator and server (emitting their declarations, which the web app's and tests' checks read), then the rest.
step('lint and type-check');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const [lintStatus, tscStatus] = await Promise.all([
  runAsync(process.execPath, [path.join(root, 'node_modules/eslint/bin/eslint.js'), '.', '--max-warnings', '0']),
  (async () =>
    (await runAsync(process.execPath, [tsc, '-b', 'packages/format', 'packages/contract', 'apps/server', 'apps/simulator'])) ||
    (await runAsync(process.execPath, [tsc, '-p', 'apps/web', '--noEmit'])) ||
    (await runAsync(process.execPath, [tsc, '-p', 'e2e'])) ||
    (await runAsync(process.execPath, [tsc, '-p', 'bench'])))(),
]);

// Two vitest runs: the browser tests' server (simulator included) starts in the e2e project's global setup, and
// in one run it would idle beside the unit, web and integration tests for their whole ~13 minutes, taking about
// a quarter of a core from them.
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gridops-vitest-'));
const vitestRuns = [
  { name: 'unit, web, integration', projects: ['unit', 'web', 'integration'] },
  { name: 'e2e', projects: ['e2e'] },
];

let passed = 0;
let failed = 0;
let skipped = 0;
let vitestStatus = 0;
for (const [i, { name, projects }] of vitestRuns.entries()) {
  step(`vitest: ${name}`);
  const report = path.join(reportDir, `report-${i}.json`);
  const status = run(process.execPath, [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  vitestStatus ||= status;
  if (!fs.existsSync(report)) {
    if (status !== 0) failed += 1;
    continue;
  }
  const r = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  // A file that fails outside any test (import error, failing hook) has no failed test: count each such file
  // as well, even when other files have failing tests, so a broken file is never hidden behind them.
  failed += (r.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
// Lint and type errors count as failures so the closing line never reads green over a red step.
if (lintStatus !== 0) failed += 1;
if (tscStatus !== 0) failed += 1;
if (vitestStatus !== 0 && failed === 0) failed += 1;

console.log(`\n[test] finished in ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
