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
import { envelope, type ApiRoute, type RouteParsed, type RouteResult } from '@gridops/contract';
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
    },
    schema,
    ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
    // The validator has parsed the request with the route's own schemas, so it has the shape ApiRequest<R> names.
    handler: async (req) => ok(await handler(req as ApiRequest<R>)),
  });
}
