import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allApiRoutes, pathParamNames, type ApiRoute } from '../index.js';

const label = (r: ApiRoute) => `${r.method} ${r.path}`;
const keysOf = (schema: z.ZodType | undefined): string[] => {
  if (schema === undefined) return [];
  if (!(schema instanceof z.ZodObject)) throw new Error('request schemas are objects');
  return Object.keys(schema.shape);
};

describe('the API route table', () => {
  it('declares each method and path once', () => {
    const labels = allApiRoutes.map(label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels.length).toBeGreaterThanOrEqual(62);
  });

  it.each(allApiRoutes.map((r) => [label(r), r] as const))(
    '%s: params match the path, input parts fit the method',
    (_, r) => {
      expect(keysOf(r.params).sort()).toEqual(pathParamNames(r.path).sort());
      // The web sends params and query/body as one flat object: a shared key would be ambiguous.
      const rest = [...keysOf(r.query), ...keysOf(r.body)];
      expect(rest.filter((k) => keysOf(r.params).includes(k))).toEqual([]);
      if (r.method === 'GET' || r.method === 'DELETE') expect(r.body).toBeUndefined();
      else expect(r.query).toBeUndefined();
      expect(r.tags.length).toBeGreaterThan(0);
      expect(r.summary).not.toBe('');
    },
  );

  it('has every PUT and DELETE (configuration writes) declare the permission it needs', () => {
    const undeclared = allApiRoutes.filter((r) => (r.method === 'PUT' || r.method === 'DELETE') && r.permission === undefined);
    expect(undeclared.map(label)).toEqual([]);
    expect(allApiRoutes.filter((r) => r.public && r.permission !== undefined).map(label)).toEqual([]);
  });
});
