import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { distributionApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

/** Smart distribution: overview (/index), real-time tree (/DevMonitor) and single-line diagrams. */
export const distributionRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'distribution'> }> = async (
  app,
  { services },
) => {
  const { distribution } = services;

  addRoute(app, distributionApi.overview, (req) =>
    distribution.overview(requireUser(req.user), req.query.project_id, req.lang),
  );
  addRoute(app, distributionApi.realtime, (req) =>
    distribution.realtime(requireUser(req.user), req.query, req.lang),
  );
  const { diagrams } = distribution;
  addRoute(app, distributionApi.diagram, (req) => diagrams.diagram(requireUser(req.user), req.params.room_id, req.lang, req.query.diagram_id));
  addRoute(app, distributionApi.saveDiagram, (req) => diagrams.save(requireUser(req.user), req.params.room_id, req.body));
  addRoute(app, distributionApi.diagramDraft, (req) => diagrams.draft(requireUser(req.user), req.body));
  addRoute(app, distributionApi.diagrams, (req) => diagrams.list(requireUser(req.user), req.params.room_id));
  addRoute(app, distributionApi.createDiagram, (req) => diagrams.create(requireUser(req.user), req.params.room_id, req.body));
  addRoute(app, distributionApi.renameDiagram, (req) => diagrams.rename(requireUser(req.user), req.params.diagram_id, req.body));
  addRoute(app, distributionApi.deleteDiagram, (req) => diagrams.remove(requireUser(req.user), req.params.diagram_id, req.query.version));
};
