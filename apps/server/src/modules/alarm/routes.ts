import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { alarmRuleApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import type { AppServices } from '../../services.js';
import { addRoute } from '../../lib/route.js';

export const alarmRuleRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'alarmRules' | 'alarmInsights' | 'alarmRuleImport'> }> = async (app, { services }) => {
  const { alarmRules, alarmInsights, alarmRuleImport } = services;
  addRoute(app, alarmRuleApi.list, (req) => alarmRules.list(requireUser(req.user), req.query.project_id));
  addRoute(app, alarmRuleApi.create, (req) => alarmRules.create(requireUser(req.user), req.body));
  addRoute(app, alarmRuleApi.update, (req) => alarmRules.update(requireUser(req.user), req.params.id, req.body));
  addRoute(app, alarmRuleApi.remove, (req) => alarmRules.remove(requireUser(req.user), req.params.id, req.query.version));
  addRoute(app, alarmRuleApi.preview, (req) => alarmInsights.preview(requireUser(req.user), req.body));
  addRoute(app, alarmRuleApi.performance, (req) => alarmInsights.performance(requireUser(req.user), req.query.project_id, req.query.days));
  addRoute(app, alarmRuleApi.importXlsx, (req) => alarmRuleImport(requireUser(req.user), req.body));
};
