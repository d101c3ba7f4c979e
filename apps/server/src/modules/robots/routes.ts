import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { robotApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

/** /RunSetup/RobotSet and /ElectricalRoom/RobMonitor (docs/robot.md). */
export const robotsRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'robots' | 'robotRounds'> }> = async (app, { services }) => {
  const svc = services.robots;
  addRoute(app, robotApi.live, (req) => svc.live(requireUser(req.user), req.query.project_id, req.lang));
  addRoute(app, robotApi.configs, (req) => svc.configs(requireUser(req.user), req.query.project_id));
  addRoute(app, robotApi.create, (req) => svc.create(requireUser(req.user), req.body));
  addRoute(app, robotApi.update, (req) => svc.update(requireUser(req.user), req.params.id, req.body));
  addRoute(app, robotApi.startRound, (req) => services.robotRounds.startRound(requireUser(req.user), req.params.id));
  addRoute(app, robotApi.remove, (req) => svc.remove(requireUser(req.user), req.params.id, req.query.version));
};
