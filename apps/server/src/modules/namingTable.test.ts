import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Names that line up (issue 28 item 7): README's table "web feature → contract routes → server modules" is
 * derived from the code — which contract route groups (`xxxApi` of packages/contract/src/routes) a feature calls
 * and which server modules serve them — and this test keeps it true. On a failure it prints the table to paste
 * between the README's naming-table markers.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const read = (p: string) => fs.readFileSync(p, 'utf8');
const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });

/** Route group name (accountApi) → its contract file (routes/account.ts). */
function routeGroups(): Map<string, string> {
  const dir = path.join(root, 'packages/contract/src/routes');
  const groups = new Map<string, string>();
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts')))
    for (const m of read(path.join(dir, f)).matchAll(/export const ([a-z][A-Za-z]*Api) = \{/g)) groups.set(m[1]!, `routes/${f}`);
  return groups;
}

function groupsUsed(files: string[], groups: Map<string, string>): Set<string> {
  const used = new Set<string>();
  for (const f of files) for (const m of read(f).matchAll(/\b([a-z][A-Za-z]*Api)\b/g)) if (groups.has(m[1]!)) used.add(m[1]!);
  return used;
}

export function namingTable(): string {
  const groups = routeGroups();
  const modulesDir = path.join(root, 'apps/server/src/modules');
  const servedBy = new Map<string, Set<string>>();
  for (const mod of fs.readdirSync(modulesDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name))
    for (const g of groupsUsed(sources(path.join(modulesDir, mod)).filter((f) => /(^r|R)outes?\w*\.ts$/.test(path.basename(f))), groups))
      servedBy.set(g, new Set([...(servedBy.get(g) ?? []), mod]));
  const featuresDir = path.join(root, 'apps/web/src/features');
  const rows = fs
    .readdirSync(featuresDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
    .map((feature) => {
      const used = [...groupsUsed(sources(path.join(featuresDir, feature)), groups)].sort();
      const contract = used.map((g) => `\`${g}\``).join(', ') || '—';
      const modules = [...new Set(used.flatMap((g) => [...(servedBy.get(g) ?? [])]))].sort().map((m) => `\`${m}\``).join(', ') || '—';
      return `| \`${feature}\` | ${contract} | ${modules} |`;
    });
  return ['| web feature (`apps/web/src/features/`) | contract route groups (`packages/contract/src/routes/`) | server modules (`apps/server/src/modules/`) |', '|---|---|---|', ...rows].join('\n');
}

describe('README naming table', () => {
  it('finds route groups, features and modules (the check itself works)', () => {
    expect(routeGroups().size).toBeGreaterThan(30);
    expect(namingTable()).toMatch(/\| `events` \| [^|]*`eventApi`[^|]* \| [^|]*`event`[^|]* \|/);
  });
  it('README lists every web feature with the routes it calls and the modules serving them', () => {
    const readme = read(path.join(root, 'README.md'));
    const m = readme.match(/<!-- naming-table:start -->\n([\s\S]*?)\n<!-- naming-table:end -->/);
    const expected = namingTable();
    if (m?.[1] !== expected) console.log(`README naming table (paste between the markers):\n${expected}`);
    expect(m?.[1]).toBe(expected);
  });
});
