import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';

/**
 * A prepared, empty PGlite cluster (issue 27). PGlite creates a new data directory by running initdb inside
 * WebAssembly: ~2.5 s on an idle machine, 17 s at load 8–12 on the first `npm start`. The cluster initdb makes
 * depends only on the PGlite version, so `npm install` makes it once (scripts/pglite-image.mjs, the root
 * package's postinstall) as a plain tar of the data directory in node_modules/.cache/gridops/, and a new data
 * directory is unpacked from it (~0.1 s) instead. Without the image (install scripts off, a failed postinstall)
 * PGlite runs initdb as before. The file name carries the PGlite version: an upgrade never opens an older cluster.
 */
const requireHere = createRequire(import.meta.url);

/** Where scripts/pglite-image.mjs writes the image for the installed PGlite (the same rule there). */
export function initdbImagePath(): string | undefined {
  try {
    // …/node_modules/@electric-sql/pglite/dist/index.js → …/node_modules
    const entry = requireHere.resolve('@electric-sql/pglite');
    const pkgDir = path.resolve(path.dirname(entry), '..');
    const { version } = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { version: string };
    return path.join(pkgDir, '../..', '.cache/gridops', `pglite-${version}-initdb.tar`);
  } catch {
    return undefined;
  }
}

/**
 * Unpacks the prepared cluster into `dir` when `dir` holds no cluster yet and the image exists. Returns whether it
 * did; a half-written directory is removed again on error, so that PGlite's own initdb can still make it.
 */
export async function unpackInitdbImage(dir: string, image = initdbImagePath()): Promise<boolean> {
  if (!image || fs.existsSync(path.join(dir, 'PG_VERSION')) || !fs.existsSync(image)) return false;
  // Only into an empty or missing directory: whatever else is there is not ours to overwrite.
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) return false;
  try {
    await writePgliteDir(dir, await fsp.readFile(image));
    return true;
  } catch {
    await fsp.rm(dir, { recursive: true, force: true });
    return false;
  }
}

/**
 * Writes a PGlite data directory from a dump (`dumpDataDir('none')`: a plain ustar archive of the cluster),
 * directly (~0.1 s) rather than through a PGlite instance started on `dir` to load it (4.5 s at load 8).
 */
export async function writePgliteDir(dir: string, tar: Buffer): Promise<void> {
  const text = (from: number, length: number) => {
    const field = tar.subarray(from, from + length);
    const end = field.indexOf(0);
    return field.subarray(0, end < 0 ? length : end).toString('utf8');
  };
  const root = path.resolve(dir);
  await fsp.mkdir(root, { recursive: true, mode: 0o700 });
  for (let at = 0; at + 512 <= tar.length; ) {
    const name = text(at, 100);
    if (!name) break; // the two zero blocks that end the archive
    const prefix = text(at + 345, 155);
    const size = parseInt(text(at + 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(tar[at + 156] ?? 0);
    const target = path.join(root, path.normalize(`${prefix ? `${prefix}/` : ''}${name}`).replace(/^(\.\.(\/|$)|\/)+/, ''));
    if (!target.startsWith(root)) throw new Error(`PGlite image entry outside the data directory: ${name}`);
    if (type === '5') await fsp.mkdir(target, { recursive: true, mode: 0o700 });
    else if (type === '0' || type === '\0') {
      await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await fsp.writeFile(target, tar.subarray(at + 512, at + 512 + size), { mode: 0o600 });
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
}
