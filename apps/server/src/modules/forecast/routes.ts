import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forecastApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

export const forecastRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'forecast'> }> = async (app, { services }) => {
  addRoute(app, forecastApi.site, (req) => services.forecast.forecast(requireUser(req.user), req.query.project_id, req.query.hours));
  addRoute(app, forecastApi.accuracy, (req) => services.forecast.accuracy(requireUser(req.user), req.query.project_id, req.query.days));
};
