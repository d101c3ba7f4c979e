import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@gridops/contract';
import type { Db } from '../db/database.js';
import { apiHeaders } from './backends.js';

/**
 * Sends generated bad input to every operation of the app's OpenAPI document and tallies the answers. Values
 * start from a valid request built from the route's JSON schema (with real ids of the caller's site), then each
 * field in turn gets wrong types, nothing, huge and negative numbers, NUL bytes, very long strings, unknown ids
 * and another tenant's ids; whole bodies get malformed JSON. Deterministic: the few random cases come from a
 * seeded generator, so a run is the same every time.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

interface Operation {
  parameters?: { in: 'query' | 'path' | 'header'; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
}

/** Real ids of one tenant's site, by the kind of thing a field names. */
export interface IdPool {
  project: number;
  org: number;
  device: number;
  room: number;
  point: number;
  meterNode: number;
  loop: number;
  event: number;
  robot: number;
  /** A user assigned to the site (member routes). */
  member: number;
}

export interface FuzzFailure {
  method: string;
  url: string;
  identity: string;
  mutation: string;
  status: number;
  body: string;
}

export interface FuzzSummary {
  operations: number;
  requests: number;
  byStatus: Record<string, number>;
  byCode: Record<string, number>;
  /** Answers of 500 and above (must be none). */
  serverErrors: FuzzFailure[];
  /** 4xx answers whose envelope code is not in the error catalogue (must be none). */
  uncatalogued: FuzzFailure[];
}

/** Loads ids of the demo site whose English name starts so, for the fuzzer's pools. */
export async function idPool(db: Db, nameEnPrefix: string): Promise<IdPool> {
  const project = await db.selectFrom('projects').select(['id', 'org_id']).where('name_en', 'like', `${nameEnPrefix}%`).executeTakeFirstOrThrow();
  const first = async (table: 'devices' | 'rooms' | 'meter_nodes' | 'energy_loops' | 'events' | 'robots') =>
    ((await db.selectFrom(table).select('id').where('project_id', '=', project.id).orderBy('id').executeTakeFirst())?.id ?? 1) as number;
  const point = await db
    .selectFrom('device_points as p')
    .innerJoin('devices as d', 'd.id', 'p.device_id')
    .select('p.id')
    .where('d.project_id', '=', project.id)
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  const member = await db.selectFrom('user_projects').select('user_id').where('project_id', '=', project.id).orderBy('user_id').executeTakeFirstOrThrow();
  return {
    project: project.id,
    member: member.user_id,
    org: project.org_id,
    device: await first('devices'),
    room: await first('rooms'),
    point: point.id,
    meterNode: await first('meter_nodes'),
    loop: await first('energy_loops'),
    event: await first('events'),
    robot: await first('robots'),
  };
}

/** mulberry32: a small seeded generator, so the "random" cases are the same in every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const dayMs = 86_400_000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** Which pool an id field takes from: by its name, or for a path `{id}` by the path it is in. */
function poolKey(name: string, path: string): keyof IdPool | null {
  const n = name.replace(/_ids?$/, '');
  const byName: Record<string, keyof IdPool> = {
    project: 'project',
    org: 'org',
    device: 'device',
    robot: 'robot',
    room: 'room',
    point: 'point',
    power_point: 'point',
    node: 'meterNode',
    parent: 'meterNode',
  };
  if (byName[n]) return byName[n];
  if (name === 'id' || name === 'ids') {
    if (path.includes('/project/')) return 'project';
    if (path.includes('/event')) return 'event';
    if (path.includes('meterNode')) return 'meterNode';
    if (path.includes('/loop')) return 'loop';
    if (path.includes('/member/')) return 'member';
  }
  return null;
}

function matches(schema: JsonSchema, value: string): boolean {
  if (schema.minLength !== undefined && value.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
  return schema.pattern === undefined || new RegExp(schema.pattern).test(value);
}

const schemaType = (s: JsonSchema): string | undefined => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);

/** A valid value for a schema (as far as a generator can tell), with the caller's own ids in id fields. */
function validValue(schema: JsonSchema, name: string, path: string, pool: IdPool, depth = 0): unknown {
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt) return validValue(alt.find((s) => schemaType(s) !== 'null') ?? alt[0]!, name, path, pool, depth);
  if (schema.allOf?.[0]) return validValue(schema.allOf[0], name, path, pool, depth);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const key = poolKey(name, path);
  const now = new Date();
  switch (schemaType(schema)) {
    case 'integer':
    case 'number': {
      if (key) return pool[key];
      if (name === 'year') return now.getUTCFullYear();
      if (name === 'size') return 10;
      const min = schema.minimum ?? 1;
      const lowest = schema.exclusiveMinimum === true ? min + 1 : min;
      return schema.maximum !== undefined ? Math.min(Math.max(lowest, 1), schema.maximum) : Math.max(lowest, 1);
    }
    case 'boolean':
      return false;
    case 'array': {
      const item = schema.items ?? {};
      const n = Math.max(schema.minItems ?? 1, 1);
      return Array.from({ length: n }, (_, i) => {
        const v = validValue(item, name, path, pool, depth + 1);
        return name === 'months' && typeof v === 'object' && v !== null ? { ...v, month: i + 1 } : v;
      });
    }
    case 'object': {
      if (depth > 6) return {};
      const out: Record<string, unknown> = {};
      for (const [prop, s] of Object.entries(schema.properties ?? {})) out[prop] = validValue(s, prop, path, pool, depth + 1);
      return out;
    }
    default: {
      const idList = key ? String(pool[key]) : null;
      const candidates = [
        ...(idList ? [idList] : []),
        ...(name === 'from' ? [new Date(now.getTime() - dayMs).toISOString(), isoDate(new Date(now.getTime() - dayMs))] : []),
        now.toISOString(),
        isoDate(now),
        isoDate(now).slice(0, 7),
        '08:00',
        name === 'password' ? 'wrong-password' : 'site',
        's-fuzz',
        'abc',
      ];
      return candidates.find((c) => matches(schema, c)) ?? 'abc';
    }
  }
}

interface Mutation {
  label: string;
  value: unknown;
}

const MISSING = Symbol('missing');

/** The bad values every field gets in turn. */
function fieldMutations(base: unknown, name: string, path: string, other: IdPool): Mutation[] {
  const key = poolKey(name, path);
  const list: Mutation[] = [
    { label: 'missing', value: MISSING },
    { label: 'null', value: null },
    { label: 'wrong type', value: typeof base === 'string' ? 12345 : 'abc' },
    { label: 'object', value: { nested: { deeper: 1 } } },
    { label: 'array', value: [1, 'two', null] },
    { label: 'huge number', value: 1e308 },
    { label: 'above int4', value: 2_147_483_648 },
    { label: 'above 2^53', value: 2 ** 53 + 2 },
    { label: 'negative', value: -1 },
    { label: 'zero', value: 0 },
    { label: 'fraction', value: 1.5 },
    { label: 'NUL byte', value: 'a\u0000b' },
    { label: 'long string', value: 'x'.repeat(20_000) },
    { label: 'SQL-looking', value: "1' OR '1'='1" },
    { label: 'impossible date', value: '2026-02-30T25:61:00Z' },
    { label: 'emoji', value: '😀'.repeat(64) },
    { label: 'numeric string', value: '1e308' },
    { label: 'boolean', value: true },
    { label: 'unknown id', value: 999_999 },
  ];
  if (key) list.push({ label: "other tenant's id", value: typeof base === 'string' ? String(other[key]) : Array.isArray(base) ? [other[key]] : other[key] });
  return list;
}

/** Whole-body cases for operations that take JSON. */
const bodyMutations: { label: string; payload: string; contentType: string }[] = [
  { label: 'malformed JSON', payload: '{"project_id": 1,', contentType: 'application/json' },
  { label: 'JSON array', payload: '[1,2,3]', contentType: 'application/json' },
  { label: 'JSON null', payload: 'null', contentType: 'application/json' },
  { label: 'JSON string', payload: '"hello"', contentType: 'application/json' },
  { label: 'empty body', payload: '', contentType: 'application/json' },
  { label: 'prototype pollution', payload: '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}', contentType: 'application/json' },
  { label: 'NUL in a key', payload: '{"a\\u0000b": 1}', contentType: 'application/json' },
  { label: 'deep nesting', payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, contentType: 'application/json' },
  { label: 'text body', payload: 'hello', contentType: 'text/plain' },
];

/** Every path (a list of keys/indexes) into a value, depth first, up to a depth. */
function leafPaths(value: unknown, depth: number, prefix: (string | number)[] = []): (string | number)[][] {
  if (depth === 0 || value === null || typeof value !== 'object') return [];
  const out: (string | number)[][] = [];
  const entries: [string | number, unknown][] = Array.isArray(value) ? (value.length ? [[0, value[0]]] : []) : Object.entries(value);
  for (const [k, v] of entries) {
    out.push([...prefix, k]);
    out.push(...leafPaths(v, depth - 1, [...prefix, k]));
  }
  return out;
}

function withValue(root: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let at: Record<string | number, unknown> = copy;
  for (const k of path.slice(0, -1)) at = at[k] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === MISSING) {
    if (Array.isArray(at)) at.splice(Number(last), 1);
    else delete at[last];
  } else at[last] = value;
  return copy;
}

const asParam = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v));

interface RequestShape {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

function buildUrl(template: string, shape: RequestShape): string {
  const url = template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const v = shape.path[name];
    return encodeURIComponent(v === undefined ? '' : asParam(v));
  });
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(shape.query)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) qs.append(k, asParam(item));
    else qs.append(k, asParam(v));
  }
  const s = qs.toString();
  return s ? `${url}?${s}` : url;
}

const catalogue = new Set<number>(Object.values(ErrorCode));

export interface FuzzOptions {
  /** Identities to call as: a label and a token (none = unauthenticated). */
  identities: { label: string; token?: string; full: boolean }[];
  own: IdPool;
  other: IdPool;
  seed?: number;
  /** Operations not to call with a session (logout would end the fuzzer's own session). */
  skipAuthenticated?: string[];
}

export async function fuzzRoutes(app: FastifyInstance, opts: FuzzOptions): Promise<FuzzSummary> {
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDoc>();
  const random = seeded(opts.seed ?? 20261123);
  const summary: FuzzSummary = { operations: 0, requests: 0, byStatus: {}, byCode: {}, serverErrors: [], uncatalogued: [] };

  const send = async (identity: FuzzOptions['identities'][number], method: string, url: string, mutation: string, payload?: string, contentType?: string) => {
    const headers: Record<string, string> = apiHeaders(identity.token);
    if (payload !== undefined) headers['content-type'] = contentType ?? 'application/json';
    const res = await app.inject({ method: method.toUpperCase() as 'GET', url, headers, ...(payload !== undefined ? { payload } : {}) });
    summary.requests += 1;
    summary.byStatus[res.statusCode] = (summary.byStatus[res.statusCode] ?? 0) + 1;
    let code: number | undefined;
    try {
      code = (res.json() as { code?: number }).code;
    } catch {
      code = undefined;
    }
    if (res.statusCode >= 400 && code !== undefined) summary.byCode[code] = (summary.byCode[code] ?? 0) + 1;
    const failure = { method: method.toUpperCase(), url: url.slice(0, 200), identity: identity.label, mutation, status: res.statusCode, body: res.body.slice(0, 300) };
    if (res.statusCode >= 500) summary.serverErrors.push(failure);
    else if (res.statusCode >= 400 && (code === undefined || code === ErrorCode.Ok || !catalogue.has(code))) summary.uncatalogued.push(failure);
  };

  for (const [template, ops] of Object.entries(doc.paths)) {
    if (template.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(ops)) {
      summary.operations += 1;
      const params = op.parameters ?? [];
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      const base: RequestShape = { path: {}, query: {}, body: bodySchema ? validValue(bodySchema, 'body', template, opts.own) : undefined };
      for (const p of params) {
        if (p.in === 'path' || p.in === 'query') base[p.in][p.name] = validValue(p.schema, p.name, template, opts.own);
      }

      for (const identity of opts.identities) {
        if (identity.token && opts.skipAuthenticated?.includes(`${method.toUpperCase()} ${template}`)) continue;
        const call = (shape: RequestShape, mutation: string) =>
          send(identity, method, buildUrl(template, shape), mutation, shape.body === undefined ? undefined : JSON.stringify(shape.body));
        await call(base, 'valid');
        // Without a session only a few cases: every one must stop at the session check anyway.
        if (!identity.full) {
          await call({ ...base, query: { ...base.query, project_id: 'a\u0000b' } }, 'NUL byte');
          if (bodySchema) await send(identity, method, buildUrl(template, base), 'malformed JSON', '{"a":', 'application/json');
          continue;
        }
        for (const p of params) {
          if (p.in !== 'path' && p.in !== 'query') continue;
          for (const m of fieldMutations(base[p.in][p.name], p.name, template, opts.other)) {
            const part = { ...base[p.in] };
            if (m.value === MISSING) delete part[p.name];
            else part[p.name] = m.value;
            await call({ ...base, [p.in]: part }, `${p.in} ${p.name}: ${m.label}`);
          }
        }
        if (bodySchema && base.body !== undefined) {
          for (const path of leafPaths(base.body, 4)) {
            const name = String([...path].reverse().find((k) => typeof k === 'string') ?? 'body');
            let current: unknown = base.body;
            for (const k of path) current = (current as Record<string | number, unknown>)[k];
            for (const m of fieldMutations(current, name, template, opts.other)) {
              await call({ ...base, body: withValue(base.body, path, m.value) }, `body ${path.join('.')}: ${m.label}`);
            }
          }
          for (const m of bodyMutations) await send(identity, method, buildUrl(template, base), m.label, m.payload, m.contentType);
        }
        // Seeded random junk: any field, any of a few odd values.
        const junk = [-2_147_483_649, 1e-320, '', ' ', '\u202e', '%00', '../../etc/passwd', [], {}, 'null', 'NaN', 'Infinity', -0];
        const fields = [...params.filter((p) => p.in === 'query').map((p) => p.name)];
        for (let i = 0; i < 4 && (fields.length > 0 || base.body !== undefined); i++) {
          const value = junk[Math.floor(random() * junk.length)];
          if (fields.length > 0 && (base.body === undefined || random() < 0.5)) {
            const name = fields[Math.floor(random() * fields.length)]!;
            await call({ ...base, query: { ...base.query, [name]: value } }, `random query ${name}`);
          } else if (base.body && typeof base.body === 'object') {
            const keys = Object.keys(base.body);
            const name = keys[Math.floor(random() * keys.length)];
            if (name !== undefined) await call({ ...base, body: { ...base.body, [name]: value } }, `random body ${name}`);
          }
        }
      }
    }
  }
  return summary;
}

/** The totals as lines for docs/security.md. */
export function formatSummary(label: string, s: FuzzSummary): string {
  const codes = Object.entries(s.byCode)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([c, n]) => `${c}: ${n}`)
    .join(', ');
  const statuses = Object.entries(s.byStatus)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([c, n]) => `${c}: ${n}`)
    .join(', ');
  const fivexx = Object.entries(s.byStatus).reduce((n, [st, c]) => n + (Number(st) >= 500 ? c : 0), 0);
  return [
    `route fuzz on ${label}: ${s.operations} operations, ${s.requests} requests`,
    `  HTTP status: ${statuses}`,
    `  4xx by code: ${codes}`,
    `  5xx: ${fivexx}; 4xx without a catalogue code: ${s.uncatalogued.length}`,
  ].join('\n');
}
