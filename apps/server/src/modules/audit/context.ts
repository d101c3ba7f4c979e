import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuthUser } from '../../types.js';

/**
 * Who is asking, from where, through which route: set by addRoute around every handler, read by the audit
 * service so that domain services record a change with `audit.recordChange(trx, …)` without passing the request
 * along. `recorded` tells the generic write hook that the service has recorded its own (richer) entry.
 */
export interface AuditContext {
  /** The route id of the contract's table, e.g. `member.update`. */
  routeId: string;
  method: string;
  user: AuthUser | null;
  ip: string;
  userAgent: string | null;
  deviceType: string | null;
  recorded: boolean;
}

const storage = new AsyncLocalStorage<AuditContext>();

export const auditContext = {
  run: <T>(ctx: AuditContext, fn: () => T): T => storage.run(ctx, fn),
  current: (): AuditContext | undefined => storage.getStore(),
};
