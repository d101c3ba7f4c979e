import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { allApiRoutes, type ApiRoute } from '@gridops/contract';
import { buildApp } from './app.js';
import { openDatabase, type Database } from './db/database.js';
import { backends, createTestDatabase, testConfig, type TestDatabase } from './test-support/backends.js';

/** Routes under /api that are not JSON API routes of the table: the EMQX HTTP auth hooks (broker-facing, no envelope). */
const BROKER_HOOKS = ['POST /api/mqtt/auth', 'POST /api/mqtt/acl'];
/** Routes outside /api that OpenAPI documents too: the console's start-up configuration. */
const OTHER_DOCUMENTED = ['GET /config.json'];

const label = (method: string, url: string) => `${method} ${url}`;
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const keysOf = (schema: z.ZodType | undefined) =>
  schema instanceof z.ZodObject ? Object.keys(schema.shape).sort() : [];

interface OpenApiOperation {
  tags?: string[];
  summary?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<
    string,
    { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }
  >;
}

describe.each(backends)('the route table against the registered routes (%s)', (kind) => {
  const registered: RouteOptions[] = [];
  let tdb: TestDatabase;
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>['app'];

  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
    database = await openDatabase({ databaseUrl: tdb.databaseUrl, pgliteDir: tdb.pgliteDir ?? 'memory://' });
    // With the broker secret set, so that the EMQX hooks are registered too.
    const config = testConfig({
      MQTT_SERVICE_USERNAME: 'gridops-service',
      MQTT_SERVICE_PASSWORD: 'route-table-test-secret',
    });
    ({ app } = await buildApp({
      config,
      db: database.db,
      logger: false,
      onRoute: (r) => void registered.push(r),
    }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await tdb.drop();
  });

  const registeredUnderApi = () =>
    registered
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
      .flatMap((r) =>
        (Array.isArray(r.method) ? r.method : [r.method])
          .filter((m) => m !== 'HEAD')
          .map((m) => ({ ...r, label: label(m, r.url) })),
      );

  it('registers every route of the table, and nothing else under /api but the broker hooks', () => {
    const tableLabels = allApiRoutes.map((r) => label(r.method, r.path)).sort();
    const apiLabels = registeredUnderApi().map((r) => r.label);
    expect(apiLabels.filter((l) => !BROKER_HOOKS.includes(l)).sort()).toEqual(tableLabels);
    expect(apiLabels.filter((l) => BROKER_HOOKS.includes(l)).sort()).toEqual([...BROKER_HOOKS].sort());
  });

  it("registers each route with the table's access: only public routes skip the session check", () => {
    const byLabel = new Map(registeredUnderApi().map((r) => [r.label, r]));
    for (const route of allApiRoutes) {
      const r = byLabel.get(label(route.method, route.path));
      expect(r?.config?.public === true, label(route.method, route.path)).toBe(route.public === true);
      // The permission the auth hook checks (docs/permissions.md): the table's, 'view' when it names none.
      const config = r?.config as { permission?: string } | undefined;
      expect(config?.permission, label(route.method, route.path)).toBe(route.public ? undefined : (route.permission ?? 'view'));
    }
    expect(allApiRoutes.filter((r) => r.public).map((r) => r.path)).toEqual(['/api/v6/user/login', '/api/v6/expert/register']);
  });

  it('documents every route of the table in OpenAPI with its request and response schemas', () => {
    const doc = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => label(m.toUpperCase(), path)),
    );
    const expected = [
      ...allApiRoutes.map((r) => label(r.method, openApiPath(r.path))),
      ...BROKER_HOOKS,
      ...OTHER_DOCUMENTED,
    ];
    expect(documented.sort()).toEqual(expected.sort());

    const check = (route: ApiRoute) => {
      const op = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(op, label(route.method, route.path)).toBeDefined();
      if (!op) return;
      expect(op.tags).toEqual(route.tags);
      expect(op.summary).toBe(route.summary);
      const names = (where: string) =>
        (op.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => p.name)
          .sort();
      expect(names('path')).toEqual(keysOf(route.params));
      expect(names('query')).toEqual(keysOf(route.query));
      expect(op.requestBody !== undefined).toBe(route.body !== undefined);
      const ok = op.responses['200']?.content?.['application/json']?.schema;
      expect(Object.keys(ok?.properties ?? {}).sort()).toEqual(['code', 'data', 'msg']);
    };
    for (const route of allApiRoutes) check(route);
  });
});
