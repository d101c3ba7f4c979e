// First run as a newcomer has it (issue 27 item 1): a fresh clone of the current commit, `npm ci`, then `npm start`
// until the console answers with live data. Prints clone, install, build, database open, migrate, seed, server ready
// and live data, each with the 1-minute load average, and the number of lines the start printed.
//
//   node bench/firstRun.mjs [--install ci|copy] [--keep] [--timeout 600]
//
// --install ci (default): `npm ci --prefer-offline` in the clone, timed: what README's `npm install` costs with a
//   warm npm cache (this machine's; a cold cache adds the download). --install copy: hard-links this checkout's
//   node_modules instead (seconds; for measuring the start alone).
// The clone is of HEAD: commit first. "Live data" = the login page is served, /health answers, and the simulator's
// points have been stored (gridops_ingest_points_total > 0 in /metrics). The start is measured from `npm start`'s
// own lines (each stamped on arrival): "[gridops] build checked", "started: … database opened", "database migrated",
// "seeding the demo: done", "GridOps is running".
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: { install: { type: 'string', default: 'ci' }, keep: { type: 'boolean', default: false }, timeout: { type: 'string', default: '600' } },
});
const root = path.resolve(import.meta.dirname, '..');
const load = () => os.loadavg()[0].toFixed(2);
const s = (ms) => (ms / 1000).toFixed(1);
const rows = [];
/** `at`: the load average when the step ended (start steps are printed afterwards). */
const row = (step, ms, note = '', at = load()) => {
  rows.push({ step, seconds: ms === null ? '—' : s(ms), load: at, note });
  console.log(`[firstRun] ${step}: ${ms === null ? '—' : `${s(ms)} s`} (load ${at}) ${note}`);
};
const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
const timed = (fn) => {
  const t0 = Date.now();
  const out = fn();
  return [Date.now() - t0, out];
};

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gridops-firstrun-'));
const clone = path.join(tmp, 'gridops');
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
console.log(`[firstRun] commit ${commit}, ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}, into ${tmp}`);

let server = null;
try {
  const [cloneMs] = timed(() => execFileSync('git', ['clone', '--quiet', root, clone], { stdio: 'inherit' }));
  row('git clone', cloneMs);

  if (args.install === 'copy') {
    const [ms] = timed(() => execFileSync('cp', ['-al', path.join(root, 'node_modules'), path.join(clone, 'node_modules')]));
    row('install (hard-linked node_modules)', ms, 'not a real install');
  } else {
    const [ms, r] = timed(() => spawnSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: clone, encoding: 'utf8' }));
    if (r.status !== 0) throw new Error(`npm ci failed:\n${r.stderr}`);
    // npm prints its warnings on stderr: the kinds seen (EBADENGINE, install-scripts, …), counted once each.
    const kinds = [...new Set([...r.stderr.matchAll(/^npm warn (\S+)/gm)].map((m) => m[1]))];
    row('npm ci --prefer-offline', ms, kinds.length ? `warnings: ${kinds.join(', ')}` : 'no warnings');
  }

  const [port, tcp, ws] = [await freePort(), await freePort(), await freePort()];
  const env = { ...process.env, DATA_DIR: path.join(tmp, 'data'), PORT: String(port), MQTT_TCP_PORT: String(tcp), MQTT_WS_PORT: String(ws), LOG_FORMAT: 'json' };
  const started = Date.now();
  // Its own process group: one signal stops npm, the start script, the server and the simulator.
  server = spawn('npm', ['start'], { cwd: clone, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const marks = {};
  const loads = {};
  let lines = 0;
  let longestSilence = 0;
  let lastLineAt = started;
  const logFile = fs.createWriteStream(path.join(tmp, 'start.log'));
  const onLine = (line) => {
    const now = Date.now();
    lines += 1;
    longestSilence = Math.max(longestSilence, now - lastLineAt);
    lastLineAt = now;
    logFile.write(`${s(now - started).padStart(7)} ${line}\n`);
    const mark = (name, re) => {
      if (!(name in marks) && re.test(line)) {
        marks[name] = now - started;
        loads[name] = load();
      }
    };
    mark('esbuild', /\[gridops\] (built .* \(esbuild|server, simulator and packages are up to date)/);
    mark('build', /\[gridops\] build checked/);
    mark('database', /started: code loaded/);
    mark('migrate', /database migrated/);
    mark('seed', /seeding the demo: done/);
    mark('running', /GridOps is running/);
  };
  readline.createInterface({ input: server.stdout }).on('line', onLine);
  readline.createInterface({ input: server.stderr }).on('line', onLine);
  const exited = new Promise((resolve) => server.on('exit', resolve));

  const base = `http://127.0.0.1:${port}`;
  const get = async (p) => {
    try {
      const r = await fetch(base + p, { signal: AbortSignal.timeout(5000) });
      return { ok: r.ok, text: await r.text() };
    } catch {
      return { ok: false, text: '' };
    }
  };
  const deadline = started + Number(args.timeout) * 1000;
  let liveAt = null;
  while (Date.now() < deadline && server.exitCode === null) {
    if (marks.running !== undefined) {
      const [page, health, metrics] = await Promise.all([get('/'), get('/health'), get('/metrics')]);
      const points = Number(/^gridops_ingest_points_total (\d+)/m.exec(metrics.text)?.[1] ?? 0);
      if (page.ok && page.text.includes('<div id="root"') && health.ok && points > 0) {
        liveAt = Date.now() - started;
        break;
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  const since = (a, b) => (marks[b] !== undefined && (a === null || marks[a] !== undefined) ? marks[b] - (a === null ? 0 : marks[a]) : null);
  row('npm start → server, simulator, packages built (esbuild)', since(null, 'esbuild'), '', loads.esbuild);
  row('  → web console built (Vite)', since('esbuild', 'build'), '', loads.build);
  row('  → code loaded, database open (first start creates it), app built', since('build', 'database'), '', loads.database);
  row('  → migrated', since('database', 'migrate'), '', loads.migrate);
  row('  → demo seeded', since('migrate', 'seed'), '', loads.seed);
  row('  → server running (broker, HTTP, simulator)', since('seed', 'running'), '', loads.running);
  row('  → live data (page, /health, points stored)', liveAt === null || marks.running === undefined ? null : liveAt - marks.running);
  row('npm start → console with live data', liveAt, liveAt === null ? 'NOT REACHED' : '');
  row('longest silence of the start (s)', longestSilence, `${lines} lines printed until then`);

  process.kill(-server.pid, 'SIGINT');
  await exited;
  server = null;
  logFile.end();
} finally {
  if (server && server.exitCode === null && server.signalCode === null) process.kill(-server.pid, 'SIGKILL');
  console.log('\n| step | seconds | load (1 min) | note |\n|---|---:|---:|---|');
  for (const r of rows) console.log(`| ${r.step} | ${r.seconds} | ${r.load} | ${r.note} |`);
  if (args.keep) console.log(`\nkept: ${tmp} (start.log has every line of the start, stamped)`);
  else fs.rmSync(tmp, { recursive: true, force: true });
}
