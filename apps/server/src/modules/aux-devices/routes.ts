import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auxDeviceApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

/** Auxiliary devices and their automation rules (/RunSetup/AuxDeviceSet). */
export const auxDeviceRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'auxDevices' | 'auxRules' | 'auxImport'> }> = async (app, { services }) => {
  const { auxDevices: d, auxRules: r, auxImport } = services;
  addRoute(app, auxDeviceApi.list, (req) => d.list(requireUser(req.user), req.query.project_id));
  addRoute(app, auxDeviceApi.create, (req) => d.create(requireUser(req.user), req.body));
  addRoute(app, auxDeviceApi.update, (req) => d.update(requireUser(req.user), req.params.id, req.body));
  addRoute(app, auxDeviceApi.remove, (req) => d.remove(requireUser(req.user), req.params.id, req.query.version));
  addRoute(app, auxDeviceApi.importXlsx, (req) => auxImport(requireUser(req.user), req.body));
  addRoute(app, auxDeviceApi.rules, (req) => r.list(requireUser(req.user), req.query.project_id));
  addRoute(app, auxDeviceApi.createRule, (req) => r.create(requireUser(req.user), req.body));
  addRoute(app, auxDeviceApi.updateRule, (req) => r.update(requireUser(req.user), req.params.id, req.body));
  addRoute(app, auxDeviceApi.removeRule, (req) => r.remove(requireUser(req.user), req.params.id, req.query.version));
};
