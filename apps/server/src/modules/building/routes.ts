import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildingApi, type EquipmentSet, type RouteResult } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

/** /RunSetup/BuildGroupSet, BuildAirSet, BuildOutdoorSet, BuildWaterSet, BuildPowerSet and /IntergralBuilding. */
export const buildingRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'building'> }> = async (app, { services }) => {
  const svc = services.building;
  const b = buildingApi.buildings;
  type BuildingItem = RouteResult<typeof b.create>;
  addRoute(app, b.list, async (req) => (await svc.listBuildings(requireUser(req.user), req.query.project_id)) as RouteResult<typeof b.list>);
  addRoute(app, b.create, async (req) => (await svc.createBuilding(requireUser(req.user), req.body)) as BuildingItem);
  addRoute(app, b.update, async (req) => (await svc.updateBuilding(requireUser(req.user), req.params.id, req.body)) as BuildingItem);
  addRoute(app, b.remove, (req) => svc.removeBuilding(requireUser(req.user), req.params.id, req.query.version));
  const register = <S extends EquipmentSet>(set: S) => {
    const r = buildingApi[set];
    // The service stores what the set's schema parsed and returns it; the response schema checks it again.
    type Item = RouteResult<(typeof r)['create']>;
    type List = RouteResult<(typeof r)['list']>;
    addRoute(app, r.list, async (req) => (await svc.listEquipment(requireUser(req.user), set, req.query.project_id)) as List);
    addRoute(app, r.create, async (req) => (await svc.createEquipment(requireUser(req.user), set, req.body)) as Item);
    addRoute(app, r.update, async (req) => (await svc.updateEquipment(requireUser(req.user), set, req.params.id, req.body)) as Item);
    addRoute(app, r.remove, (req) => svc.removeEquipment(requireUser(req.user), set, req.params.id, req.query.version));
  };
  register('air');
  register('outdoor');
  register('water');
  register('power');
  addRoute(app, buildingApi.live, (req) => svc.live(requireUser(req.user), req.query.project_id));
};
