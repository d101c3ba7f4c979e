import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEntryApi as r } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

/** /RunSetup/DataEntrySet: manual meters, readings, photos and the .xlsx import. */
export const dataEntryRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'dataEntry' | 'dataEntryImport'> }> = async (app, { services }) => {
  const svc = services.dataEntry;
  addRoute(app, r.meters, (req) => svc.meters(requireUser(req.user), req.query.project_id));
  addRoute(app, r.createMeter, (req) => svc.createMeter(requireUser(req.user), req.body));
  addRoute(app, r.updateMeter, (req) => svc.updateMeter(requireUser(req.user), req.params.id, req.body));
  addRoute(app, r.removeMeter, (req) => svc.removeMeter(requireUser(req.user), req.params.id, req.query.version));
  addRoute(app, r.readings, (req) => svc.readings(requireUser(req.user), req.params.id));
  addRoute(app, r.importReadings, (req) => services.dataEntryImport(requireUser(req.user), req.params.id, req.body));
  addRoute(app, r.createReading, (req) => svc.createReading(requireUser(req.user), req.body));
  addRoute(app, r.updateReading, (req) => svc.updateReading(requireUser(req.user), req.params.id, req.body));
  addRoute(app, r.removeReading, (req) => svc.removeReading(requireUser(req.user), req.params.id, req.query.version));
  addRoute(app, r.photo, (req) => svc.photo(requireUser(req.user), req.params.id));
};
