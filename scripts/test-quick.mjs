// `npm run test:quick`: the inner loop — lint (zero warnings) and the type-check side by side (one core each),
// then the unit and web vitest projects in one run. No build, no databases, no browser: the integration and
// browser tests stay with `npm test`. Ends with the same "tests: N passed, M failed" line as `npm test`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const step = (name) => console.log(`\n[test:quick] ${name} (${Math.round((Date.now() - started) / 1000)} s)`);

function run(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

step('lint and type-check');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const [lintStatus, tscStatus] = await Promise.all([
  run(process.execPath, [path.join(root, 'node_modules/eslint/bin/eslint.js'), '.', '--max-warnings', '0']),
  // Whatever `npm run typecheck` covers (server, simulator, packages, web, browser tests, benchmarks).
  run(npm, ['run', '--silent', 'typecheck']),
]);

step('vitest: unit, web');
const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gridops-quick-')), 'report.json');
const vitestStatus = await run(process.execPath, [
  path.join(root, 'node_modules/vitest/vitest.mjs'),
  'run',
  '--project',
  'unit',
  '--project',
  'web',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
]);

let passed = 0;
let failed = 0;
if (fs.existsSync(report)) {
  const r = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed = r.numPassedTests ?? 0;
  failed = (r.numFailedTests ?? 0) + (r.testResults ?? []).filter((f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed')).length;
}
if (lintStatus !== 0) failed += 1;
if (tscStatus !== 0) failed += 1;
if (vitestStatus !== 0 && failed === 0) failed += 1;

console.log(`\n[test:quick] finished in ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
