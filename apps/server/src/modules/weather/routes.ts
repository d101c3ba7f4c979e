import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, weatherNowRequest, weatherNowResponse } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/reply.js';
import type { AppServices } from '../../services.js';

export const weatherRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.post(
    '/api/v6/weather/now',
    {
      schema: {
        tags: ['energy'],
        summary: "Current weather at a site, fetched by the server from the configured provider (cached 10 minutes per site); with no key, the reason",
        body: weatherNowRequest,
        response: { 200: envelope(weatherNowResponse) },
      },
    },
    async (req) => ok(await services.weather.now(requireUser(req.user), req.body.project_id)),
  );
};
