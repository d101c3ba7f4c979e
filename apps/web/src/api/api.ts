import { pathParamNames, type ApiRoute, type RouteData, type RouteInput } from '@gridops/contract';
import { request, type RequestOptions } from './http';

/** How a call behaves (pop-up, timeout, cancellation); what it sends comes from the route's input. */
export type ApiOptions = Pick<RequestOptions, 'silent' | 'timeoutMs' | 'signal'>;

/** A route whose input has no required field may be called without one. */
type ApiArgs<R extends ApiRoute> =
  object extends RouteInput<R>
    ? [input?: RouteInput<R>, opts?: ApiOptions]
    : [input: RouteInput<R>, opts?: ApiOptions];

type QueryValue = string | number | boolean | null | undefined;

/**
 * Calls a route of the contract's table (`apiRoutes`) and resolves with the envelope's `data`, typed from the
 * route's schema. `input` holds the path parameters and the query (GET, DELETE) or body (POST, PUT) as one
 * object. Headers, timeout, 10001 logout and error pop-ups are the HTTP client's.
 */
export function api<R extends ApiRoute>(route: R, ...[input, opts]: ApiArgs<R>): Promise<RouteData<R>> {
  const fields: Record<string, unknown> = { ...(input as Record<string, unknown> | undefined) };
  let path: string = route.path;
  for (const name of pathParamNames(route.path)) {
    path = path.replace(`:${name}`, encodeURIComponent(String(fields[name])));
    delete fields[name];
  }
  if (route.method === 'GET' || route.method === 'DELETE') {
    // Query schemas hold scalars only (lists travel comma-separated), so every value is a QueryValue.
    return request<RouteData<R>>(route.method, path, {
      ...opts,
      query: fields as Record<string, QueryValue>,
    });
  }
  return request<RouteData<R>>(route.method, path, { ...opts, body: fields });
}
