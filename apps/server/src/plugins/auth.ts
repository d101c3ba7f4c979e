import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_VERSION, ErrorCode } from '@gridops/contract';
import { AppError } from '../lib/errors.js';
import { langFromHeader } from '../lib/lang.js';
import { requirePermission } from '../modules/access/service.js';
import type { UserService } from '../modules/user/service.js';
import type { AuthUser } from '../types.js';

const API_PREFIX = '/api/v6/';
const DEVICE_TYPES = new Set(['pc', 'worker']);

export function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Every call under /api/v6 must carry the spec's headers (`version: 1.0`, `devicetype: pc|worker`) and,
 * unless the route is public, a live session `token`. A missing, unknown, expired or revoked token is 10001; a
 * user without the permission the route declares gets 10004 before the route runs (docs/permissions.md).
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { users: UserService }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('lang', 'zh');

  app.addHook('onRequest', async (request) => {
    request.lang = langFromHeader(request.headers['accept-language']);
  });

  // preHandler (not onRequest) so that routing has resolved the route's config; validation runs after it.
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith(API_PREFIX)) return;
    const version = headerValue(request.headers['version']);
    const deviceType = headerValue(request.headers['devicetype']);
    if (version !== API_VERSION || !deviceType || !DEVICE_TYPES.has(deviceType)) {
      const missing = version !== API_VERSION ? 'version' : 'devicetype';
      throw new AppError(
        ErrorCode.BadHeaders,
        {
          zh: `请求头 ${missing} 缺失或无效（需要 version: ${API_VERSION}，devicetype: pc 或 worker）`,
          en: `Header ${missing} is missing or invalid (expected version: ${API_VERSION}, devicetype: pc or worker)`,
        },
        missing,
      );
    }
    if (request.routeOptions.config?.public) return;
    request.user = await opts.users.authenticate(headerValue(request.headers['token']));
    if (request.user.mustChangePassword && !request.routeOptions.config?.allowPendingPassword) {
      throw new AppError(ErrorCode.PasswordChangeRequired);
    }
    // The route's declared permission (route table); addRoute always sets it, 'view' when the table says nothing.
    requirePermission(request.user, request.routeOptions.config?.permission ?? 'view');
  });
});

/** The authenticated caller; routes behind the auth hook always have one. */
export function requireUser(user: AuthUser | null): AuthUser {
  if (!user) throw new AppError(ErrorCode.SessionInvalid);
  return user;
}
