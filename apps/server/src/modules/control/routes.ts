import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { controlApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

/** Remote control (/DevControl) with select-before-operate, and the control log (/CtrlLogs). */
export const controlRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'control'> }> = async (app, { services }) => {
  const { control } = services;

  addRoute(app, controlApi.targets, (req) =>
    control.targets(requireUser(req.user), req.query.project_id, req.lang),
  );
  addRoute(app, controlApi.auxTargets, (req) =>
    control.auxTargets(requireUser(req.user), req.query.project_id, req.lang),
  );
  addRoute(app, controlApi.select, (req) =>
    control.select(requireUser(req.user), req.body, req.ip, req.lang),
  );
  addRoute(app, controlApi.execute, (req) => control.execute(requireUser(req.user), req.body, req.ip));
  addRoute(app, controlApi.cancel, (req) =>
    control.cancel(requireUser(req.user), req.body.selection_id, req.ip),
  );
  addRoute(app, controlApi.log, (req) => control.logList(requireUser(req.user), req.query, req.lang));
};
