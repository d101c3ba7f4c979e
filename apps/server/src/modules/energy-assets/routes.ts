import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { energyAssetsApi, type AssetKind, type RouteResult } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

/** /RunSetup/PvSet, FanSet, EssSet, ChargeSet: the same four routes for each kind of asset. */
export const energyAssetsRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'energyAssets'> }> = async (app, { services }) => {
  const svc = services.energyAssets;
  const register = <K extends AssetKind>(kind: K) => {
    const r = energyAssetsApi[kind];
    // The service stores what the kind's schema parsed and returns it; the response schema checks it again.
    type Item = RouteResult<(typeof r)['create']>;
    type List = RouteResult<(typeof r)['list']>;
    addRoute(app, r.list, async (req) => (await svc.list(requireUser(req.user), kind, req.query.project_id)) as List);
    addRoute(app, r.create, async (req) => (await svc.create(requireUser(req.user), kind, req.body)) as Item);
    addRoute(app, r.update, async (req) => (await svc.update(requireUser(req.user), kind, req.params.id, req.body)) as Item);
    addRoute(app, r.remove, (req) => svc.remove(requireUser(req.user), kind, req.params.id, req.query.version));
  };
  register('pv');
  register('wind');
  register('ess');
  register('charger');
};
