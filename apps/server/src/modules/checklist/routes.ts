import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checklistApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

/** The site checklist (docs/onboarding.md). */
export const checklistRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'checklist'> }> = async (app, { services }) => {
  addRoute(app, checklistApi.site, (req) => services.checklist.site(requireUser(req.user), req.query.project_id));
  addRoute(app, checklistApi.overview, (req) => services.checklist.overview(requireUser(req.user)));
};
