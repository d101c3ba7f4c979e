// Builds what is missing or out of date, in seconds: the packages, the simulator and the server are transpiled file
// by file with esbuild (src/x.ts → dist/x.js, the layout `tsc` used to emit, so dist/main.js, dist/tools/*.js and the
// spreadsheet worker stay where scripts and tests run them), and the web app with Vite when its sources changed.
// Type-checking is not part of this: `npm test` and `npm run typecheck` run `tsc -b`, which emits declarations only.
//   node scripts/build-if-needed.mjs [--force] [--no-web]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { progressLine, seconds } from './progress.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** In dependency order. `exclude` mirrors each tsconfig's: tests and test helpers are never in dist. */
const projects = [
  { dir: 'packages/format', exclude: [] },
  { dir: 'packages/contract', exclude: [] },
  { dir: 'apps/simulator', exclude: [] },
  { dir: 'apps/server', exclude: ['test-support'] },
];
const STAMP = '.esbuild-stamp';

/** Newest modification time under `dir`, directories included (a deleted file changes its directory's). */
function newestMtime(dir) {
  if (!fs.existsSync(dir)) return 0;
  let newest = fs.statSync(dir).mtimeMs;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

/** The project's sources relative to src: every .ts but tests, declarations and the excluded folders. */
function sources(srcDir, exclude) {
  const out = [];
  const walk = (rel) => {
    for (const entry of fs.readdirSync(path.join(srcDir, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!exclude.includes(r)) walk(r);
      } else if (r.endsWith('.ts') && !r.endsWith('.test.ts') && !r.endsWith('.d.ts')) out.push(r);
    }
  };
  walk('');
  return out;
}

/** Removes dist/*.js(.map) whose source is gone, so a deleted module cannot be imported from a stale output. */
function pruneStale(distDir, files) {
  const wanted = new Set(files.map((f) => f.replace(/\.ts$/, '.js')));
  const walk = (rel) => {
    for (const entry of fs.readdirSync(path.join(distDir, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(r);
      else if (/\.js(\.map)?$/.test(r) && !wanted.has(r.replace(/\.map$/, ''))) fs.rmSync(path.join(distDir, r));
    }
  };
  if (fs.existsSync(distDir)) walk('');
}

/** Transpiles the projects whose sources (or build settings) are newer than their last build. */
async function buildNodeProjects({ force, log }) {
  const settingsAt = Math.max(mtime(path.join(root, 'tsconfig.base.json')), mtime(fileURLToPath(import.meta.url)), mtime(path.join(root, 'node_modules/esbuild/package.json')));
  const stale = projects.filter(({ dir }) => {
    const stampAt = mtime(path.join(root, dir, 'dist', STAMP));
    return force || Math.max(settingsAt, newestMtime(path.join(root, dir, 'src')), mtime(path.join(root, dir, 'tsconfig.json'))) > stampAt;
  });
  if (stale.length === 0) {
    log('server, simulator and packages are up to date');
    return;
  }
  const esbuild = await import('esbuild');
  const timings = [];
  const started = Date.now();
  for (const { dir, exclude } of stale) {
    const t0 = Date.now();
    const srcDir = path.join(root, dir, 'src');
    const distDir = path.join(root, dir, 'dist');
    const files = sources(srcDir, exclude);
    // No bundling: one output per source, imports left as written (they already name the .js files).
    await esbuild.build({
      entryPoints: files.map((f) => path.join(srcDir, f)),
      outbase: srcDir,
      outdir: distDir,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      sourcemap: true,
      tsconfig: path.join(root, dir, 'tsconfig.json'),
      logLevel: 'warning',
    });
    pruneStale(distDir, files);
    fs.writeFileSync(path.join(distDir, STAMP), `${files.length} files\n`);
    timings.push(`${path.basename(dir)} ${files.length} files ${seconds(Date.now() - t0)}`);
  }
  log(`built ${timings.join(', ')} (esbuild, ${seconds(Date.now() - started)} in all)`);
}

function webIsStale() {
  const webBuiltAt = mtime(path.join(root, 'apps/web/dist/index.html'));
  const sourcesAt = Math.max(
    newestMtime(path.join(root, 'apps/web/src')),
    newestMtime(path.join(root, 'apps/web/public')),
    mtime(path.join(root, 'apps/web/index.html')),
    mtime(path.join(root, 'apps/web/vite.config.ts')),
    newestMtime(path.join(root, 'packages/contract/src')),
    newestMtime(path.join(root, 'packages/format/src')),
  );
  return sourcesAt > webBuiltAt;
}

/**
 * Builds what is out of date. `quiet` prints nothing but failures (npm test); `web: false` skips the console
 * (tests that only run the server); `force` rebuilds everything (`npm run build`).
 */
export async function buildIfNeeded({ quiet = false, web = true, force = false } = {}) {
  const log = (m) => quiet || console.log(`[gridops] ${m}`);
  try {
    await buildNodeProjects({ force, log });
  } catch (e) {
    // esbuild has printed the file and line already.
    console.error(`\n[gridops] build failed: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
    process.exit(1);
  }
  if (web && (force || webIsStale())) {
    log('building the web console (Vite)…');
    const r = spawnSync(process.execPath, [path.join(root, 'scripts/build-web.mjs'), ...(quiet ? ['--quiet'] : [])], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' });
    if (r.status !== 0) {
      console.error('\n[gridops] build step failed: the web console (scripts/build-web.mjs)');
      process.exit(r.status ?? 1);
    }
  } else if (web) log('web console is up to date');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const progress = progressLine();
  const t0 = Date.now();
  await buildIfNeeded({ force: args.includes('--force'), web: !args.includes('--no-web'), quiet: args.includes('--quiet') });
  if (!args.includes('--quiet')) progress.done(`[gridops] build done in ${seconds(Date.now() - t0)}`);
}
