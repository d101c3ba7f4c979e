import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { weatherApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

export const weatherRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'weather'> }> = async (app, { services }) => {
  addRoute(app, weatherApi.now, (req) => services.weather.now(requireUser(req.user), req.body.project_id));
};
