import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/database.js';
import type { OpsMetrics } from './metrics.js';
import type { Readiness } from './readiness.js';
import { opsRepository } from './repository.js';

export interface Ops {
  metrics: OpsMetrics;
  readiness: Readiness;
}

/**
 * Operations endpoints for load balancers, orchestrators and Prometheus (docs/observability.md), outside /api and
 * without a session: `/health` (the process answers), `/ready` (database, broker, ingest; 503 naming the failing
 * part), `/metrics` (Prometheus text format). Also times every HTTP request by route pattern.
 */
export const opsPlugin = fp<{ ops: Ops; db: Db }>(async (app: FastifyInstance, { ops, db }) => {
  const { metrics, readiness } = ops;
  readiness.set('database', async () => {
    await opsRepository.ping(db);
    return { ok: true, detail: 'reachable' };
  });

  app.addHook('onResponse', async (req, reply) => {
    // The route pattern, never the raw URL (ids in paths would make one series per id).
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.httpSeconds.observe({ method: req.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  const noStore = { 'cache-control': 'no-store' };
  app.get('/health', { schema: { hide: true }, logLevel: 'warn' }, async (_req, reply) => {
    reply.headers(noStore);
    return { status: 'ok', uptime_s: Math.round(process.uptime()) };
  });
  app.get('/ready', { schema: { hide: true }, logLevel: 'warn' }, async (_req, reply) => {
    const { ready, checks } = await readiness.check();
    reply.headers(noStore).status(ready ? 200 : 503);
    const failing = Object.entries(checks).filter(([, s]) => !s.ok).map(([name]) => name);
    return { status: ready ? 'ready' : 'not_ready', failing, checks };
  });
  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (_req, reply) => {
    reply.headers(noStore).type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
});
