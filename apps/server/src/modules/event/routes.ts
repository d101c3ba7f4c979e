import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  eventActionResponse,
  eventHandleRequest,
  eventIdsRequest,
  eventListRequest,
  eventListResponse,
  eventLogResponse,
} from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/reply.js';
import type { AppServices } from '../../services.js';

/** Events: list/filter/page in scope, and the lifecycle actions (each one written to event_log). */
export const eventRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { events } = services;
  const tags = ['event'];

  app.get(
    '/api/v6/event/list',
    { schema: { tags, summary: 'Events in scope, filtered and paged, newest first', querystring: eventListRequest, response: { 200: envelope(eventListResponse) } } },
    async (req) => ok(await events.list(requireUser(req.user), req.query, req.lang)),
  );
  app.post(
    '/api/v6/event/acknowledge',
    { schema: { tags, summary: 'Acknowledge pending events (bulk)', body: eventIdsRequest, response: { 200: envelope(eventActionResponse) } } },
    async (req) => ok(await events.acknowledge(requireUser(req.user), req.body.ids)),
  );
  app.post(
    '/api/v6/event/handle',
    { schema: { tags, summary: 'Record how an event was handled', body: eventHandleRequest, response: { 200: envelope(eventActionResponse) } } },
    async (req) => ok(await events.handle(requireUser(req.user), req.body.id, req.body.note)),
  );
  app.post(
    '/api/v6/event/close',
    { schema: { tags, summary: 'Close events', body: eventIdsRequest, response: { 200: envelope(eventActionResponse) } } },
    async (req) => ok(await events.close(requireUser(req.user), req.body.ids, req.body.note ?? null)),
  );
  app.get(
    '/api/v6/event/:id/log',
    { schema: { tags, summary: 'Audit trail of one event', params: z.object({ id: z.coerce.number().int().positive() }), response: { 200: envelope(eventLogResponse) } } },
    async (req) => ok(await events.log(requireUser(req.user), req.params.id)),
  );
};
