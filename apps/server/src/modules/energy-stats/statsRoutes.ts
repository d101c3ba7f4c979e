import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  carbonRequest,
  carbonSite,
  centreCarbon,
  centreCarbonRequest,
  energyFactors,
  energyFlow,
  expenseRequest,
  expenseResponse,
  integratedRequest,
  integratedResponse,
  liveRequest,
  lossRequest,
  lossResponse,
  microgridBalance,
  newEnergyOverview,
  overviewRequest,
  powerOverview,
  readingsRequest,
  readingsResponse,
  statsRequest,
  statsResponse,
  storageOverview,
} from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/reply.js';
import { routeSpec } from '../../lib/routeSpec.js';
import type { AppServices } from '../../services.js';

/** Statistics of /EnergyManage, /IntergralEnergy, /EnergyHome, /Carbon and /CentreCarbon. */
export const energyStatsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  const { energyStats: stats, energyOverview: overview, energyCarbon: carbon } = services;
  const tags = ['energy-stats'];

  app.post(
    '/api/v6/energy/stats',
    routeSpec(
      tags,
      'Energy per bucket and node with MoM/YoY (day/month/year/custom)',
      { body: statsRequest },
      statsResponse,
    ),
    async (req) => ok(await stats.stats(requireUser(req.user), req.body)),
  );
  app.post(
    '/api/v6/energy/readings',
    routeSpec(
      tags,
      'Meter readings: start/end reading and energy per meter over a range',
      { body: readingsRequest },
      readingsResponse,
    ),
    async (req) => ok(await stats.readings(requireUser(req.user), req.body)),
  );
  app.post(
    '/api/v6/energy/loss',
    routeSpec(
      tags,
      'Loss analysis: input minus children per tree node and level',
      { body: lossRequest },
      lossResponse,
    ),
    async (req) => ok(await stats.loss(requireUser(req.user), req.body)),
  );
  app.post(
    '/api/v6/energy/expense',
    routeSpec(
      tags,
      'Expense report by period, branch and TOU band',
      { body: expenseRequest },
      expenseResponse,
    ),
    async (req) => ok(await stats.expense(requireUser(req.user), req.body)),
  );
  app.post(
    '/api/v6/energy/newEnergyOverview',
    routeSpec(
      tags,
      'PV/wind: generation, self-consumption, equivalent hours, PR',
      { body: overviewRequest },
      newEnergyOverview,
    ),
    async (req) => ok(await overview.newEnergy(requireUser(req.user), req.body.project_id, req.body.date)),
  );
  app.post(
    '/api/v6/energy/storageOverview',
    routeSpec(
      tags,
      'Storage: charged, discharged, cycles, efficiency, live state',
      { body: overviewRequest },
      storageOverview,
    ),
    async (req) => ok(await overview.storage(requireUser(req.user), req.body.project_id, req.body.date)),
  );
  app.post(
    '/api/v6/energy/powerOverview',
    routeSpec(
      tags,
      'Power use: consumption, grid import, month by TOU band, top branches',
      { body: overviewRequest },
      powerOverview,
    ),
    async (req) => ok(await overview.power(requireUser(req.user), req.body.project_id, req.body.date)),
  );
  app.post(
    '/api/v6/energy/flow',
    routeSpec(
      tags,
      'Live energy flow (Sankey) of the power tree, losses as their own flow',
      { body: liveRequest },
      energyFlow,
    ),
    async (req) => ok(await overview.flow(requireUser(req.user), req.body.project_id)),
  );
  app.post(
    '/api/v6/energy/microgrid',
    routeSpec(
      tags,
      'Live micro-grid balance and today’s self-sufficiency',
      { body: liveRequest },
      microgridBalance,
    ),
    async (req) => ok(await overview.microgrid(requireUser(req.user), req.body.project_id)),
  );
  app.post(
    '/api/v6/energy/integrated',
    routeSpec(
      tags,
      'Electricity, water, gas, heat side by side with standard coal equivalent',
      { body: integratedRequest },
      integratedResponse,
    ),
    async (req) => ok(await carbon.integrated(requireUser(req.user), req.body)),
  );
  app.post(
    '/api/v6/energy/carbon',
    routeSpec(
      tags,
      'Site carbon: emissions by energy type and month, avoided, trees, intensity',
      { body: carbonRequest },
      carbonSite,
    ),
    async (req) => ok(await carbon.site(requireUser(req.user), req.body.project_id, req.body.year)),
  );
  app.post(
    '/api/v6/energy/centreCarbon',
    routeSpec(
      tags,
      'Carbon aggregated over the organisation subtree in scope, sites ranked',
      { body: centreCarbonRequest },
      centreCarbon,
    ),
    async (req) => ok(await carbon.centre(requireUser(req.user), req.body.org_id, req.body.year)),
  );
  app.get(
    '/api/v6/energy/factors',
    routeSpec(tags, 'Emission and coal-equivalent factors with their sources', {}, energyFactors),
    async () => ok(carbon.factors()),
  );
};
