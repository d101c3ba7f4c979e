import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { daySunInfo, daySunInfoRequest, envelope } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/reply.js';
import type { AppServices } from '../../services.js';

export const energyRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.post(
    '/api/v6/energy/daySunInfo',
    {
      schema: {
        tags: ['energy'],
        summary: "Sunrise, sunset, solar noon and day length at the project's coordinates today",
        body: daySunInfoRequest,
        response: { 200: envelope(daySunInfo) },
      },
    },
    async (req) => ok(await services.energy.daySunInfo(requireUser(req.user), req.body.project_id)),
  );
};
