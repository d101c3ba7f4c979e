import type { Db } from '../../db/database.js';
import { timingSafeEqualStrings } from '../../lib/tokens.js';
import type { MqttIdentity } from './acl.js';

export interface ServiceCredentials {
  username: string;
  password: string;
}

/**
 * Resolves MQTT credentials: the server's own service account, a console user's per-user MQTT credentials
 * (from userinfo), or a gateway's serial number and secret. Disabled users are refused.
 */
export function createMqttAuthService(db: Db, service: ServiceCredentials) {
  return {
    /** The identity behind a username already authenticated by the broker (EMQX ACL calls carry no password). */
    async identify(username: string): Promise<MqttIdentity | null> {
      if (username === service.username) return { kind: 'service' };
      const user = await db.selectFrom('users').select(['id', 'org_id', 'username', 'enabled']).where('mqtt_username', '=', username).executeTakeFirst();
      if (user) return user.enabled ? { kind: 'user', userId: user.id, orgId: user.org_id, username: user.username } : null;
      const gw = await db.selectFrom('gateways').select(['id', 'sn', 'project_id']).where('sn', '=', username).executeTakeFirst();
      return gw ? { kind: 'gateway', gatewayId: gw.id, sn: gw.sn, projectId: gw.project_id } : null;
    },

    async authenticate(username: string | undefined, password: string | undefined): Promise<MqttIdentity | null> {
      if (!username || password === undefined) return null;
      if (username === service.username) {
        return timingSafeEqualStrings(password, service.password) ? { kind: 'service' } : null;
      }
      const user = await db
        .selectFrom('users')
        .select(['id', 'org_id', 'username', 'mqtt_password', 'enabled'])
        .where('mqtt_username', '=', username)
        .executeTakeFirst();
      if (user) {
        return user.enabled && timingSafeEqualStrings(password, user.mqtt_password)
          ? { kind: 'user', userId: user.id, orgId: user.org_id, username: user.username }
          : null;
      }
      const gw = await db.selectFrom('gateways').select(['id', 'sn', 'secret', 'project_id']).where('sn', '=', username).executeTakeFirst();
      if (gw && timingSafeEqualStrings(password, gw.secret)) return { kind: 'gateway', gatewayId: gw.id, sn: gw.sn, projectId: gw.project_id };
      return null;
    },
  };
}

export type MqttAuthService = ReturnType<typeof createMqttAuthService>;
