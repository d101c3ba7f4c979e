import { ErrorCode, normalisePermissions, type LoginResponse, type UserInfo } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/password.js';
import { hashSecret } from '../../lib/secretHash.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { sessionMqttPassword, sessionMqttUsername } from '../mqtt-auth/credentials.js';
import type { AuthUser } from '../../types.js';
import type { LoginLimits } from './loginLimits.js';
import type { AuditService } from '../audit/service.js';
import { userRepository as repo } from './repository.js';

export interface LoginContext {
  ip: string;
  deviceType: string;
  sessionTtlHours: number;
}

// Spent on unknown usernames too, so response time does not reveal which usernames exist.
const DUMMY_HASH =
  'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

const LAST_SEEN_RESOLUTION_MS = 60_000;

/** Told about every session that ends early (logout), so the broker can disconnect its MQTT clients. */
export type SessionRevokedListener = (sessionId: number) => void;

/** `audit` records logins (success and failure, with the address) and logouts in the usage log. */
export function createUserService(db: Db, limits: LoginLimits, audit?: AuditService) {
  const revokedListeners = new Set<SessionRevokedListener>();

  /** The user and the MQTT credentials of this login session (they stop working when the session ends). */
  async function userInfo(userId: number, session: { id: number; token: string }): Promise<UserInfo> {
    const u = await repo.findById(db, userId);
    if (!u) throw new AppError(ErrorCode.SessionInvalid);
    const projectIds = await repo.projectIds(db, u.id);
    return {
      id: u.id,
      org_id: u.org_id,
      username: u.username,
      name: u.name,
      name_en: u.name_en,
      userType: u.user_type as 0 | 1 | 2,
      project_id: u.user_type === 1 ? (projectIds[0] ?? null) : null,
      project_ids: projectIds,
      can_control: u.permissions.includes('control'),
      permissions: normalisePermissions(u.permissions),
      must_change_password: u.must_change_password,
      language: u.language === 'en' || u.language === 'zh' ? u.language : null,
      mqtt: { username: sessionMqttUsername(session.id), pass: sessionMqttPassword(session.token) },
    };
  }

  return {
    userInfo,

    async login(username: string, password: string, ctx: LoginContext): Promise<LoginResponse> {
      try {
        await limits.begin(username, ctx.ip);
      } catch (err) {
        await audit?.recordLogin(false, username, ctx.ip, 'too_many_attempts');
        throw err;
      }
      const user = await repo.findByUsername(db, username);
      const ok = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
      // The attempt stays counted as a failure.
      if (!user || !ok) {
        await audit?.recordLogin(false, username, ctx.ip, user ? 'wrong_password' : 'unknown_user');
        throw new AppError(ErrorCode.BadCredentials);
      }
      await limits.succeeded(username, ctx.ip);
      if (!user.enabled) {
        await audit?.recordLogin(false, username, ctx.ip, 'disabled');
        throw new AppError(ErrorCode.AccountDisabled);
      }
      const token = newToken();
      const expiresAt = new Date(Date.now() + ctx.sessionTtlHours * 3600_000);
      const session = await repo.insertSession(db, {
        tokenHash: hashToken(token),
        mqttPasswordHash: hashSecret(sessionMqttPassword(token)),
        userId: user.id,
        deviceType: ctx.deviceType,
        ip: ctx.ip,
        expiresAt,
      });
      await audit?.recordLogin(true, username, ctx.ip);
      return {
        token,
        userType: user.user_type as 0 | 1 | 2,
        expiresAt: expiresAt.toISOString(),
        mustChangePassword: user.must_change_password,
        userInfo: await userInfo(user.id, { id: session.id, token }),
      };
    },

    async logout(user: AuthUser): Promise<void> {
      await repo.revokeSession(db, user.sessionId);
      await audit?.record(db, { kind: 'logout', action: 'user.logout' });
      for (const listener of revokedListeners) listener(user.sessionId);
    },

    /**
     * Ends every session of a user at once (disabled, password reset): their tokens answer 10001 from the next
     * request, and the listeners disconnect their MQTT clients.
     */
    async endAllSessions(userId: number): Promise<number> {
      const ids = await repo.revokeUserSessions(db, userId);
      for (const id of ids) for (const listener of revokedListeners) listener(id);
      return ids.length;
    },

    /** Sessions ended elsewhere (account: sign out one or everywhere else): their MQTT clients end as on logout. */
    sessionsRevoked(sessionIds: readonly number[]): void {
      for (const id of sessionIds) for (const listener of revokedListeners) listener(id);
    },

    onSessionRevoked(listener: SessionRevokedListener): () => void {
      revokedListeners.add(listener);
      return () => revokedListeners.delete(listener);
    },

    /** Resolves a token to its user; unknown, expired and revoked tokens all end the session (10001). */
    async authenticate(token: string | undefined): Promise<AuthUser> {
      if (!token) throw new AppError(ErrorCode.SessionInvalid);
      const row = await repo.findLiveSession(db, hashToken(token));
      if (!row) throw new AppError(ErrorCode.SessionInvalid);
      // "Last seen" for the user's session list, written at most once a minute per session.
      if (Date.now() - new Date(row.last_seen_at).getTime() > LAST_SEEN_RESOLUTION_MS) await repo.touchSession(db, row.session_id);
      const permissions = normalisePermissions(row.permissions);
      return {
        id: row.id,
        orgId: row.org_id,
        userType: row.user_type as 0 | 1 | 2,
        username: row.username,
        name: row.name,
        permissions,
        canControl: permissions.includes('control'),
        sessionId: row.session_id,
        mustChangePassword: row.must_change_password,
      };
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
