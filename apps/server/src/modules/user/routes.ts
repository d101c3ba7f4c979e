import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, loginRequest, loginResponse, userInfo } from '@gridops/contract';
import { headerValue, requireUser } from '../../plugins/auth.js';
import type { AppServices } from '../../services.js';
import { ok } from '../../lib/reply.js';


export const userRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { users, config } = services;

  app.post(
    '/api/v6/user/login',
    {
      config: { public: true },
      schema: { tags: ['user'], summary: 'Log in with username and password', body: loginRequest, response: { 200: envelope(loginResponse) } },
    },
    async (req) =>
      ok(
        await users.login(req.body.username, req.body.password, {
          ip: req.ip,
          deviceType: String(req.headers['devicetype']),
          sessionTtlHours: config.sessionTtlHours,
        }),
      ),
  );

  app.post(
    '/api/v6/user/logout',
    { schema: { tags: ['user'], summary: 'Revoke the current session token', response: { 200: envelope(z.null()) } } },
    async (req) => {
      await users.logout(requireUser(req.user));
      return ok(null);
    },
  );

  app.get(
    '/api/v6/user/userinfo',
    { schema: { tags: ['user'], summary: 'The current user (spec §7)', response: { 200: envelope(userInfo) } } },
    async (req) => {
      const user = requireUser(req.user);
      // The auth hook has just resolved this token to the session; it keys the session's MQTT password.
      return ok(await users.userInfo(user.id, { id: user.sessionId, token: headerValue(req.headers['token']) ?? '' }));
    },
  );
};
