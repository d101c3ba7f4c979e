import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { expertApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import type { AppServices } from '../../services.js';
import { addRoute } from '../../lib/route.js';

export const expertRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'experts'> }> = async (app, { services }) => {
  const { experts } = services;
  addRoute(app, expertApi.register, (req) => experts.register(req.body, req.ip));
  addRoute(app, expertApi.inviteCode, (req) => experts.inviteCode(requireUser(req.user)));
  addRoute(app, expertApi.list, (req) => experts.list(requireUser(req.user), req.query));
  addRoute(app, expertApi.get, (req) => experts.get(requireUser(req.user), req.params.id));
  addRoute(app, expertApi.photo, (req) => experts.photo(requireUser(req.user), req.params.certId));
  addRoute(app, expertApi.review, (req) => experts.review(requireUser(req.user), req.params.id, req.body.decision, req.body.reason));
  addRoute(app, expertApi.update, (req) => experts.update(requireUser(req.user), req.params.id, req.body));
  addRoute(app, expertApi.setStatus, (req) => experts.setStatus(requireUser(req.user), req.params.id, req.body.enabled));
};
