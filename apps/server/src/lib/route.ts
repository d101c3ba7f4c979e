import type { IncomingMessage } from 'node:http';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiRoutes, envelope, type ApiRoute, type RouteParsed, type RouteResult } from '@gridops/contract';
import { auditContext, type AuditContext } from '../modules/audit/context.js';
import { ok } from './reply.js';

/** The Fastify instance route plugins receive (FastifyPluginAsyncZod). */
export type ApiApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A request to `R` after validation: params, query and body as its schemas parse them. */
export type ApiRequest<R extends ApiRoute> = FastifyRequest<{
  Params: RouteParsed<R, 'params'>;
  Querystring: RouteParsed<R, 'query'>;
  Body: RouteParsed<R, 'body'>;
}>;

/** `group.name` of every route of the contract's table (`member.update`): the usage log's action names. */
const routeIds = new Map<ApiRoute, string>(
  Object.entries(apiRoutes).flatMap(([group, routes]) => Object.entries(routes).map(([name, r]): [ApiRoute, string] => [r, `${group}.${name}`])),
);

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null;

/**
 * The requests whose route handler ran: past the headers, the session, the permission and schema validation.
 * The route fuzz (test-support/routeFuzz.ts) reads it to tell input that reached the service from input refused
 * on the way. Weak, so it keeps no request alive; one set for every app of the process.
 */
const enteredHandler = new WeakSet<IncomingMessage>();

/** Whether this request (the raw Node request, e.g. `app.inject`'s `res.raw.req`) got as far as its route handler. */
export const reachedHandler = (raw: IncomingMessage): boolean => enteredHandler.has(raw);

/**
 * Registers a route of the contract's table: its method and path, its request schemas for validation and
 * OpenAPI, and the success envelope around `data` as the 200 response. The handler gets the parsed request
 * and returns `data`; errors it throws go to the one error handler.
 */
export function addRoute<R extends ApiRoute>(
  app: ApiApp,
  route: R,
  handler: (req: ApiRequest<R>) => Promise<RouteResult<R>> | RouteResult<R>,
): void {
  const routeId = routeIds.get(route) ?? `${route.method} ${route.path}`;
  const schema: FastifySchema = {
    tags: [...route.tags],
    summary: route.summary,
    response: { 200: envelope(route.data) },
  };
  if (route.params) schema.params = route.params;
  if (route.query) schema.querystring = route.query;
  if (route.body) schema.body = route.body;
  app.route({
    method: route.method,
    url: route.path,
    config: {
      ...(route.public ? { public: true } : { permission: route.permission ?? 'view' }),
      ...(route.allowPendingPassword ? { allowPendingPassword: true } : {}),
      routeId,
    },
    schema,
    ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
    // The validator has parsed the request with the route's own schemas, so it has the shape ApiRequest<R> names.
    // The handler runs inside the usage log's request context (modules/audit/context.ts).
    handler: async (req) => {
      enteredHandler.add(req.raw);
      const ctx: AuditContext = {
        routeId,
        // Reads sent as POST (route.readOnly) are not writes: the usage log's hook skips them like GETs.
        method: route.readOnly ? 'GET' : route.method,
        user: req.user,
        ip: req.ip,
        userAgent: header(req.headers['user-agent']),
        deviceType: header(req.headers['devicetype']),
        recorded: false,
      };
      req.audit = ctx;
      return ok(await auditContext.run(ctx, () => handler(req as ApiRequest<R>)));
    },
  });
}
