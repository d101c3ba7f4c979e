// Builds what is missing or out of date: the TypeScript projects (tsc -b is incremental) and the web app
// (rebuilt when any of its sources, or the shared packages it bundles, is newer than the last build).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: false });
  if (r.status !== 0) {
    console.error(`\n[gridops] build step failed: ${cmd} ${args.join(' ')}`);
    process.exit(r.status ?? 1);
  }
}

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

export function buildIfNeeded({ quiet = false } = {}) {
  const log = (m) => quiet || console.log(`[gridops] ${m}`);
  log('checking the build (TypeScript projects are incremental)…');
  run(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'packages/format', 'packages/contract', 'apps/server', 'apps/simulator']);
  const webIndex = path.join(root, 'apps/web/dist/index.html');
  const webBuiltAt = fs.existsSync(webIndex) ? fs.statSync(webIndex).mtimeMs : 0;
  const sourcesAt = Math.max(
    newestMtime(path.join(root, 'apps/web/src')),
    newestMtime(path.join(root, 'apps/web/public')),
    fs.existsSync(path.join(root, 'apps/web/index.html')) ? fs.statSync(path.join(root, 'apps/web/index.html')).mtimeMs : 0,
    newestMtime(path.join(root, 'packages/contract/src')),
    newestMtime(path.join(root, 'packages/format/src')),
  );
  if (sourcesAt > webBuiltAt) {
    log('building the web console…');
    run('npm', ['run', 'build', '-w', '@gridops/web', '--silent']);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfNeeded();
