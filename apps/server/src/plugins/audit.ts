import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/database.js';
import { auditContext, type AuditContext } from '../modules/audit/context.js';
import { startAuditRetention } from '../modules/audit/retention.js';
import type { AuditService } from '../modules/audit/service.js';

const idOf = (v: unknown): string | null => {
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    for (const k of ['id', 'selection_id', 'command_id']) if (typeof o[k] === 'number' || typeof o[k] === 'string') return String(o[k]);
    for (const k of Object.keys(o)) {
      const inner = o[k];
      if (inner && typeof inner === 'object' && !Array.isArray(inner) && 'id' in inner) return idOf(inner);
    }
  }
  return null;
};

/**
 * The generic write trail (docs/audit.md): every successful non-GET route of the contract's table gets one
 * usage-log entry — route id, user, address, params and body (secrets redacted), the answer's id — unless its
 * service recorded its own entry with before/after (`audit.recordChange`). Written before the answer is sent.
 * Also runs the daily retention job of this instance (the claim makes it run once across instances).
 */
export const auditPlugin = fp(async (app: FastifyInstance, opts: { audit: AuditService; db: Db; retentionDays: number; retentionJob: boolean }) => {
  app.decorateRequest('audit', null);

  app.addHook('preSerialization', async (request, reply, payload) => {
    const ctx: AuditContext | null = request.audit;
    if (!ctx || ctx.recorded || ctx.method === 'GET' || reply.statusCode !== 200) return payload;
    const envelope = payload as { code?: unknown; data?: unknown } | null;
    if (!envelope || envelope.code !== 1) return payload;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const input = ctx.method === 'DELETE' ? request.query : request.body;
    const targetId = idOf(envelope.data) ?? (params['id'] !== undefined ? String(params['id']) : null);
    const [group] = ctx.routeId.split('.');
    try {
      await auditContext.run(ctx, () =>
        opts.audit.record(opts.db, {
          kind: group === 'control' ? 'control' : 'write',
          action: ctx.routeId,
          target: targetId !== null ? { type: group ?? ctx.routeId, id: targetId } : undefined,
          after: { params, input: input ?? null },
        }),
      );
    } catch (err) {
      request.log.error({ err, action: ctx.routeId }, 'usage log entry not written');
    }
    return payload;
  });

  if (opts.retentionJob) {
    const job = startAuditRetention(opts.db, opts.retentionDays, app.log);
    app.addHook('onClose', async () => job.stop());
  }
});
