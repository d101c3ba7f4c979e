import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { wallApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

/** The operations-centre wall screen /CentreWall (docs/wall.md). */
export const wallRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'wall'> }> = async (app, { services }) => {
  const { wall } = services;
  addRoute(app, wallApi.overview, (req) => wall.overview(requireUser(req.user), req.query.org_id, req.lang));
};
