import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { energyStatsApi as routes } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

/** Statistics of /EnergyManage, /IntergralEnergy, /EnergyHome, /Carbon and /CentreCarbon. */
export const energyStatsRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'energyStats' | 'energyOverview' | 'energyCarbon'> }> = async (
  app,
  { services },
) => {
  const { energyStats: stats, energyOverview: overview, energyCarbon: carbon } = services;

  addRoute(app, routes.stats, (req) => stats.stats(requireUser(req.user), req.body));
  addRoute(app, routes.readings, (req) => stats.readings(requireUser(req.user), req.body));
  addRoute(app, routes.loss, (req) => stats.loss(requireUser(req.user), req.body));
  addRoute(app, routes.expense, (req) => stats.expense(requireUser(req.user), req.body));
  addRoute(app, routes.newEnergyOverview, (req) =>
    overview.newEnergy(requireUser(req.user), req.body.project_id, req.body.date),
  );
  addRoute(app, routes.storageOverview, (req) =>
    overview.storage(requireUser(req.user), req.body.project_id, req.body.date),
  );
  addRoute(app, routes.powerOverview, (req) =>
    overview.power(requireUser(req.user), req.body.project_id, req.body.date),
  );
  addRoute(app, routes.flow, (req) => overview.flow(requireUser(req.user), req.body.project_id));
  addRoute(app, routes.microgrid, (req) => overview.microgrid(requireUser(req.user), req.body.project_id));
  addRoute(app, routes.integrated, (req) => carbon.integrated(requireUser(req.user), req.body));
  addRoute(app, routes.carbon, (req) =>
    carbon.site(requireUser(req.user), req.body.project_id, req.body.year),
  );
  addRoute(app, routes.centreCarbon, (req) =>
    carbon.centre(requireUser(req.user), req.body.org_id, req.body.year),
  );
  addRoute(app, routes.factors, () => carbon.factors());
};
