import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pushApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import type { AppServices } from '../../services.js';
import { addRoute } from '../../lib/route.js';

export const pushRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'push'> }> = async (app, { services }) => {
  const { push } = services;
  addRoute(app, pushApi.settings, (req) => push.settings(requireUser(req.user), req.query.org_id));
  addRoute(app, pushApi.saveSmtp, (req) => push.saveSmtp(requireUser(req.user), req.body));
  addRoute(app, pushApi.createChannel, (req) => push.createChannel(requireUser(req.user), req.body));
  addRoute(app, pushApi.updateChannel, (req) => push.updateChannel(requireUser(req.user), req.params.id, req.body));
  addRoute(app, pushApi.deleteChannel, (req) => push.deleteChannel(requireUser(req.user), req.params.id));
  addRoute(app, pushApi.test, (req) => push.test(requireUser(req.user), req.body, req.lang));
  addRoute(app, pushApi.createRule, (req) => push.createRule(requireUser(req.user), req.body));
  addRoute(app, pushApi.updateRule, (req) => push.updateRule(requireUser(req.user), req.params.id, req.body));
  addRoute(app, pushApi.deleteRule, (req) => push.deleteRule(requireUser(req.user), req.params.id));
  addRoute(app, pushApi.deliveries, (req) => push.deliveries(requireUser(req.user), req.query.org_id, req.query.size));
};
