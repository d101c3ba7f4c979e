import { monthReportApi } from '@gridops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import type { AppServices } from '../../services.js';

/** /RunReport and /RunSetup/MonthReportSet (docs/monthly-report.md). */
export const monthReportRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'monthReport'> }> = async (app, { services }) => {
  const svc = services.monthReport;
  const r = monthReportApi;
  addRoute(app, r.settingsList, (req) => svc.settingsList(requireUser(req.user)));
  addRoute(app, r.saveSettings, (req) => svc.saveSettings(requireUser(req.user), req.body));
  addRoute(app, r.list, (req) => svc.list(requireUser(req.user), req.query.project_id));
  addRoute(app, r.view, (req) => svc.view(requireUser(req.user), req.query.project_id, req.query.month));
  addRoute(app, r.generate, (req) => svc.generate(requireUser(req.user), req.body));
  addRoute(app, r.file, (req) => svc.file(requireUser(req.user), req.params.id, req.query.format));
};
