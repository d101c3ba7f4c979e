import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  analysisQuery,
  analysisResponse,
  demandRow,
  envelope,
  eventCurveParams,
  eventCurveResponse,
  historyQuery,
  historyResponse,
  imbalanceRow,
  loadRateRow,
  powerFactorRow,
  historyStatsQuery,
  historyStatsResponse,
  voltageRow,
} from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/reply.js';
import type { AppServices } from '../../services.js';

/** History curves, statistics and special analysis (/AnalReport, /HisdataCts, /SpecAnaly, /EvnManage drawer). */
export const historyRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { history, analysis } = services;
  const tags = ['history'];

  app.get(
    '/api/v6/history/series',
    { schema: { tags, summary: 'Several points over a range (≤ 1 year), downsampled on the server to ≤ width buckets (min/max/avg)', querystring: historyQuery, response: { 200: envelope(historyResponse) } } },
    async (req) => ok(await history.series(requireUser(req.user), req.query, req.lang)),
  );
  app.get(
    '/api/v6/history/stats',
    { schema: { tags, summary: 'min/max/avg (and counter consumption) per point per local day or month', querystring: historyStatsQuery, response: { 200: envelope(historyStatsResponse) } } },
    async (req) => ok(await history.stats(requireUser(req.user), req.query, req.lang)),
  );
  app.get(
    '/api/v6/event/:id/curve',
    { schema: { tags: ['event'], summary: "The event point's curve from 1 h before to 1 h after the event", params: eventCurveParams, response: { 200: envelope(eventCurveResponse) } } },
    async (req) => ok(await history.eventCurve(requireUser(req.user), req.params.id, req.lang)),
  );

  const special = [
    ['voltage', 'Voltage deviation vs nominal (GB/T 12325 ±7 %) and compliance per phase', voltageRow, analysis.voltage],
    ['imbalance', 'Three-phase current imbalance (max − avg) / avg', imbalanceRow, analysis.imbalance],
    ['load-rate', 'Transformer load rate and hours per operating band (economic 40–75 %)', loadRateRow, analysis.loadRate],
    ['power-factor', 'Power-factor compliance (≥ 0.9)', powerFactorRow, analysis.powerFactor],
    ['demand', 'Maximum demand (15-minute average P), overall and per day', demandRow, analysis.demand],
  ] as const;
  for (const [path, summary, row, fn] of special) {
    app.get(
      `/api/v6/analysis/${path}`,
      { schema: { tags: ['analysis'], summary, querystring: analysisQuery, response: { 200: envelope(analysisResponse(row)) } } },
      async (req) => ok(await fn(requireUser(req.user), req.query, req.lang)),
    );
  }
};
