import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  energyLoop,
  energyLoopCreate,
  energyLoopsRequest,
  energyLoopUpdate,
  flowLayoutRequest,
  meterNode,
  meterNodeCreate,
  meterNodeUpdate,
  meterPoint,
  meterPointsRequest,
  meterTreeRequest,
  meterTreeResponse,
  nodeIdParams,
  tariff,
  tariffRequest,
  tariffUpdate,
} from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/reply.js';
import { routeSpec } from '../../lib/routeSpec.js';
import type { AppServices } from '../../services.js';

/** Configuration pages of /EnergyManage: metering trees, loops, flow layout and tariffs. */
export const energyConfigRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  const svc = services.energyConfig;
  const tags = ['energy-config'];

  app.get(
    '/api/v6/energy/meterTree',
    routeSpec(
      tags,
      'Metering tree of a site and energy type (flat and nested)',
      { querystring: meterTreeRequest },
      meterTreeResponse,
    ),
    async (req) => ok(await svc.tree(requireUser(req.user), req.query.project_id, req.query.energy_type)),
  );
  app.get(
    '/api/v6/energy/meterPoints',
    routeSpec(
      tags,
      'Counter and power points a node can bind, with the node already using each',
      { querystring: meterPointsRequest },
      z.array(meterPoint),
    ),
    async (req) => ok(await svc.points(requireUser(req.user), req.query.project_id)),
  );
  app.post(
    '/api/v6/energy/meterNode',
    routeSpec(
      tags,
      'Add a node (parent in the same project and tree, meter bound at most once per tree)',
      { body: meterNodeCreate },
      meterNode,
    ),
    async (req) => ok(await svc.createNode(requireUser(req.user), req.body)),
  );
  app.put(
    '/api/v6/energy/meterNode/:id',
    routeSpec(
      tags,
      'Edit a node: rename, move (no cycles), rebind its meter',
      { params: nodeIdParams, body: meterNodeUpdate },
      meterNode,
    ),
    async (req) => ok(await svc.updateNode(requireUser(req.user), req.params.id, req.body)),
  );
  app.delete(
    '/api/v6/energy/meterNode/:id',
    routeSpec(
      tags,
      'Delete a leaf node (10008 while it has children)',
      { params: nodeIdParams },
      z.object({ id: z.number().int() }),
    ),
    async (req) => ok(await svc.deleteNode(requireUser(req.user), req.params.id)),
  );
  app.put(
    '/api/v6/energy/flowLayout',
    routeSpec(
      tags,
      'Save node positions of the energy-flow diagram',
      { body: flowLayoutRequest },
      z.object({ updated: z.number().int() }),
    ),
    async (req) => ok(await svc.setLayout(requireUser(req.user), req.body.project_id, req.body.positions)),
  );
  app.get(
    '/api/v6/energy/loops',
    routeSpec(
      tags,
      'Source-grid-load-storage-charging loops of a site',
      { querystring: energyLoopsRequest },
      z.array(energyLoop),
    ),
    async (req) => ok(await svc.loops(requireUser(req.user), req.query.project_id)),
  );
  app.post(
    '/api/v6/energy/loop',
    routeSpec(tags, 'Add a loop', { body: energyLoopCreate }, energyLoop),
    async (req) => ok(await svc.createLoop(requireUser(req.user), req.body)),
  );
  app.put(
    '/api/v6/energy/loop/:id',
    routeSpec(tags, 'Edit a loop', { params: nodeIdParams, body: energyLoopUpdate }, energyLoop),
    async (req) => ok(await svc.updateLoop(requireUser(req.user), req.params.id, req.body)),
  );
  app.delete(
    '/api/v6/energy/loop/:id',
    routeSpec(tags, 'Delete a loop', { params: nodeIdParams }, z.object({ id: z.number().int() })),
    async (req) => ok(await svc.deleteLoop(requireUser(req.user), req.params.id)),
  );
  app.get(
    '/api/v6/energy/tariff',
    routeSpec(tags, 'Time-of-use periods and prices by month', { querystring: tariffRequest }, tariff),
    async (req) => ok(await svc.tariff(requireUser(req.user), req.query.project_id)),
  );
  app.put(
    '/api/v6/energy/tariff',
    routeSpec(
      tags,
      'Replace the tariff: 12 months, periods covering each day exactly once',
      { body: tariffUpdate },
      tariff,
    ),
    async (req) => ok(await svc.setTariff(requireUser(req.user), req.body.project_id, req.body.months)),
  );
};
