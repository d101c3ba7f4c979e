// Bundle-size benchmark: `npm run bench:bundle` (after `npm run build`). Prints the gzip size of every built
// asset and of what the login page loads up front (index.html's entry script, its modulepreloads and CSS),
// which the console-shell issue caps at 500 kB gzip. Record the figures in docs/performance.md.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const indexPath = path.join(dist, 'index.html');
if (!fs.existsSync(indexPath)) {
  console.error('apps/web/dist/index.html missing: run `npm run build` first');
  process.exit(2);
}

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const kB = (n) => Math.round(n / 102.4) / 10;

const assetsDir = path.join(dist, 'assets');
const assets = fs
  .readdirSync(assetsDir)
  .filter((f) => /\.(js|css)$/.test(f))
  .map((f) => {
    const file = path.join(assetsDir, f);
    return { file: f, rawKB: kB(fs.statSync(file).size), gzipKB: kB(gzipSize(file)) };
  })
  .sort((a, b) => b.gzipKB - a.gzipKB);

// What the browser fetches before the login page renders: every script/modulepreload/stylesheet in index.html.
const html = fs.readFileSync(indexPath, 'utf8');
const upFront = [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const unique = [...new Set(upFront)];
const upFrontJs = unique.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipSize(path.join(dist, f)), 0);
const upFrontCss = unique.filter((f) => f.endsWith('.css')).reduce((sum, f) => sum + gzipSize(path.join(dist, f)), 0);
const lazyJs = assets.filter((a) => a.file.endsWith('.js') && !unique.includes(`assets/${a.file}`)).reduce((s, a) => s + a.gzipKB, 0);

console.table(assets);
console.log(
  JSON.stringify(
    {
      loginPageFiles: unique,
      loginPageJsGzipKB: kB(upFrontJs),
      loginPageCssGzipKB: kB(upFrontCss),
      lazyJsGzipKB: Math.round(lazyJs * 10) / 10,
      budgetJsGzipKB: 500,
      withinBudget: upFrontJs <= 500 * 1024,
    },
    null,
    2,
  ),
);
