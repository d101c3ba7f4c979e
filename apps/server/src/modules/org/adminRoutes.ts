import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orgAdminApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

/** Organisation-tree and project administration (docs/onboarding-orgs.md). */
export const orgAdminRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'orgAdmin' | 'projectAdmin'> }> = async (app, { services }) => {
  const { orgAdmin, projectAdmin } = services;

  addRoute(app, orgAdminApi.orgs, (req) => orgAdmin.list(requireUser(req.user)));
  addRoute(app, orgAdminApi.createOrg, (req) => orgAdmin.create(requireUser(req.user), req.body));
  addRoute(app, orgAdminApi.updateOrg, (req) => orgAdmin.update(requireUser(req.user), req.params.id, req.body));
  addRoute(app, orgAdminApi.moveOrg, (req) => orgAdmin.move(requireUser(req.user), req.params.id, req.body.parent_id, req.body.version));
  addRoute(app, orgAdminApi.deleteOrg, (req) => orgAdmin.remove(requireUser(req.user), req.params.id, req.query.version));

  addRoute(app, orgAdminApi.projects, (req) => projectAdmin.list(requireUser(req.user), req.query));
  addRoute(app, orgAdminApi.project, (req) => projectAdmin.get(requireUser(req.user), req.params.id));
  addRoute(app, orgAdminApi.createProject, (req) => projectAdmin.create(requireUser(req.user), req.body));
  addRoute(app, orgAdminApi.updateProject, (req) => projectAdmin.update(requireUser(req.user), req.params.id, req.body));
  addRoute(app, orgAdminApi.createRoom, (req) => projectAdmin.createRoom(requireUser(req.user), req.params.id, req.body));
  addRoute(app, orgAdminApi.renameRoom, (req) => projectAdmin.renameRoom(requireUser(req.user), req.params.id, req.body));
  addRoute(app, orgAdminApi.deleteRoom, (req) => projectAdmin.deleteRoom(requireUser(req.user), req.params.id));
};
