// The web console's production build (Vite, apps/web/vite.config.ts) with a progress line: Vite itself prints
// nothing between "building" and its chunk table, which on a loaded machine is a minute of silence. Run from
// apps/web by build-if-needed.mjs; its own process, so Vite's memory is returned before the server starts.
//   node ../../scripts/build-web.mjs [--quiet]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { progressLine, seconds } from './progress.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const quiet = process.argv.includes('--quiet');
// The last build's module count turns the count into a percentage (a fresh clone shows the count only).
const statsFile = path.join(root, 'node_modules/.cache/gridops/web-build.json');
let expected = 0;
try {
  expected = JSON.parse(fs.readFileSync(statsFile, 'utf8')).modules ?? 0;
} catch {
  // First build on this machine.
}

const progress = progressLine();
const started = Date.now();
let modules = 0;
let phase = 'transforming';
const show = () => {
  const pct = expected && phase === 'transforming' ? ` ${Math.min(99, Math.floor((modules / expected) * 100))} %` : '';
  progress.update(`[gridops] web console: ${phase}${pct} (${modules} modules, ${seconds(Date.now() - started)})`);
};
const timer = quiet ? null : setInterval(show, 500);

await build({
  root: webDir,
  configFile: path.join(webDir, 'vite.config.ts'),
  // Warnings and errors only: the chunk table is what bench/bundle-size.mjs measures.
  logLevel: 'warn',
  plugins: [
    {
      name: 'gridops-progress',
      // Counts only; returns nothing, so no module changes.
      transform() {
        modules += 1;
      },
      renderStart() {
        phase = 'rendering chunks';
      },
      writeBundle() {
        phase = 'writing';
      },
    },
  ],
});
if (timer) clearInterval(timer);
fs.mkdirSync(path.dirname(statsFile), { recursive: true });
fs.writeFileSync(statsFile, JSON.stringify({ modules }));
if (!quiet) progress.done(`[gridops] web console built: ${modules} modules in ${seconds(Date.now() - started)}`);
