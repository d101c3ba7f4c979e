import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One site zone (issue 28 item 6): no IANA zone literal in product code outside the one named default
 * (`DEFAULT_SITE_ZONE`), the demo seed, migrations, fixtures and tests. A site whose zone is not loaded yet must
 * not silently show one assumed zone's time.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SCANNED = ['apps/server/src', 'apps/web/src', 'apps/simulator/src', 'packages/contract/src', 'packages/format/src'];
const EXEMPT = [/\.test\.tsx?$/, /\/seed\//, /\/migrations\//, /fixtures?(\.tsx?|\/)/i, /\/test-support\//, /\/test\//, /orgFixture\.ts$/];
const ZONE_LITERAL = /['"`](?:Asia|Europe|America|Africa|Australia|Pacific|Atlantic|Indian|Antarctica)\/[A-Za-z_+-]+['"`]/;

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

function zoneLiterals(): string[] {
  const found: string[] = [];
  for (const dir of SCANNED)
    for (const file of sourceFiles(path.join(root, dir))) {
      const rel = path.relative(root, file);
      if (EXEMPT.some((re) => re.test(`/${rel}`))) continue;
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          // Comments may give an example zone; code may not.
          if (/^\s*(\/\/|\/\*|\*)/.test(line)) return;
          if (ZONE_LITERAL.test(line) && !/export const DEFAULT_SITE_ZONE\b/.test(line)) found.push(`${rel}:${i + 1}: ${line.trim()}`);
        });
    }
  return found;
}

describe('zone literals', () => {
  it('the scan finds the one named default (the check itself works)', () => {
    const text = fs.readFileSync(path.join(root, 'packages/format/src/siteClock.ts'), 'utf8');
    expect(text).toMatch(/export const DEFAULT_SITE_ZONE: SiteZone = 'Asia\/Shanghai';/);
    expect(ZONE_LITERAL.test("zone ?? 'Asia/Shanghai'")).toBe(true);
  });
  it('no product code names a zone of its own', () => {
    expect(zoneLiterals()).toEqual([]);
  });
});
