import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inspectionApi as api } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import type { AppServices } from '../../services.js';
import { addRoute } from '../../lib/route.js';

export const inspectionRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'inspectionPlans' | 'inspectionTasks'> }> = async (app, { services }) => {
  const plans = services.inspectionPlans;
  const tasks = services.inspectionTasks;
  addRoute(app, api.templates, (req) => plans.templates(requireUser(req.user), req.query.project_id));
  addRoute(app, api.createTemplate, (req) => plans.createTemplate(requireUser(req.user), req.body));
  addRoute(app, api.updateTemplate, (req) => plans.updateTemplate(requireUser(req.user), req.params.id, req.body));
  addRoute(app, api.deleteTemplate, (req) => plans.deleteTemplate(requireUser(req.user), req.params.id));
  addRoute(app, api.options, (req) => plans.options(requireUser(req.user), req.query.project_id));
  addRoute(app, api.plans, (req) => plans.plans(requireUser(req.user), req.query.project_id));
  addRoute(app, api.createPlan, (req) => plans.createPlan(requireUser(req.user), req.body));
  addRoute(app, api.updatePlan, (req) => plans.updatePlan(requireUser(req.user), req.params.id, req.body));
  addRoute(app, api.setPlanStatus, (req) => plans.setStatus(requireUser(req.user), req.params.id, req.body.status, req.body.version));
  addRoute(app, api.deletePlan, (req) => plans.deletePlan(requireUser(req.user), req.params.id));
  addRoute(app, api.myTasks, (req) => tasks.myTasks(requireUser(req.user)));
  addRoute(app, api.tasks, (req) => tasks.tasks(requireUser(req.user), req.query));
  addRoute(app, api.task, (req) => tasks.task(requireUser(req.user), req.params.id));
  addRoute(app, api.start, (req) => tasks.start(requireUser(req.user), req.params.id));
  addRoute(app, api.submit, (req) => tasks.submit(requireUser(req.user), req.params.id, req.body));
  addRoute(app, api.photo, (req) => tasks.photo(requireUser(req.user), req.params.id));
  addRoute(app, api.requestDefect, (req) => tasks.requestDefect(requireUser(req.user), req.params.id));
  addRoute(app, api.summary, (req) => tasks.summary(requireUser(req.user), req.query));
  addRoute(app, api.readings, (req) => tasks.readings(requireUser(req.user), req.query));
};
