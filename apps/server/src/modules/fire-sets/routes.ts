import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fireSetsApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

/** /RunSetup/FireLoopSet, ArcFaultSet and the limits /ElectricalRoom/ElectricFire draws (docs/electrical-fire.md). */
export const fireSetsRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'fireSets' | 'fireLoopImport' | 'arcDetectorImport'> }> = async (app, { services }) => {
  const svc = services.fireSets;
  addRoute(app, fireSetsApi.loops, (req) => svc.listLoops(requireUser(req.user), req.query.project_id));
  addRoute(app, fireSetsApi.createLoop, (req) => svc.createLoop(requireUser(req.user), req.body));
  addRoute(app, fireSetsApi.updateLoop, (req) => svc.updateLoop(requireUser(req.user), req.params.id, req.body));
  addRoute(app, fireSetsApi.removeLoop, (req) => svc.removeLoop(requireUser(req.user), req.params.id, req.query.version));
  addRoute(app, fireSetsApi.importLoops, (req) => services.fireLoopImport(requireUser(req.user), req.body));
  addRoute(app, fireSetsApi.arcs, (req) => svc.listArcs(requireUser(req.user), req.query.project_id));
  addRoute(app, fireSetsApi.createArc, (req) => svc.createArc(requireUser(req.user), req.body));
  addRoute(app, fireSetsApi.updateArc, (req) => svc.updateArc(requireUser(req.user), req.params.id, req.body));
  addRoute(app, fireSetsApi.removeArc, (req) => svc.removeArc(requireUser(req.user), req.params.id, req.query.version));
  addRoute(app, fireSetsApi.importArcs, (req) => services.arcDetectorImport(requireUser(req.user), req.body));
  addRoute(app, fireSetsApi.limits, (req) => svc.limits(requireUser(req.user), req.query.project_id));
};
