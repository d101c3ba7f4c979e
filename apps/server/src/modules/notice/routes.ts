import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noticeApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

/** The four notice calls of spec §7: pending-event counts and lists, by organisation or by project. */
export const noticeRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'notices'> }> = async (app, { services }) => {
  const { notices } = services;

  addRoute(app, noticeApi.orgCount, (req) => notices.orgCount(requireUser(req.user), req.body.org_id));
  addRoute(app, noticeApi.orgList, (req) =>
    notices.orgList(requireUser(req.user), req.body.org_id, req.lang),
  );
  addRoute(app, noticeApi.projectCount, (req) =>
    notices.projectCount(requireUser(req.user), req.body.project_id),
  );
  addRoute(app, noticeApi.projectList, (req) =>
    notices.projectList(requireUser(req.user), req.body.project_id, req.lang),
  );
};
