import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { energyStatsApi as routes } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

/** Overviews and live views of /EnergyHome and the energy pages, integrated energy, /Carbon and /CentreCarbon. */
export const overviewRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'overview' | 'carbon'> }> = async (
  app,
  { services },
) => {
  const { overview, carbon } = services;

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
