import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { migrate, openDatabase } from './database.js';
import { initdbImagePath, unpackInitdbImage } from './pgliteImage.js';
import { pgliteAssets } from '../test-support/templates.js';

// The prepared empty cluster of scripts/pglite-image.mjs: a data directory unpacked from it opens, migrates and
// keeps what was written; an existing or foreign directory is never overwritten; without the image nothing happens.
describe('PGlite initdb image', () => {
  let tmp: string;
  let image: string;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gridops-initdb-image-'));
    image = path.join(tmp, 'image.tar');
    // Made as the postinstall makes it: an empty in-memory cluster dumped as a plain tar.
    const pglite = await PGlite.create({ dataDir: 'memory://', ...pgliteAssets() });
    const dump = await pglite.dumpDataDir('none');
    await pglite.close();
    fs.writeFileSync(image, Buffer.from(await dump.arrayBuffer()));
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('unpacks into a new directory that PGlite then opens, migrates and reopens with its data', async () => {
    const dir = path.join(tmp, 'fresh', 'pglite');
    expect(await unpackInitdbImage(dir, image)).toBe(true);
    expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    const first = await openDatabase({ pgliteDir: dir, pglite: pgliteAssets() });
    expect((await migrate(first.db)).length).toBeGreaterThan(0);
    await sql`INSERT INTO organizations (name, name_en, tier) VALUES ('图像', 'image', 1)`.execute(first.db);
    await first.close();
    // A cluster is there now: the image is not unpacked over it, and the row written above is still there.
    expect(await unpackInitdbImage(dir, image)).toBe(false);
    const again = await openDatabase({ pgliteDir: dir, pglite: pgliteAssets() });
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM organizations WHERE name_en = 'image'`.execute(again.db);
    expect(rows[0]!.n).toBe(1);
    await again.close();
  });

  it('leaves a non-empty directory without a cluster alone, and does nothing without an image', async () => {
    const foreign = path.join(tmp, 'foreign');
    fs.mkdirSync(foreign);
    fs.writeFileSync(path.join(foreign, 'notes.txt'), 'mine');
    expect(await unpackInitdbImage(foreign, image)).toBe(false);
    expect(fs.readdirSync(foreign)).toEqual(['notes.txt']);
    const missing = path.join(tmp, 'missing');
    expect(await unpackInitdbImage(missing, path.join(tmp, 'no-such-image.tar'))).toBe(false);
    expect(fs.existsSync(missing)).toBe(false);
  });

  it('names the image after the installed PGlite version, in node_modules/.cache/gridops', () => {
    const version = (JSON.parse(fs.readFileSync(path.join(path.dirname(initdbImagePath()!), '../../@electric-sql/pglite/package.json'), 'utf8')) as { version: string }).version;
    expect(initdbImagePath()).toMatch(new RegExp(`node_modules/\\.cache/gridops/pglite-${version.replace(/\./g, '\\.')}-initdb\\.tar$`));
  });
});
