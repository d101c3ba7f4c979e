import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { securityApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

/** Security monitoring (/SecMonitor: cameras and captures) and the inspection robot (/RobMonitor). */
export const securityRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'security'> }> = async (app, { services }) => {
  const { security } = services;

  addRoute(app, securityApi.cameras, (req) =>
    security.cameras(requireUser(req.user), req.query.project_id, req.lang),
  );
  addRoute(app, securityApi.captures, (req) => security.captures(requireUser(req.user), req.query, req.lang));
  addRoute(app, securityApi.robots, (req) =>
    security.robots(requireUser(req.user), req.query.project_id, req.lang),
  );
  addRoute(app, securityApi.inspections, (req) =>
    security.inspections(requireUser(req.user), req.query, req.lang),
  );
};
