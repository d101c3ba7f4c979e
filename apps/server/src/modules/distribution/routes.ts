import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  diagramResponse,
  diagramSaveRequest,
  diagramSaveResponse,
  distributionOverview,
  envelope,
  projectQuery,
  realtimeQuery,
  realtimeResponse,
  roomParams,
} from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/reply.js';
import type { AppServices } from '../../services.js';

/** Smart distribution: overview (/index), real-time tree (/DevMonitor) and single-line diagrams. */
export const distributionRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { distribution } = services;
  const tags = ['distribution'];

  app.get(
    '/api/v6/distribution/overview',
    { schema: { tags, summary: 'Rooms, transformers (load, energy, max demand, PF), alarms, environment, gateways of a site', querystring: projectQuery, response: { 200: envelope(distributionOverview) } } },
    async (req) => ok(await distribution.overview(requireUser(req.user), req.query.project_id, req.lang)),
  );
  app.get(
    '/api/v6/distribution/realtime',
    {
      schema: {
        tags,
        summary: 'Room → device → point tree with latest value, time and quality; one batched call the page polls every few seconds',
        querystring: realtimeQuery,
        response: { 200: envelope(realtimeResponse) },
      },
    },
    async (req) => ok(await distribution.realtime(requireUser(req.user), req.query, req.lang)),
  );
  app.get(
    '/api/v6/distribution/room/:room_id/diagram',
    { schema: { tags, summary: "The room's single-line diagram with live breaker states, P and current", params: roomParams, response: { 200: envelope(diagramResponse) } } },
    async (req) => ok(await distribution.diagram(requireUser(req.user), req.params.room_id, req.lang)),
  );
  app.put(
    '/api/v6/distribution/room/:room_id/diagram',
    { schema: { tags, summary: 'Save an edited diagram (control permission; optimistic version check)', params: roomParams, body: diagramSaveRequest, response: { 200: envelope(diagramSaveResponse) } } },
    async (req) => ok(await distribution.saveDiagram(requireUser(req.user), req.params.room_id, req.body.doc, req.body.version)),
  );
};
