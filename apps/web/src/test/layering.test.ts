// @vitest-environment node
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const srcDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(srcDir, '../../..');
/** The layers below the shell: none of them may import app/. */
const BELOW_SHELL = ['api', 'shared', 'features', 'session'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Every relative module a file names: static imports and re-exports (type-only too) and dynamic imports. */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)'(\.[^']*)'/gm)].map(
    (m) => m[1] ?? '',
  );
  return specs.map((spec) => resolveModule(dirname(file), spec)).filter((f): f is string => f !== null);
}

function resolveModule(fromDir: string, spec: string): string | null {
  const base = resolve(fromDir, spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this candidate
    }
  }
  return null;
}

const layerOf = (file: string) => relative(srcDir, file).split('/')[0] ?? '';

/** Strongly connected components with more than one file (or a self-import): the import cycles. */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, indices.get(w) ?? 0));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v))
        found.push(component.map((f) => relative(srcDir, f)).sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return found;
}

describe('web layering', () => {
  const files = sourceFiles(srcDir);
  const graph = new Map(files.map((f) => [f, relativeImports(f)]));

  it('api/, shared/, features/ and session/ never import the shell (app/)', () => {
    const offending = [...graph].flatMap(([file, deps]) =>
      BELOW_SHELL.includes(layerOf(file))
        ? deps
            .filter((d) => layerOf(d) === 'app')
            .map((d) => `${relative(srcDir, file)} → ${relative(srcDir, d)}`)
        : [],
    );
    expect(offending).toEqual([]);
  });

  it('has no import cycle anywhere in the web sources (type-only imports included)', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(cycles(graph)).toEqual([]);
  });

  it('has no cycle between features (a feature may lean on another one way only)', () => {
    const featureOf = (file: string) => {
      const parts = relative(srcDir, file).split('/');
      return parts[0] === 'features' && parts.length > 2 ? join(srcDir, 'features', parts[1] ?? '') : null;
    };
    const features = new Map<string, string[]>();
    for (const [file, deps] of graph) {
      const from = featureOf(file);
      if (!from) continue;
      const to = deps.map(featureOf).filter((f): f is string => f !== null && f !== from);
      features.set(from, [...new Set([...(features.get(from) ?? []), ...to])]);
    }
    expect(features.size).toBeGreaterThan(30);
    expect(cycles(features)).toEqual([]);
  });

  it('the lint rule rejects an import of app/ from a feature and allows it from the shell', async () => {
    const eslint = new ESLint({ cwd: repoRoot });
    const code = "import { navigateTo } from '../../app/router';\n\nexport const go = navigateTo;\n";
    const [feature] = await eslint.lintText(code, { filePath: join(srcDir, 'features/probe/probe.ts') });
    expect(feature?.messages.map((m) => m.ruleId)).toContain('no-restricted-imports');
    const [shell] = await eslint.lintText(code.replace('../../app/router', '../router'), {
      filePath: join(srcDir, 'app/layout/probe.ts'),
    });
    expect(shell?.messages.map((m) => m.ruleId)).not.toContain('no-restricted-imports');
  }, 60_000);
});
