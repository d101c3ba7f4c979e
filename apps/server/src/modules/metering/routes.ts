import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingApi, meteringApi as routes } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

/** Configuration pages of /EnergyManage: metering trees, loops, flow layout and tariffs. */
export const meteringRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'metering'> }> = async (
  app,
  { services },
) => {
  const svc = services.metering;

  addRoute(app, routes.tree, (req) =>
    svc.tree(requireUser(req.user), req.query.project_id, req.query.energy_type),
  );
  addRoute(app, routes.points, (req) => svc.points(requireUser(req.user), req.query.project_id));
  addRoute(app, routes.createNode, (req) => svc.createNode(requireUser(req.user), req.body));
  addRoute(app, routes.updateNode, (req) => svc.updateNode(requireUser(req.user), req.params.id, req.body));
  addRoute(app, routes.deleteNode, (req) => svc.deleteNode(requireUser(req.user), req.params.id));
  addRoute(app, routes.saveLayout, (req) =>
    svc.setLayout(requireUser(req.user), req.body.project_id, req.body.positions),
  );
  addRoute(app, routes.loops, (req) => svc.loops(requireUser(req.user), req.query.project_id));
  addRoute(app, routes.createLoop, (req) => svc.createLoop(requireUser(req.user), req.body));
  addRoute(app, routes.updateLoop, (req) => svc.updateLoop(requireUser(req.user), req.params.id, req.body));
  addRoute(app, routes.deleteLoop, (req) => svc.deleteLoop(requireUser(req.user), req.params.id));
  addRoute(app, routes.tariff, (req) => svc.tariff(requireUser(req.user), req.query.project_id));
  addRoute(app, routes.saveTariff, (req) =>
    svc.setTariff(requireUser(req.user), req.body.project_id, req.body.months),
  );
  addRoute(app, billingApi.tariffs, (req) => svc.billing.list(requireUser(req.user), req.query.project_id));
  addRoute(app, billingApi.createTariff, (req) => svc.billing.create(requireUser(req.user), req.body));
  addRoute(app, billingApi.updateTariff, (req) => svc.billing.update(requireUser(req.user), req.params.id, req.body));
  addRoute(app, billingApi.deleteTariff, (req) => svc.billing.remove(requireUser(req.user), req.params.id));
};
