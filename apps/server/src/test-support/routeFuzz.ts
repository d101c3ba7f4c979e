import type { FastifyInstance } from 'fastify';
import { apiRoutes, ErrorCode } from '@gridops/contract';
import { reachedHandler } from '../lib/route.js';
import { apiHeaders } from './backends.js';
import {
  MISSING,
  bodyMutations,
  buildUrl,
  fieldMutations,
  leafPaths,
  seeded,
  validValue,
  withValue,
  type IdPool,
  type OpenApiDoc,
  type RequestShape,
} from './fuzzInputs.js';

export { idPool, type IdPool } from './fuzzInputs.js';

/**
 * Sends generated bad input to every operation of the app's OpenAPI document and tallies the answers. Values
 * start from a valid request built from the route's JSON schema (with real ids of the caller's site), then each
 * field in turn gets wrong types, nothing, huge and negative numbers, NUL bytes, very long strings, unknown ids
 * and another tenant's ids; whole bodies get malformed JSON (fuzzInputs.ts).
 *
 * It tests what it claims only while its session lives: the operations that may end or change the caller's own
 * session run last, and a session found ended is opened again (counted, with the operation that ran before).
 * Every answer is matched with whether the request reached its route handler (lib/route.ts), per operation.
 */

export interface FuzzFailure {
  method: string;
  url: string;
  identity: string;
  mutation: string;
  status: number;
  body: string;
}

/** What one operation's requests with a session met. */
export interface OperationTally {
  /** `PUT /api/v6/control-config/site` (the OpenAPI path, `{id}` segments). */
  operation: string;
  /** An API route of the contract (lib/route.ts marks its handler); false for the web app's /config.json. */
  apiRoute: boolean;
  sent: number;
  /** Requests that got past headers, session, permission and schema validation into the route handler. */
  reached: number;
  /** 4xx answers by catalogue code, whether the handler or a hook before it answered. */
  byCode: Record<string, number>;
  serverErrors: number;
}

/** The fuzz's session was found ended: at which request, and which operation ran just before. */
export interface SessionLoss {
  foundAt: string;
  after: string;
}

export interface FuzzSummary {
  operations: number;
  requests: number;
  byStatus: Record<string, number>;
  byCode: Record<string, number>;
  /** Requests sent with a session, and how many of them reached a route handler. */
  sessionRequests: number;
  reached: number;
  perOperation: OperationTally[];
  /** Times the fuzz's own session was found ended and opened again. */
  sessionLosses: SessionLoss[];
  /** Answers of 500 and above (must be none). */
  serverErrors: FuzzFailure[];
  /** 4xx answers whose envelope code is not in the error catalogue (must be none). */
  uncatalogued: FuzzFailure[];
  /** Requests without a session that reached the handler of a non-public route (must be none). */
  unauthenticatedReached: FuzzFailure[];
}

/**
 * Operations that end or change the caller's own session or password: fuzzed last (after every other operation),
 * because a "valid" request may sign the fuzz out (DELETE /account/sessions/1 is the fuzz's own session).
 */
export const SESSION_ENDING_OPERATIONS: readonly string[] = [
  'POST /api/v6/user/logout',
  'DELETE /api/v6/account/sessions/{id}',
  'POST /api/v6/account/sessions/end-others',
  'POST /api/v6/account/password',
];

/** The fuzz's own loopback address: its wrong logins must not lock out the address a re-login comes from. */
const FUZZ_ADDRESS = '127.0.0.2';

const catalogue = new Set<number>(Object.values(ErrorCode));

/** `METHOD /path/{param}` of the contract's public routes (they answer without a session by design). */
const publicOperations = new Set(
  Object.values(apiRoutes)
    .flatMap((group) => Object.values(group))
    .filter((r) => r.public)
    .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`),
);

export interface FuzzIdentity {
  label: string;
  token?: string;
  /** Every mutation (true) or a few cases that must all stop at the session check (false). */
  full: boolean;
  /** Opens a new session for this identity when its own has ended (the answer was 10001). */
  login?: () => Promise<string>;
}

export interface FuzzOptions {
  identities: FuzzIdentity[];
  own: IdPool;
  other: IdPool;
  seed?: number;
}

export async function fuzzRoutes(app: FastifyInstance, opts: FuzzOptions): Promise<FuzzSummary> {
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDoc>();
  const random = seeded(opts.seed ?? 20261123);
  const summary: FuzzSummary = {
    operations: 0,
    requests: 0,
    byStatus: {},
    byCode: {},
    sessionRequests: 0,
    reached: 0,
    perOperation: [],
    sessionLosses: [],
    serverErrors: [],
    uncatalogued: [],
    unauthenticatedReached: [],
  };
  const tokens = new Map(opts.identities.map((i) => [i, i.token]));
  let previousOperation = '(none)';

  const send = async (identity: FuzzIdentity, tally: OperationTally, method: string, url: string, mutation: string, payload?: string, contentType?: string) => {
    const inject = async () => {
      const headers: Record<string, string> = apiHeaders(tokens.get(identity));
      if (payload !== undefined) headers['content-type'] = contentType ?? 'application/json';
      return app.inject({ method: method as 'GET', url, headers, remoteAddress: FUZZ_ADDRESS, ...(payload !== undefined ? { payload } : {}) });
    };
    const codeOf = (body: string): number | undefined => {
      try {
        return (JSON.parse(body) as { code?: number }).code;
      } catch {
        return undefined;
      }
    };
    let res = await inject();
    let code = codeOf(res.body);
    if (code === ErrorCode.SessionInvalid && identity.token && identity.login) {
      // The session ended under the fuzz: count it, sign in again and send the same request once more.
      summary.sessionLosses.push({ foundAt: `${tally.operation} (${mutation})`, after: previousOperation });
      tokens.set(identity, await identity.login());
      res = await inject();
      code = codeOf(res.body);
    }
    previousOperation = tally.operation;
    const reached = reachedHandler(res.raw.req);
    summary.requests += 1;
    summary.byStatus[res.statusCode] = (summary.byStatus[res.statusCode] ?? 0) + 1;
    if (res.statusCode >= 400 && code !== undefined) summary.byCode[code] = (summary.byCode[code] ?? 0) + 1;
    const failure = { method, url: url.slice(0, 200), identity: identity.label, mutation, status: res.statusCode, body: res.body.slice(0, 300) };
    if (res.statusCode >= 500) summary.serverErrors.push(failure);
    else if (res.statusCode >= 400 && (code === undefined || code === ErrorCode.Ok || !catalogue.has(code))) summary.uncatalogued.push(failure);
    if (!identity.token) {
      if (reached && !publicOperations.has(tally.operation)) summary.unauthenticatedReached.push(failure);
      return;
    }
    tally.sent += 1;
    if (res.statusCode >= 500) tally.serverErrors += 1;
    else if (res.statusCode >= 400) tally.byCode[code ?? 'none'] = (tally.byCode[code ?? 'none'] ?? 0) + 1;
    if (!tally.apiRoute) return;
    summary.sessionRequests += 1;
    if (reached) {
      summary.reached += 1;
      tally.reached += 1;
    }
  };

  const operations = Object.entries(doc.paths)
    .filter(([template]) => !template.startsWith('/api/docs'))
    .flatMap(([template, ops]) => Object.entries(ops).map(([method, op]) => ({ template, method: method.toUpperCase(), op })));
  const ending = (o: { method: string; template: string }) => SESSION_ENDING_OPERATIONS.includes(`${o.method} ${o.template}`);
  // A stable sort: the session-ending operations move to the end, the others keep the document's order.
  operations.sort((a, b) => Number(ending(a)) - Number(ending(b)));

  for (const { template, method, op } of operations) {
    summary.operations += 1;
    const tally: OperationTally = { operation: `${method} ${template}`, apiRoute: template.startsWith('/api/v6/'), sent: 0, reached: 0, byCode: {}, serverErrors: 0 };
    summary.perOperation.push(tally);
    const params = op.parameters ?? [];
    const bodySchema = op.requestBody?.content?.['application/json']?.schema;
    const base: RequestShape = { path: {}, query: {}, body: bodySchema ? validValue(bodySchema, 'body', template, opts.own) : undefined };
    for (const p of params) {
      if (p.in === 'path' || p.in === 'query') base[p.in][p.name] = validValue(p.schema, p.name, template, opts.own);
    }

    for (const identity of opts.identities) {
      const call = (shape: RequestShape, mutation: string) =>
        send(identity, tally, method, buildUrl(template, shape), mutation, shape.body === undefined ? undefined : JSON.stringify(shape.body));
      await call(base, 'valid');
      // Without a session only a few cases: every one must stop at the session check anyway.
      if (!identity.full) {
        await call({ ...base, query: { ...base.query, project_id: 'a\u0000b' } }, 'NUL byte');
        if (bodySchema) await send(identity, tally, method, buildUrl(template, base), 'malformed JSON', '{"a":', 'application/json');
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
        for (const m of bodyMutations) await send(identity, tally, method, buildUrl(template, base), m.label, m.payload, m.contentType);
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
  return summary;
}

/** API operations called with a session none of whose requests reached the handler. */
export const neverReached = (s: FuzzSummary): string[] => s.perOperation.filter((o) => o.apiRoute && o.sent > 0 && o.reached === 0).map((o) => o.operation);

const byKey = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([c, n]) => `${c}: ${n}`)
    .join(', ');

const percent = (part: number, whole: number) => `${whole === 0 ? '0.0' : ((100 * part) / whole).toFixed(1)} %`;

/** The totals as lines for docs/security.md. */
export function formatSummary(label: string, s: FuzzSummary): string {
  const fivexx = Object.entries(s.byStatus).reduce((n, [st, c]) => n + (Number(st) >= 500 ? c : 0), 0);
  const none = neverReached(s).length;
  return [
    `route fuzz on ${label}: ${s.operations} operations, ${s.requests} requests`,
    `  with a session: ${s.sessionRequests} requests, ${s.reached} reached a route handler (${percent(s.reached, s.sessionRequests)}); operations never reached: ${none}`,
    `  session found ended and opened again: ${s.sessionLosses.length}${s.sessionLosses.length ? ` (after ${[...new Set(s.sessionLosses.map((l) => l.after))].join(', ')})` : ''}`,
    `  HTTP status: ${byKey(s.byStatus)}`,
    `  4xx by code: ${byKey(s.byCode)}`,
    `  5xx: ${fivexx}; 4xx without a catalogue code: ${s.uncatalogued.length}; without a session past the session check: ${s.unauthenticatedReached.length}`,
  ].join('\n');
}

/** One line per operation: requests with a session, how many reached the handler, the 4xx codes, the 5xx. */
export function formatOperations(s: FuzzSummary): string {
  const width = Math.max(...s.perOperation.map((o) => o.operation.length));
  return s.perOperation
    .filter((o) => o.sent > 0)
    .map((o) => {
      const codes = Object.entries(o.byCode)
        .sort(([, a], [, b]) => b - a)
        .map(([c, n]) => `${c}×${n}`)
        .join(' ');
      return `  ${o.operation.padEnd(width)}  sent ${String(o.sent).padStart(4)}  reached ${String(o.reached).padStart(4)} (${percent(o.reached, o.sent).padStart(7)})  5xx ${o.serverErrors}  ${codes}`;
    })
    .join('\n');
}
