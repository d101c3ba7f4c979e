import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cameraListResponse,
  captureListQuery,
  captureListResponse,
  envelope,
  projectQuery,
  robotInspectionQuery,
  robotInspectionResponse,
  robotListResponse,
} from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/reply.js';
import type { AppServices } from '../../services.js';

/** Security monitoring (/SecMonitor: cameras and captures) and the inspection robot (/RobMonitor). */
export const securityRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { security } = services;

  app.get(
    '/api/v6/security/cameras',
    { schema: { tags: ['security'], summary: 'Cameras of a site with online state and latest capture', querystring: projectQuery, response: { 200: envelope(cameraListResponse) } } },
    async (req) => ok(await security.cameras(requireUser(req.user), req.query.project_id, req.lang)),
  );
  app.get(
    '/api/v6/security/captures',
    { schema: { tags: ['security'], summary: 'Capture history with images, newest first, paged', querystring: captureListQuery, response: { 200: envelope(captureListResponse) } } },
    async (req) => ok(await security.captures(requireUser(req.user), req.query, req.lang)),
  );
  app.get(
    '/api/v6/robot/list',
    { schema: { tags: ['robot'], summary: 'Inspection robots of a site: state, battery, route position, task progress', querystring: projectQuery, response: { 200: envelope(robotListResponse) } } },
    async (req) => ok(await security.robots(requireUser(req.user), req.query.project_id, req.lang)),
  );
  app.get(
    '/api/v6/robot/inspections',
    { schema: { tags: ['robot'], summary: 'Inspection records with readings, newest first, paged', querystring: robotInspectionQuery, response: { 200: envelope(robotInspectionResponse) } } },
    async (req) => ok(await security.inspections(requireUser(req.user), req.query, req.lang)),
  );
};
