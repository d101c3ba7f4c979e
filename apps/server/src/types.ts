import type { Lang, Permission, RouteAccess } from '@gridops/contract';
import type { AuditContext } from './modules/audit/context.js';

/** The caller, resolved from the session token by the auth plugin. */
export interface AuthUser {
  id: number;
  orgId: number;
  userType: 0 | 1 | 2;
  username: string;
  name: string;
  /** The permissions the user holds (docs/permissions.md); routes declare the one they need. */
  permissions: Permission[];
  /** permissions includes 'control'. */
  canControl: boolean;
  sessionId: number;
  /** First login: only routes marked allowPendingPassword answer until the password is changed. */
  mustChangePassword?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes reachable without a session token (login). Headers are still checked. */
    public?: boolean;
    /** What the caller must hold (the route table's `permission`); absent means 'view'. */
    permission?: RouteAccess;
    /** Reachable while the caller must still change the password (change-password, userinfo, logout). */
    allowPendingPassword?: boolean;
    /** The route's id in the contract's table (`member.update`): the usage log's action. */
    routeId?: string;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    lang: Lang;
    /** Set by addRoute for routes of the contract's table (the usage log's request context). */
    audit: AuditContext | null;
  }
}
