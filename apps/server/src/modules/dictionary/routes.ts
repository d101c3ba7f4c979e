import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dictionaryApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import type { AppServices } from '../../services.js';
import { addRoute } from '../../lib/route.js';

export const dictionaryRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'dictionary'> }> = async (app, { services }) => {
  const { dictionary } = services;
  addRoute(app, dictionaryApi.labels, (req) => dictionary.labels(requireUser(req.user)));
  addRoute(app, dictionaryApi.view, (req) => dictionary.view(requireUser(req.user), req.query.org_id));
  addRoute(app, dictionaryApi.update, (req) => dictionary.update(requireUser(req.user), req.body));
  addRoute(app, dictionaryApi.create, (req) => dictionary.create(requireUser(req.user), req.body));
  addRoute(app, dictionaryApi.reset, (req) => dictionary.reset(requireUser(req.user), req.body));
};
