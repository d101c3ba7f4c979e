import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analysisApi, historyApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

/** History curves, statistics and special analysis (/AnalReport, /HisdataCts, /SpecAnaly, /EvnManage drawer). */
export const historyRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'history' | 'analysis'> }> = async (app, { services }) => {
  const { history, analysis } = services;

  addRoute(app, historyApi.series, (req) => history.series(requireUser(req.user), req.query, req.lang));
  addRoute(app, historyApi.stats, (req) => history.stats(requireUser(req.user), req.query, req.lang));
  addRoute(app, historyApi.eventCurve, (req) =>
    history.eventCurve(requireUser(req.user), req.params.id, req.lang),
  );

  addRoute(app, analysisApi.voltage, (req) => analysis.voltage(requireUser(req.user), req.query, req.lang));
  addRoute(app, analysisApi.imbalance, (req) =>
    analysis.imbalance(requireUser(req.user), req.query, req.lang),
  );
  addRoute(app, analysisApi['load-rate'], (req) =>
    analysis.loadRate(requireUser(req.user), req.query, req.lang),
  );
  addRoute(app, analysisApi['power-factor'], (req) =>
    analysis.powerFactor(requireUser(req.user), req.query, req.lang),
  );
  addRoute(app, analysisApi.demand, (req) => analysis.demand(requireUser(req.user), req.query, req.lang));
};
