import type { Db } from '../db/database.js';

/**
 * The route fuzz's inputs (routeFuzz.ts, integerBounds.int.test.ts): a valid request built from a route's JSON
 * schema with real ids of the caller's site, and the bad values each field gets in turn. Deterministic: the few
 * random cases come from a seeded generator.
 */

export interface JsonSchema {
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
  exclusiveMaximum?: boolean | number;
  prefixItems?: JsonSchema[];
  default?: unknown;
}

export interface Operation {
  parameters?: { in: 'query' | 'path' | 'header'; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDoc {
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

/**
 * Loads ids of the demo site whose English name starts so, for the fuzzer's pools. `member` is a user of the site
 * other than `fuzzingUser`: resetting the fuzzing user's own password would end the fuzz's own access.
 */
export async function idPool(db: Db, nameEnPrefix: string, fuzzingUser?: string): Promise<IdPool> {
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
  const member = await db
    .selectFrom('user_projects as up')
    .innerJoin('users as u', 'u.id', 'up.user_id')
    .select('up.user_id')
    .where('up.project_id', '=', project.id)
    .$if(fuzzingUser !== undefined, (q) => q.where('u.username', '<>', fuzzingUser!))
    .orderBy('up.user_id')
    .executeTakeFirstOrThrow();
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
export function seeded(seed: number) {
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

export const schemaType = (s: JsonSchema): string | undefined => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);

/** Values of the string formats the contract uses; URLs point at a loopback port nothing listens on. */
const formatExamples: Record<string, string> = {
  email: 'fuzz@example.com',
  uri: 'http://127.0.0.1:9/fuzz',
  url: 'http://127.0.0.1:9/fuzz',
  uuid: '4b0c1a52-6f0e-4b7e-9a55-0d3c2f1e8a77',
};

/** A valid value for a schema (as far as a generator can tell), with the caller's own ids in id fields. */
export function validValue(schema: JsonSchema, name: string, path: string, pool: IdPool, depth = 0): unknown {
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
        ...(schema.format && formatExamples[schema.format] ? [formatExamples[schema.format]!] : []),
        // A name no demo user has: the login route's wrong passwords must not lock out the user who fuzzes.
        ...(name === 'username' ? ['fuzz-nobody', 'fuzznobody'] : []),
        ...(name === 'from' ? [new Date(now.getTime() - dayMs).toISOString(), isoDate(new Date(now.getTime() - dayMs))] : []),
        now.toISOString(),
        isoDate(now),
        isoDate(now).slice(0, 7),
        '08:00',
        name === 'password' ? 'wrong-password' : 'site',
        's-fuzz',
        'abc',
        // Comma-separated ids or codes (`type=1,2`).
        '1',
      ];
      return candidates.find((c) => matches(schema, c)) ?? 'abc';
    }
  }
}

export interface Mutation {
  label: string;
  value: unknown;
}

export const MISSING = Symbol('missing');

/** The bad values every field gets in turn. */
export function fieldMutations(base: unknown, name: string, path: string, other: IdPool): Mutation[] {
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
export const bodyMutations: { label: string; payload: string; contentType: string }[] = [
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
export function leafPaths(value: unknown, depth: number, prefix: (string | number)[] = []): (string | number)[][] {
  if (depth === 0 || value === null || typeof value !== 'object') return [];
  const out: (string | number)[][] = [];
  const entries: [string | number, unknown][] = Array.isArray(value) ? (value.length ? [[0, value[0]]] : []) : Object.entries(value);
  for (const [k, v] of entries) {
    out.push([...prefix, k]);
    out.push(...leafPaths(v, depth - 1, [...prefix, k]));
  }
  return out;
}

export function withValue(root: unknown, path: (string | number)[], value: unknown): unknown {
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

export interface RequestShape {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

export function buildUrl(template: string, shape: RequestShape): string {
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
