import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './i18nEn';
import { zh } from './i18nZh';

function leaves(obj: unknown, prefix = ''): string[] {
  if (obj === null || typeof obj !== 'object') return [prefix];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\./.test(e.name) ? [p] : [];
  });
}

describe('distribution strings', () => {
  it('zh and en have the same keys and no empty string', () => {
    expect(leaves(en).sort()).toEqual(leaves(zh).sort());
    for (const bundle of [zh, en])
      for (const key of leaves(bundle)) {
        const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], bundle);
        expect(typeof value === 'string' && value.trim().length > 0, key).toBe(true);
      }
  });

  it('every literal distribution.* key used by the pages exists', () => {
    const known = new Set(leaves(zh).map((k) => `distribution.${k}`));
    const used = new Set<string>();
    for (const file of sources(path.dirname(new URL(import.meta.url).pathname)))
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/['`](distribution\.[A-Za-z0-9_.]+)['`]/g)) used.add(m[1] as string);
    expect(used.size).toBeGreaterThan(100);
    expect([...used].filter((k) => !known.has(k))).toEqual([]);
  });
});
