import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orgApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

export const orgRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'orgs'> }> = async (app, { services }) => {
  const { orgs } = services;

  addRoute(app, orgApi.tree, (req) => orgs.tree(requireUser(req.user)));
  addRoute(app, orgApi.projects, (req) => orgs.listProjects(requireUser(req.user), req.query));
  addRoute(app, orgApi.project, (req) => orgs.project(requireUser(req.user), req.params.id));
};
