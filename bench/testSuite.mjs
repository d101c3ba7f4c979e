// The test suite's phases, one after another, each with its wall time and the load average around it
// (docs/performance.md "Test suite"). `node bench/testSuite.mjs [phase…]` runs the phases named (default: all):
//   lint, typecheck, unit, web, integration, e2e, quick (= npm run test:quick as a whole)
// Integration runs on PostgreSQL as well when TEST_DATABASE_URL is set, as in `npm test`. e2e needs the build
// (node scripts/build-if-needed.mjs). Each phase's pass/fail is printed; the script exits non-zero if one failed.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const node = process.execPath;
const bin = (p) => path.join(root, 'node_modules', p);
const vitest = (project) => [node, bin('vitest/vitest.mjs'), 'run', '--project', project];

const phases = {
  lint: [[node, bin('eslint/bin/eslint.js'), '.', '--max-warnings', '0']],
  typecheck: [['npm', 'run', '--silent', 'typecheck']],
  unit: [vitest('unit')],
  web: [vitest('web')],
  integration: [vitest('integration')],
  e2e: [vitest('e2e')],
  quick: [[node, path.join(root, 'scripts/test-quick.mjs')]],
};

const wanted = process.argv.slice(2);
for (const w of wanted) if (!phases[w]) throw new Error(`unknown phase ${w}: one of ${Object.keys(phases).join(', ')}`);
const order = wanted.length ? wanted : ['lint', 'typecheck', 'unit', 'web', 'integration', 'e2e'];

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

function run([cmd, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

const results = [];
for (const name of order) {
  const before = load();
  const started = performance.now();
  let status = 0;
  for (const cmd of phases[name]) status ||= await run(cmd);
  const seconds = (performance.now() - started) / 1000;
  results.push({ name, seconds, before, after: load(), status });
  console.log(`[bench] ${name}: ${seconds.toFixed(1)} s, ${status ? 'FAILED' : 'passed'} (load ${before} → ${load()})`);
}

console.log('\nphase        wall s   result   load average before → after (1, 5, 15 min)');
for (const r of results) {
  console.log(`${r.name.padEnd(12)} ${r.seconds.toFixed(1).padStart(7)}   ${(r.status ? 'failed' : 'passed').padEnd(7)}  ${r.before} → ${r.after}`);
}
console.log(`total        ${results.reduce((s, r) => s + r.seconds, 0).toFixed(1).padStart(7)}   cores ${os.cpus().length}`);
process.exit(results.some((r) => r.status) ? 1 : 0);
