import type { z } from 'zod';
import type { RouteAccess } from '../permissions.js';

/** The methods the API uses: reads, actions, and the configuration pages' updates and deletions. */
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One JSON API route: what the server registers and validates, what OpenAPI documents and what the web calls.
 * `path` uses Fastify's `:name` segments for `params`. GET and DELETE carry their input in `query`, POST and PUT
 * in `body`; the web passes params and query or body as one flat object, so their keys never overlap.
 * `data` is the success envelope's `data` (spec §8); `public` routes need no session token (headers still do);
 * `permission` names what the caller must hold.
 */
export interface ApiRoute {
  readonly method: ApiMethod;
  readonly path: `/api/v6/${string}`;
  readonly tags: readonly string[];
  readonly summary: string;
  readonly public?: boolean;
  /**
   * What the caller must hold (docs/permissions.md); absent means 'view'. Checked by the server for every
   * request before the route's service runs; 'session' needs only a live session (logout, user info).
   */
  readonly permission?: RouteAccess;
  /**
   * A read that the spec makes a POST (list and statistics queries with a body): it changes nothing, so the
   * usage log's write hook does not record it (docs/audit.md).
   */
  readonly readOnly?: true;
  /** Reachable while the account must still change its password (first login); every other route answers 10030. */
  readonly allowPendingPassword?: boolean;
  /** A larger request body than the server's default 1 MB (uploads such as certificate photos), in bytes. */
  readonly bodyLimit?: number;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly data: z.ZodType;
}

/** Keeps the literal method, path and schema types of a route (the table is read through them). */
export const defineRoute = <R extends ApiRoute>(route: R): R => route;

type RequestPart = 'params' | 'query' | 'body';
type PartSchema<R, P extends RequestPart> = R extends { readonly [K in P]: infer S extends z.ZodType }
  ? S
  : never;

/**
 * The caller's view of a schema's input. A coerced field (`z.coerce.number()`, for query strings and ids) takes
 * `unknown` in zod; the caller should still send what it parses to, so such fields take the output type.
 */
type WireInput<I, O> = { [K in keyof I]: unknown extends I[K] ? (K extends keyof O ? O[K] : never) : I[K] };
type PartInput<R, P extends RequestPart> = [PartSchema<R, P>] extends [never]
  ? unknown
  : WireInput<z.input<PartSchema<R, P>>, z.output<PartSchema<R, P>>>;

/** What a caller sends: path parameters and the query or body, as one object. */
export type RouteInput<R extends ApiRoute> = PartInput<R, 'params'> &
  PartInput<R, 'query'> &
  PartInput<R, 'body'>;

/** A request part as the handler sees it after validation (defaults applied, strings coerced). */
export type RouteParsed<R extends ApiRoute, P extends RequestPart> = [PartSchema<R, P>] extends [never]
  ? unknown
  : z.output<PartSchema<R, P>>;

/** What the caller receives: the envelope's `data`. */
export type RouteData<R extends ApiRoute> = z.output<R['data']>;

/** What a handler may return: anything the response schema accepts. */
export type RouteResult<R extends ApiRoute> = z.input<R['data']>;

/** The `:name` segments of a path, in order. */
export function pathParamNames(path: string): string[] {
  return path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));
}
