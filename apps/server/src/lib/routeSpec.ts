import { envelope } from '@gridops/contract';
import type { z } from 'zod';

/** A route's request schemas (any of query string, path parameters, body). */
interface RouteInput {
  querystring?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
}

/**
 * The options of a thin JSON route: its OpenAPI tags and summary, the request schemas and the success envelope
 * around `data` as the 200 response. The handler stays at the call site, typed from these schemas.
 */
export const routeSpec = <I extends RouteInput, D extends z.ZodType>(
  tags: string[],
  summary: string,
  input: I,
  data: D,
) => ({
  schema: { tags, summary, ...input, response: { 200: envelope(data) } },
});
