import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { energyStatsApi as routes } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

/** Statistics of /EnergyManage and the energy pages: series with MoM/YoY, meter readings, losses, expense. */
export const statisticsRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'statistics'> }> = async (
  app,
  { services },
) => {
  const stats = services.statistics;

  addRoute(app, routes.stats, (req) => stats.stats(requireUser(req.user), req.body));
  addRoute(app, routes.readings, (req) => stats.readings(requireUser(req.user), req.body));
  addRoute(app, routes.loss, (req) => stats.loss(requireUser(req.user), req.body));
  addRoute(app, routes.expense, (req) => stats.expense(requireUser(req.user), req.body));
};
