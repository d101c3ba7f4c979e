import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, orgNode, project, projectListRequest, projectListResponse } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/reply.js';
import type { AppServices } from '../../services.js';

export const orgRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { orgs } = services;

  app.get(
    '/api/v6/org/tree',
    { schema: { tags: ['org'], summary: 'Organisation tree with projects, scoped to the caller', response: { 200: envelope(z.array(orgNode)) } } },
    async (req) => ok(await orgs.tree(requireUser(req.user))),
  );

  app.get(
    '/api/v6/project/list',
    { schema: { tags: ['org'], summary: 'Projects (sites) in scope, paged', querystring: projectListRequest, response: { 200: envelope(projectListResponse) } } },
    async (req) => ok(await orgs.listProjects(requireUser(req.user), req.query)),
  );

  app.get(
    '/api/v6/project/:id',
    {
      schema: {
        tags: ['org'],
        summary: 'One project',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: envelope(project) },
      },
    },
    async (req) => ok(await orgs.project(requireUser(req.user), req.params.id)),
  );
};
