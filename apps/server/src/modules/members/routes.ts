import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import type { AppServices } from '../../services.js';
import { addRoute } from '../../lib/route.js';

export const memberRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'members'> }> = async (app, { services }) => {
  const { members } = services;
  addRoute(app, memberApi.list, (req) => members.list(requireUser(req.user), req.query));
  addRoute(app, memberApi.create, (req) => members.create(requireUser(req.user), req.body));
  addRoute(app, memberApi.update, (req) => members.update(requireUser(req.user), req.params.id, req.body));
  addRoute(app, memberApi.resetPassword, (req) => members.resetPassword(requireUser(req.user), req.params.id, req.body.password));
  addRoute(app, memberApi.setStatus, (req) => members.setStatus(requireUser(req.user), req.params.id, req.body.enabled));
  addRoute(app, memberApi.unlock, (req) => members.unlock(requireUser(req.user), req.params.id));
};
