import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Server module boundaries (docs/adr/0004-server-modules.md), checked over the source text:
 * - no import cycle between modules (a module is a folder under src/modules/; type-only imports count too,
 *   since a cycle of types still ties two modules into one);
 * - SQL only in repositories (repository.ts or *Repository.ts).
 */
const modulesDir = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

const moduleOf = (file: string) => path.relative(modulesDir, file).split(path.sep)[0]!;
const files = fs
  .readdirSync(modulesDir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .flatMap((e) => sourceFiles(path.join(modulesDir, e.name)));

/** Every relative specifier a file imports or re-exports from (static and dynamic). */
function importsOf(source: string): string[] {
  const specs = [
    ...source.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s+['"]([^'"]+)['"]/gms),
    ...source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
    ...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]!);
  return specs.filter((s) => s.startsWith('.'));
}

/** module → modules it imports, with one file per edge to name in a failure. */
function moduleGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of files) {
    const from = moduleOf(file);
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const spec of importsOf(fs.readFileSync(file, 'utf8'))) {
      const target = path.resolve(path.dirname(file), spec);
      const rel = path.relative(modulesDir, target);
      if (rel.startsWith('..')) continue; // outside src/modules (lib, db, plugins)
      const to = rel.split(path.sep)[0]!;
      if (to !== from && !edges.has(to)) edges.set(to, path.relative(modulesDir, file));
    }
  }
  return graph;
}

/** The cycles of a directed graph, each as a path that returns to its start (depth-first search). */
function findCycles(graph: Map<string, Map<string, string>>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('server module boundaries', () => {
  it('finds the modules and their imports (the check itself works)', () => {
    const graph = moduleGraph();
    expect(graph.size).toBeGreaterThan(10);
    expect(graph.get('alarm')?.has('event')).toBe(true);
    expect(findCycles(new Map([['a', new Map([['b', 'x']])], ['b', new Map([['a', 'y']])]]))).toEqual([['a', 'b', 'a']]);
  });

  it('has no import cycle between modules', () => {
    const graph = moduleGraph();
    const described = findCycles(graph).map((cycle) =>
      cycle
        .slice(1)
        .map((to, i) => `${cycle[i]} → ${to} (${graph.get(cycle[i]!)!.get(to)})`)
        .join(', '),
    );
    expect(described).toEqual([]);
  });

  it('orders the energy modules overview → statistics → metering', () => {
    // The split of energy-stats (ADR 0004): the overviews build on the statistics, which build on the metering
    // configuration; a lower module never imports a higher one.
    const graph = moduleGraph();
    const order = ['overview', 'statistics', 'metering'];
    const upward = order.flatMap((from, i) =>
      order.slice(0, i).flatMap((to) => (graph.get(from)?.has(to) ? [`${from} → ${to} (${graph.get(from)!.get(to)})`] : [])),
    );
    expect(upward).toEqual([]);
    expect(graph.get('overview')?.has('statistics')).toBe(true);
    expect(graph.get('statistics')?.has('metering')).toBe(true);
  });

  it('keeps SQL in repositories', () => {
    const sqlOutside = files
      .filter((f) => !/[rR]epository\.ts$/.test(f))
      .filter((f) => /\.(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql(<[^>]*>)?`/.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(modulesDir, f));
    expect(sqlOutside).toEqual([]);
  });
});
