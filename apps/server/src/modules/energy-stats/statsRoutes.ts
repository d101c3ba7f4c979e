import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  carbonRequest,
  carbonSite,
  centreCarbon,
  centreCarbonRequest,
  energyFactors,
  energyFlow,
  envelope,
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
    {
      schema: {
        tags,
        summary: 'Energy per bucket and node with MoM/YoY (day/month/year/custom)',
        body: statsRequest,
        response: { 200: envelope(statsResponse) },
      },
    },
    async (req) => ok(await stats.stats(requireUser(req.user), req.body)),
  );
  app.post(
    '/api/v6/energy/readings',
    {
      schema: {
        tags,
        summary: 'Meter readings: start/end reading and energy per meter over a range',
        body: readingsRequest,
        response: { 200: envelope(readingsResponse) },
      },
    },
    async (req) => ok(await stats.readings(requireUser(req.user), req.body)),
  );
  app.post(
    '/api/v6/energy/loss',
    {
      schema: {
        tags,
        summary: 'Loss analysis: input minus children per tree node and level',
        body: lossRequest,
        response: { 200: envelope(lossResponse) },
      },
    },
    async (req) => ok(await stats.loss(requireUser(req.user), req.body)),
  );
  app.post(
    '/api/v6/energy/expense',
    {
      schema: {
        tags,
        summary: 'Expense report by period, branch and TOU band',
        body: expenseRequest,
        response: { 200: envelope(expenseResponse) },
      },
    },
    async (req) => ok(await stats.expense(requireUser(req.user), req.body)),
  );
  app.post(
    '/api/v6/energy/newEnergyOverview',
    {
      schema: {
        tags,
        summary: 'PV/wind: generation, self-consumption, equivalent hours, PR',
        body: overviewRequest,
        response: { 200: envelope(newEnergyOverview) },
      },
    },
    async (req) => ok(await overview.newEnergy(requireUser(req.user), req.body.project_id, req.body.date)),
  );
  app.post(
    '/api/v6/energy/storageOverview',
    {
      schema: {
        tags,
        summary: 'Storage: charged, discharged, cycles, efficiency, live state',
        body: overviewRequest,
        response: { 200: envelope(storageOverview) },
      },
    },
    async (req) => ok(await overview.storage(requireUser(req.user), req.body.project_id, req.body.date)),
  );
  app.post(
    '/api/v6/energy/powerOverview',
    {
      schema: {
        tags,
        summary: 'Power use: consumption, grid import, month by TOU band, top branches',
        body: overviewRequest,
        response: { 200: envelope(powerOverview) },
      },
    },
    async (req) => ok(await overview.power(requireUser(req.user), req.body.project_id, req.body.date)),
  );
  app.post(
    '/api/v6/energy/flow',
    {
      schema: {
        tags,
        summary: 'Live energy flow (Sankey) of the power tree, losses as their own flow',
        body: liveRequest,
        response: { 200: envelope(energyFlow) },
      },
    },
    async (req) => ok(await overview.flow(requireUser(req.user), req.body.project_id)),
  );
  app.post(
    '/api/v6/energy/microgrid',
    {
      schema: {
        tags,
        summary: 'Live micro-grid balance and today’s self-sufficiency',
        body: liveRequest,
        response: { 200: envelope(microgridBalance) },
      },
    },
    async (req) => ok(await overview.microgrid(requireUser(req.user), req.body.project_id)),
  );
  app.post(
    '/api/v6/energy/integrated',
    {
      schema: {
        tags,
        summary: 'Electricity, water, gas, heat side by side with standard coal equivalent',
        body: integratedRequest,
        response: { 200: envelope(integratedResponse) },
      },
    },
    async (req) => ok(await carbon.integrated(requireUser(req.user), req.body)),
  );
  app.post(
    '/api/v6/energy/carbon',
    {
      schema: {
        tags,
        summary: 'Site carbon: emissions by energy type and month, avoided, trees, intensity',
        body: carbonRequest,
        response: { 200: envelope(carbonSite) },
      },
    },
    async (req) => ok(await carbon.site(requireUser(req.user), req.body.project_id, req.body.year)),
  );
  app.post(
    '/api/v6/energy/centreCarbon',
    {
      schema: {
        tags,
        summary: 'Carbon aggregated over the organisation subtree in scope, sites ranked',
        body: centreCarbonRequest,
        response: { 200: envelope(centreCarbon) },
      },
    },
    async (req) => ok(await carbon.centre(requireUser(req.user), req.body.org_id, req.body.year)),
  );
  app.get(
    '/api/v6/energy/factors',
    {
      schema: {
        tags,
        summary: 'Emission and coal-equivalent factors with their sources',
        response: { 200: envelope(energyFactors) },
      },
    },
    async () => ok(carbon.factors()),
  );
};
