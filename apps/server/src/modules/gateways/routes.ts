import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceTemplateApi, gatewayApi as routes } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

/** /RunSetup/DevMonitorSet: gateways, their credentials, their devices, and unknown devices. */
export const gatewayRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'gateways'> }> = async (app, { services }) => {
  const svc = services.gateways;
  addRoute(app, routes.list, (req) => svc.list(requireUser(req.user), req.query.project_id));
  addRoute(app, routes.create, (req) => svc.create(requireUser(req.user), req.body));
  addRoute(app, routes.update, (req) => svc.update(requireUser(req.user), req.params.id, req.body));
  addRoute(app, routes.remove, (req) => svc.remove(requireUser(req.user), req.params.id));
  addRoute(app, routes.issueCredentials, (req) => svc.issueCredentials(requireUser(req.user), req.params.id));
  addRoute(app, routes.revokeCredentials, (req) => svc.revokeCredentials(requireUser(req.user), req.params.id));
  // The host the console was opened on (Host header; X-Forwarded-Host behind a trusted proxy), without port or brackets.
  addRoute(app, routes.kit, (req) => svc.kit(requireUser(req.user), req.query.gateway_id, req.hostname.replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1')));
  addRoute(app, routes.unknownDevices, (req) => svc.unknownDevices(requireUser(req.user), req.query.project_id));
  addRoute(app, routes.adopt, (req) => svc.adopt(requireUser(req.user), req.body));
  addRoute(app, routes.devices, (req) => svc.devices(requireUser(req.user), req.query.project_id));
  addRoute(app, routes.createDevice, (req) => svc.createDevice(requireUser(req.user), req.body));
  addRoute(app, routes.updateDevice, (req) => svc.updateDevice(requireUser(req.user), req.params.id, req.body));
  addRoute(app, routes.moveDevices, (req) => svc.moveDevices(requireUser(req.user), req.body));
  addRoute(app, routes.rooms, (req) => svc.rooms(requireUser(req.user), req.query.project_id));
  addRoute(app, routes.deleteDevice, (req) => svc.deleteDevice(requireUser(req.user), req.params.id));
};

/** /RunSetup/DevTemplateSet: device templates and the bulk device import. */
export const deviceTemplateRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'templates'> }> = async (app, { services }) => {
  const svc = services.templates;
  const t = deviceTemplateApi;
  addRoute(app, t.list, (req) => svc.list(requireUser(req.user)));
  addRoute(app, t.create, (req) => svc.create(requireUser(req.user), req.body));
  addRoute(app, t.update, (req) => svc.update(requireUser(req.user), req.params.id, req.body));
  addRoute(app, t.remove, (req) => svc.remove(requireUser(req.user), req.params.id));
  addRoute(app, t.importDevices, (req) => svc.importDevices(requireUser(req.user), req.body));
};
