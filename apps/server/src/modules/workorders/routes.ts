import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workOrderApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import type { AppServices } from '../../services.js';
import { addRoute } from '../../lib/route.js';

/** Defect work orders: list, detail, create, transitions, photos, assignees, SLA settings. */
export const workOrderRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'workOrders'> }> = async (app, { services }) => {
  const { workOrders } = services;
  addRoute(app, workOrderApi.list, (req) => workOrders.list(requireUser(req.user), req.query));
  addRoute(app, workOrderApi.get, (req) => workOrders.get(requireUser(req.user), req.params.id));
  addRoute(app, workOrderApi.create, (req) => workOrders.create(requireUser(req.user), req.body));
  addRoute(app, workOrderApi.transition, (req) => workOrders.transition(requireUser(req.user), req.params.id, req.body));
  addRoute(app, workOrderApi.photo, (req) => workOrders.photo(requireUser(req.user), req.params.photoId));
  addRoute(app, workOrderApi.assignees, (req) => workOrders.assignees(requireUser(req.user), req.query.project_id));
  addRoute(app, workOrderApi.sla, (req) => workOrders.sla(requireUser(req.user), req.query.org_id));
  addRoute(app, workOrderApi.saveSla, (req) => workOrders.saveSla(requireUser(req.user), req.body.org_id, req.body.rows));
};
