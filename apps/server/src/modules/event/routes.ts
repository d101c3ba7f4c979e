import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

/** Events: list/filter/page in scope, and the lifecycle actions (each one written to event_log). */
export const eventRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'events'> }> = async (app, { services }) => {
  const { events } = services;

  addRoute(app, eventApi.list, (req) => events.list(requireUser(req.user), req.query, req.lang));
  addRoute(app, eventApi.acknowledge, (req) => events.acknowledge(requireUser(req.user), req.body.ids));
  addRoute(app, eventApi.handle, (req) => events.handle(requireUser(req.user), req.body.id, req.body.note));
  addRoute(app, eventApi.close, (req) =>
    events.close(requireUser(req.user), req.body.ids, req.body.note ?? null),
  );
  addRoute(app, eventApi.log, (req) => events.log(requireUser(req.user), req.params.id));
};
