// The root package's postinstall: an empty PGlite cluster made once per installed PGlite version, so the first
// `npm start` unpacks a new data directory from it instead of running initdb inside WebAssembly (~2.5 s idle,
// ~17 s at load 8–12). apps/server/src/db/pgliteImage.ts reads it (same file name rule). Never fails the install:
// without the image PGlite runs initdb on the first start as before.
//   node scripts/pglite-image.mjs [--force]
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

try {
  const require = createRequire(path.join(root, 'package.json'));
  const pkgDir = path.resolve(path.dirname(require.resolve('@electric-sql/pglite')), '..');
  const { version } = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  const file = path.join(pkgDir, '../..', '.cache/gridops', `pglite-${version}-initdb.tar`);
  if (fs.existsSync(file) && !process.argv.includes('--force')) {
    console.log(`[gridops] PGlite ${version} cluster image present`);
  } else {
    const started = Date.now();
    const { PGlite } = await import(pathToFileURL(path.join(pkgDir, 'dist/index.js')).href);
    const pglite = await PGlite.create({ dataDir: 'memory://' });
    // Uncompressed: the start unpacks it without inflating (~30 MB in node_modules).
    const dump = await pglite.dumpDataDir('none');
    await pglite.close();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Written under another name and renamed: a start never reads a half-written image.
    const tmp = `${file}.${process.pid}`;
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(tmp, file);
    console.log(`[gridops] PGlite ${version} cluster image made in ${((Date.now() - started) / 1000).toFixed(1)} s (the first start skips initdb)`);
  }
} catch (e) {
  console.log(`[gridops] no PGlite cluster image (the first start runs initdb): ${e instanceof Error ? e.message : String(e)}`);
}
