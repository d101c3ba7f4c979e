import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import type { AppServices } from '../../services.js';
import { addRoute } from '../../lib/route.js';

export const accountRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'account'> }> = async (app, { services }) => {
  const { account } = services;

  addRoute(app, accountApi.profile, (req) => account.profile(requireUser(req.user)));
  addRoute(app, accountApi.updateProfile, (req) => account.updateProfile(requireUser(req.user), req.body));
  addRoute(app, accountApi.changePassword, async (req) => {
    await account.changePassword(requireUser(req.user), req.body);
    return null;
  });
  addRoute(app, accountApi.setLanguage, async (req) => {
    await account.setLanguage(requireUser(req.user), req.body.language);
    return null;
  });
  addRoute(app, accountApi.sessions, (req) => account.sessions(requireUser(req.user)));
  addRoute(app, accountApi.endSession, (req) => account.endSession(requireUser(req.user), req.params.id));
  addRoute(app, accountApi.endOtherSessions, (req) => account.endOtherSessions(requireUser(req.user)));
};
