import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { energyApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

export const energyRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'energy'> }> = async (app, { services }) => {
  addRoute(app, energyApi.daySunInfo, (req) =>
    services.energy.daySunInfo(requireUser(req.user), req.body.project_id),
  );
};
