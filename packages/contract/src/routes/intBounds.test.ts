import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allApiRoutes, INT_FORMAT_RANGE, type IntFormat } from '../index.js';

interface Node {
  type?: string | string[];
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  properties?: Record<string, Node>;
  additionalProperties?: Node | boolean;
  items?: Node;
  prefixItems?: Node[];
  anyOf?: Node[];
  oneOf?: Node[];
  allOf?: Node[];
  $defs?: Record<string, Node>;
}

/** Every integer of a JSON schema, by its dotted path. */
function integers(node: Node, path: string, out: { path: string; node: Node }[] = []): { path: string; node: Node }[] {
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('integer')) out.push({ path, node });
  for (const [k, v] of Object.entries(node.properties ?? {})) integers(v, path ? `${path}.${k}` : k, out);
  if (typeof node.additionalProperties === 'object') integers(node.additionalProperties, `${path}.*`, out);
  if (node.items) integers(node.items, `${path}[]`, out);
  for (const alt of [...(node.prefixItems ?? []), ...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) integers(alt, path, out);
  for (const [k, v] of Object.entries(node.$defs ?? {})) integers(v, `${path}#${k}`, out);
  return out;
}

/** What is wrong with one integer's bounds for its declared column type; null when nothing. */
function problem(node: Node): string | null {
  const format = node.format as IntFormat | undefined;
  if (!format || !(format in INT_FORMAT_RANGE)) return `no column type (format ${String(node.format)}): use int16/int32/int64 or an id helper from ids.ts`;
  const range = INT_FORMAT_RANGE[format];
  const lowest = node.minimum ?? node.exclusiveMinimum;
  const highest = node.maximum ?? node.exclusiveMaximum;
  if (lowest === undefined || lowest < range.min) return `minimum ${String(lowest)} below ${format}`;
  if (highest === undefined || highest > range.max) return `maximum ${String(highest)} above ${format}`;
  return null;
}

const requestIntegers = allApiRoutes.flatMap((r) =>
  (['params', 'query', 'body'] as const).flatMap((part) => {
    const schema = r[part];
    if (!schema) return [];
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Node;
    return integers(json, '').map(({ path, node }) => ({ where: `${r.method} ${r.path} ${part} ${path}`, node }));
  }),
);

describe('whole numbers of every request schema', () => {
  it('are found (the walk sees the route table)', () => {
    expect(requestIntegers.length).toBeGreaterThan(400);
  });

  it('each declare their column type and stay inside it (10006, never a SQL "out of range")', () => {
    const wrong = requestIntegers.flatMap(({ where, node }) => {
      const p = problem(node);
      return p ? [`${where}: ${p}`] : [];
    });
    expect(wrong).toEqual([]);
  });
});
