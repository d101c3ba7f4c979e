import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import type { AppServices } from '../../services.js';
import { addRoute } from '../../lib/route.js';

/** Usage logs: read only (the log has no route that changes or deletes it). */
export const auditRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'audit'> }> = async (app, { services }) => {
  addRoute(app, auditApi.list, (req) => services.audit.list(requireUser(req.user), req.query));
};
