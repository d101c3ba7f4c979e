import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ieSetsApi as routes } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

/** /RunSetup/Ie*Set: use categories of each energy type and the meters assigned to them. */
export const ieSetsRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'ieSets'> }> = async (app, { services }) => {
  const svc = services.ieSets;
  addRoute(app, routes.categories, (req) => svc.categories(requireUser(req.user), req.query.project_id, req.query.energy_type));
  addRoute(app, routes.createCategory, (req) => svc.createCategory(requireUser(req.user), req.body));
  addRoute(app, routes.updateCategory, (req) => svc.updateCategory(requireUser(req.user), req.params.id, req.body));
  addRoute(app, routes.deleteCategory, (req) => svc.deleteCategory(requireUser(req.user), req.params.id, req.query.version));
  addRoute(app, routes.meters, (req) => svc.meters(requireUser(req.user), req.query.project_id, req.query.energy_type));
  addRoute(app, routes.assign, (req) => svc.assign(requireUser(req.user), req.body));
};
