import type { Db } from '../../db/database.js';
import { verifySecret } from '../../lib/secretHash.js';
import { timingSafeEqualStrings } from '../../lib/tokens.js';
import { parseGatewayUsername } from '@gridops/contract';
import type { MqttIdentity } from './acl.js';
import { sessionIdFromMqttUsername } from './credentials.js';
import { mqttAuthRepository, type MqttAuthRepository } from './repository.js';

export interface ServiceCredentials {
  username: string;
  password: string;
}

/**
 * Resolves MQTT credentials: the server's own service account, a console user's login-session credentials
 * (from userinfo; they work while the session is live and the user enabled), or a gateway's serial number and
 * secret. Only hashes are stored (lib/secretHash.ts).
 */
export function createMqttAuthService(db: Db, service: ServiceCredentials, repo: MqttAuthRepository = mqttAuthRepository) {
  const liveSession = (sessionId: number) => repo.liveSession(db, sessionId);
  /** A gateway by its main (`{sn}`) or auxiliary (`{sn}/pub`) username; both hold the same secret. */
  const gateway = async (username: string) => {
    const { sn, aux } = parseGatewayUsername(username);
    const gw = await repo.gatewayBySn(db, sn);
    return gw ? { ...gw, aux } : undefined;
  };
  const gatewayIdentity = (gw: { id: number; sn: string; project_id: number; aux: boolean }): MqttIdentity => ({
    kind: 'gateway',
    gatewayId: gw.id,
    sn: gw.sn,
    projectId: gw.project_id,
    ...(gw.aux ? { aux: true } : {}),
  });

  return {
    /** The identity behind a username already authenticated by the broker (EMQX ACL calls carry no password). */
    async identify(username: string): Promise<MqttIdentity | null> {
      if (username === service.username) return { kind: 'service' };
      const sessionId = sessionIdFromMqttUsername(username);
      if (sessionId !== null) {
        const s = await liveSession(sessionId);
        return s ? { kind: 'user', userId: s.id, orgId: s.org_id, username: s.username, sessionId: s.session_id } : null;
      }
      const gw = await gateway(username);
      return gw ? gatewayIdentity(gw) : null;
    },

    async authenticate(username: string | undefined, password: string | undefined): Promise<MqttIdentity | null> {
      if (!username || password === undefined) return null;
      if (username === service.username) {
        return timingSafeEqualStrings(password, service.password) ? { kind: 'service' } : null;
      }
      const sessionId = sessionIdFromMqttUsername(username);
      if (sessionId !== null) {
        const s = await liveSession(sessionId);
        return s && (await verifySecret(password, s.mqtt_password_hash))
          ? { kind: 'user', userId: s.id, orgId: s.org_id, username: s.username, sessionId: s.session_id }
          : null;
      }
      const gw = await gateway(username);
      // An empty hash is a revoked secret (verifySecret refuses it).
      if (gw && (await verifySecret(password, gw.secret_hash))) return gatewayIdentity(gw);
      return null;
    },

    /** Of these sessions, the ones that ended (logged out, expired, user disabled): their clients must go. */
    async endedSessions(sessionIds: number[]): Promise<number[]> {
      if (sessionIds.length === 0) return [];
      const liveIds = new Set(await repo.liveSessionIds(db, sessionIds));
      return sessionIds.filter((id) => !liveIds.has(id));
    },
  };
}

export type MqttAuthService = ReturnType<typeof createMqttAuthService>;
