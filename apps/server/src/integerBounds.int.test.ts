import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allApiRoutes, ErrorCode, INT_FORMAT_RANGE, type ApiRoute, type IntFormat } from '@gridops/contract';
import { errorsPlugin } from './plugins/errors.js';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from './test-support/backends.js';
import { buildUrl, idPool, validValue, withValue, type IdPool, type JsonSchema, type RequestShape } from './test-support/fuzzInputs.js';

type Part = 'params' | 'query' | 'body';
type Key = string | number;

/** Every integer of a request part's JSON schema: where it sits in a value, and its schema. */
function integerFields(node: JsonSchema, at: Key[] = []): { at: Key[]; schema: JsonSchema }[] {
  const types = Array.isArray(node.type) ? node.type : [node.type];
  const out = types.includes('integer') ? [{ at, schema: node }] : [];
  for (const [k, v] of Object.entries(node.properties ?? {})) out.push(...integerFields(v, [...at, k]));
  if (node.items) out.push(...integerFields(node.items, [...at, 0]));
  (node.prefixItems ?? []).forEach((v, i) => out.push(...integerFields(v, [...at, i])));
  for (const alt of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) out.push(...integerFields(alt, at));
  return out;
}

const has = (root: unknown, at: Key[]) => {
  let v = root;
  for (const k of at) {
    if (v === null || typeof v !== 'object' || !(k in v)) return false;
    v = (v as Record<Key, unknown>)[k];
  }
  return true;
};

/**
 * The values outside a field's column type (and its own bounds) that must be refused: above the column, far above
 * it, a fraction, below the column, and -1 where the field cannot be negative. A field without a declared
 * column type is taken as `integer` (int32) — what it was before every field said so.
 */
function outOfRange(schema: JsonSchema): number[] {
  const format = (schema.format && schema.format in INT_FORMAT_RANGE ? schema.format : 'int32') as IntFormat;
  const range = INT_FORMAT_RANGE[format];
  const lowest = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : schema.minimum;
  const above = format === 'int64' ? 2 ** 53 + 2 : range.max + 1;
  const below = format === 'int64' ? -(2 ** 53) - 2 : range.min - 1;
  return [above, 1e20, 1.5, below, ...(lowest !== undefined && lowest >= 0 ? [-1] : [])];
}

interface Case {
  route: ApiRoute;
  part: Part;
  field: string;
  value: number;
  lang: 'zh' | 'en';
  shape: RequestShape;
}

/** One request per integer field of every route and per out-of-range value, the rest of the request valid. */
function cases(own: IdPool): { list: Case[]; skipped: string[] } {
  const list: Case[] = [];
  const skipped: string[] = [];
  for (const route of allApiRoutes) {
    const template = route.path.replace(/:(\w+)/g, '{$1}');
    const json = (s: z.ZodType | undefined) => (s ? (z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : undefined);
    const schemas: Record<Part, JsonSchema | undefined> = { params: json(route.params), query: json(route.query), body: json(route.body) };
    const base: RequestShape = { path: {}, query: {}, body: schemas.body ? validValue(schemas.body, 'body', template, own) : undefined };
    for (const [part, into] of [['params', 'path'], ['query', 'query']] as const) {
      for (const [name, s] of Object.entries(schemas[part]?.properties ?? {})) base[into][name] = validValue(s, name, template, own);
    }
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = schemas[part];
      if (!schema) continue;
      const root = part === 'body' ? base.body : part === 'params' ? base.path : base.query;
      for (const { at, schema: field } of integerFields(schema)) {
        const name = at.join('.');
        if (!has(root, at)) {
          skipped.push(`${route.method} ${route.path} ${part} ${name}`);
          continue;
        }
        outOfRange(field).forEach((value, i) => {
          const changed = withValue(root, at, value) as Record<string, unknown>;
          const shape: RequestShape = part === 'body' ? { ...base, body: changed } : part === 'params' ? { ...base, path: changed } : { ...base, query: changed };
          list.push({ route, part, field: name, value, lang: i % 2 === 0 ? 'en' : 'zh', shape });
        });
      }
    }
  }
  return { list, skipped };
}

/**
 * Every whole number of every route's request (params, query, body) out of its column's range — 2^31 for an
 * `integer`, 2^53 for a `bigint`, 1e20, 1.5, below the column, -1 where it cannot be negative — is refused with
 * 10006 naming the field in the caller's language, never a 500 ("out of range for type integer") nor a
 * not-found or conflict answer from a handler that took it. The requests are built from the route table, the
 * rest of each request valid as far as a generator can tell (test-support/fuzzInputs.ts).
 */
describe.each(backends)('whole numbers out of their column range on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let own: IdPool;
  beforeAll(async () => {
    t = await startTestApp(backend);
    token = await loginAs(t.app, 'site');
    own = await idPool(t.database.db, 'Suzhou', 'site');
  });
  afterAll(async () => t?.close());

  it('answer 10006 naming the field, for every integer of every route', async () => {
    const { list, skipped } = cases(own);
    const tested = new Set(list.map((c) => `${c.route.method} ${c.route.path} ${c.field}`));
    // The routes the issue names, and a path id, a query version and a nested body field.
    for (const named of [
      'PUT /api/v6/control-config/site version',
      'PUT /api/v6/control-config/breaker/:device_id version',
      'PUT /api/v6/deviceTemplate/:id version',
      'POST /api/v6/inspection/plan/:id/status version',
      'PUT /api/v6/deviceTemplate/:id id',
      'DELETE /api/v6/alarm-rules/:id version',
      'POST /api/v6/inspection/task/:id/submit checkpoints.0.seq',
    ]) {
      expect(tested, named).toContain(named);
    }
    console.info(`integer bounds on ${backend}: ${list.length} requests over ${tested.size} fields; fields not reachable in a generated request: ${skipped.length}`);
    expect(list.length).toBeGreaterThan(2000);
    expect(skipped.length).toBeLessThan(list.length / 50);

    const wrong: string[] = [];
    for (const c of list) {
      const url = buildUrl(c.route.path.replace(/:(\w+)/g, '{$1}'), c.shape);
      const payload = c.shape.body === undefined ? undefined : JSON.stringify(c.shape.body);
      const res = await t.app.inject({
        method: c.route.method,
        url,
        headers: { ...apiHeaders(token, { 'accept-language': c.lang }), ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(payload !== undefined ? { payload } : {}),
      });
      const body = res.json<{ code: number; msg: string; data: { field?: string; issues?: string[] } | null }>();
      // The first issue may be another field the generator could not fill validly; the list then names this one.
      const named = body.data?.field === c.field || (body.data?.issues ?? []).some((m) => m.includes(`${c.field} `));
      const inLanguage = c.lang === 'zh' ? body.msg.startsWith('参数错误') : body.msg.startsWith('Invalid input');
      if (res.statusCode !== 400 || body.code !== ErrorCode.Validation || !named || !inLanguage) {
        wrong.push(`${c.route.method} ${url.slice(0, 120)} ${c.part} ${c.field}=${c.value} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 600_000);

  it('answer 10006, not 500, when the database itself finds a number out of range (22003, the second line of defence)', async () => {
    // A bare app with the one error handler and a route whose SQL puts the number into an integer: the database,
    // not a schema, refuses it.
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get<{ Querystring: { n: string } }>('/probe', async (req) => (await sql<{ v: number }>`select ${Number(req.query.n)}::integer as v`.execute(t.database.db)).rows[0]);
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/probe?n=7' })).json()).toEqual({ v: 7 });
      for (const [n, lang, msg] of [
        ['2147483648', 'en', 'Invalid input: a number is out of the allowed range'],
        ['-2147483649', 'zh', '参数错误：数值超出允许范围'],
      ] as const) {
        const res = await app.inject({ method: 'GET', url: `/probe?n=${n}`, headers: { 'accept-language': lang } });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ code: ErrorCode.Validation, msg, data: null });
      }
    } finally {
      await app.close();
    }
  });
});
