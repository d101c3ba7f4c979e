import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { kpiApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

/** Live KPI strips of /SiteHome and /CentreHome (docs/pages/home-kpis.md). */
export const kpiRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'kpi'> }> = async (app, { services }) => {
  const { kpi } = services;
  addRoute(app, kpiApi.siteKpi, (req) => kpi.site(requireUser(req.user), req.body.project_id, req.lang));
  addRoute(app, kpiApi.centreKpi, (req) => kpi.centre(requireUser(req.user), req.body.org_id, req.lang));
};
