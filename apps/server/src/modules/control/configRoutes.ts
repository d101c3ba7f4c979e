import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { controlConfigApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

/** Remote-control configuration (/RunSetup/RemoteCtrlSet) and two-person approvals (/DevControl). */
export const controlConfigRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'controlConfig'> }> = async (app, { services }) => {
  const { controlConfig: c } = services;
  addRoute(app, controlConfigApi.get, (req) => c.get(requireUser(req.user), req.query.project_id));
  addRoute(app, controlConfigApi.saveBreaker, (req) => c.saveBreaker(requireUser(req.user), req.params.device_id, req.body));
  addRoute(app, controlConfigApi.saveSite, (req) => c.saveSite(requireUser(req.user), req.body));
  addRoute(app, controlConfigApi.createBlock, (req) => c.createBlock(requireUser(req.user), req.body));
  addRoute(app, controlConfigApi.deleteBlock, (req) => c.deleteBlock(requireUser(req.user), req.params.id));
  addRoute(app, controlConfigApi.createInterlock, (req) => c.createInterlock(requireUser(req.user), req.body));
  addRoute(app, controlConfigApi.deleteInterlock, (req) => c.deleteInterlock(requireUser(req.user), req.params.id));
  addRoute(app, controlConfigApi.approvals, (req) => c.approvals(requireUser(req.user), req.query.project_id));
  addRoute(app, controlConfigApi.approve, (req) => c.approve(requireUser(req.user), req.body.selection_id));
};
