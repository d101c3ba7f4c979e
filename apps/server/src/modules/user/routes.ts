import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userApi } from '@gridops/contract';
import { headerValue, requireUser } from '../../plugins/auth.js';
import type { AppServices } from '../../services.js';
import { addRoute } from '../../lib/route.js';

export const userRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'users' | 'config'> }> = async (app, { services }) => {
  const { users, config } = services;

  addRoute(app, userApi.login, (req) =>
    users.login(req.body.username, req.body.password, {
      ip: req.ip,
      deviceType: String(req.headers['devicetype']),
      sessionTtlHours: config.sessionTtlHours,
    }),
  );
  addRoute(app, userApi.logout, async (req) => {
    await users.logout(requireUser(req.user));
    return null;
  });
  addRoute(app, userApi.userInfo, (req) => {
    const user = requireUser(req.user);
    // The auth hook has just resolved this token to the session; it keys the session's MQTT password.
    return users.userInfo(user.id, { id: user.sessionId, token: headerValue(req.headers['token']) ?? '' });
  });
};
