import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundles as startBundles } from '../app/i18nResources';
import { featureBundles } from '../features/bundles';
import { sharedBundles } from '../shared/bundles';

type Tree = Record<string, unknown>;

const bundles = { ...startBundles, ...featureBundles, ...sharedBundles };

/** Every leaf of a bundle as `path → value`. */
function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === 'object' && !Array.isArray(v))
      for (const [p, x] of leaves(v as Tree, path)) out.set(p, x);
    else out.set(path, v);
  }
  return out;
}

const placeholders = (v: unknown) => [...String(v).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('i18n bundles', () => {
  const names = Object.keys(bundles);

  it.each(names)('%s: every zh key is in en and vice versa, none empty, same placeholders', (name) => {
    const bundle = bundles[name];
    if (!bundle) throw new Error(name);
    const zh = leaves(bundle.zh);
    const en = leaves(bundle.en);
    expect(
      [...zh.keys()].filter((k) => !en.has(k)),
      'in zh, missing in en',
    ).toEqual([]);
    expect(
      [...en.keys()].filter((k) => !zh.has(k)),
      'in en, missing in zh',
    ).toEqual([]);
    const empty = [...zh, ...en].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
    expect(empty, 'empty or non-text values').toEqual([]);
    const differing = [...zh]
      .filter(([k, v]) => placeholders(v).join() !== placeholders(en.get(k)).join())
      .map(([k]) => k);
    expect(differing, 'placeholders differ between zh and en').toEqual([]);
  });

  it('every literal key the sources translate exists', () => {
    const srcDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
    const files = (function walk(dir: string): string[] {
      return readdirSync(dir).flatMap((n) =>
        statSync(join(dir, n)).isDirectory()
          ? walk(join(dir, n))
          : /\.tsx?$/.test(n) && !/\.test\.tsx?$/.test(n)
            ? [join(dir, n)]
            : [],
      );
    })(srcDir);
    const all = new Map<string, unknown>();
    for (const [ns, b] of Object.entries(bundles)) for (const [k, v] of leaves(b.zh, ns)) all.set(k, v);
    const namespaces = new Set(Object.keys(bundles));
    const missing: string[] = [];
    for (const f of files) {
      // Comments may name example keys; only code counts.
      const code = readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
      for (const m of code.matchAll(/\bt\(\s*'([A-Za-z][\w]*(?:\.[\w]+)+)'/g)) {
        const key = m[1] ?? '';
        const ns = key.split('.')[0] ?? '';
        // Keys of other libraries or of a prefix passed in (e.g. `t(look.text.retry)`) are not literal bundle keys.
        if (!namespaces.has(ns)) continue;
        // A key whose value is an object holding plural forms or sub-keys is not a literal leaf either.
        if (
          !all.has(key) &&
          !all.has(`${key}_other`) &&
          ![...all.keys()].some((k) => k.startsWith(`${key}.`))
        )
          missing.push(`${f.slice(srcDir.length + 1)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
