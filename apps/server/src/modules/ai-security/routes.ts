import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { aiSecurityApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

/** AI security (/AISecurity): detections, today's counts and FP rates, review. */
export const aiSecurityRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'aiSecurity'> }> = async (app, { services }) => {
  const { aiSecurity } = services;
  addRoute(app, aiSecurityApi.events, (req) => aiSecurity.list(requireUser(req.user), req.query, req.lang));
  addRoute(app, aiSecurityApi.summary, (req) => aiSecurity.summary(requireUser(req.user), req.query.project_id, req.query.days, req.lang));
  addRoute(app, aiSecurityApi.review, (req) => aiSecurity.review(requireUser(req.user), req.params.id, req.body.verdict, req.lang));
};
