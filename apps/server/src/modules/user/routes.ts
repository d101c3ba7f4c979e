import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import type { AppServices } from '../../services.js';
import { addRoute } from '../../lib/route.js';

export const userRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { users, config } = services;

  addRoute(app, userApi.login, (req) =>
    users.login(req.body.username, req.body.password, {
      ip: req.ip,
      deviceType: String(req.headers['devicetype']),
      sessionTtlHours: config.sessionTtlHours,
      maxFailures: config.login.maxFailures,
      windowMinutes: config.login.windowMinutes,
    }),
  );
  addRoute(app, userApi.logout, async (req) => {
    await users.logout(requireUser(req.user));
    return null;
  });
  addRoute(app, userApi.userInfo, (req) => users.userInfo(requireUser(req.user).id));
};
