import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** Sessions still valid right now: not revoked, not expired, their user enabled. */
const liveSessions = (db: Db) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where('u.enabled', '=', true);

export const mqttAuthRepository = {
  liveSession(db: Db, sessionId: number) {
    return liveSessions(db)
      .select(['s.id as session_id', 's.mqtt_password_hash', 'u.id', 'u.org_id', 'u.username'])
      .where('s.id', '=', sessionId)
      .executeTakeFirst();
  },

  async liveSessionIds(db: Db, sessionIds: number[]): Promise<number[]> {
    const rows = await liveSessions(db).select('s.id').where('s.id', 'in', sessionIds).execute();
    return rows.map((r) => r.id);
  },

  /** Live sessions that hold MQTT credentials, for the Mosquitto password file. */
  liveSessionsWithMqttPassword(db: Db) {
    return liveSessions(db)
      .select(['s.id', 's.mqtt_password_hash', 'u.id as user_id', 'u.org_id'])
      .where('s.mqtt_password_hash', 'is not', null)
      .orderBy('s.id')
      .execute();
  },

  gatewayBySn(db: Db, sn: string) {
    return db
      .selectFrom('gateways')
      .select(['id', 'sn', 'secret_hash', 'project_id'])
      .where('sn', '=', sn)
      .executeTakeFirst();
  },

  /**
   * Gateways that have a secret. One without (registered, not issued yet, or revoked) must not reach
   * Mosquitto's password file: a `user:` line with no hash would be a user without a password.
   */
  gatewaySecretHashes(db: Db) {
    return db.selectFrom('gateways').select(['sn', 'secret_hash']).where('secret_hash', '<>', '').orderBy('id').execute();
  },

  /** Replaces one gateway's secret hash; false when no gateway has that serial number. */
  async setGatewaySecretHash(db: Db, sn: string, secretHash: string): Promise<boolean> {
    const updated = await db
      .updateTable('gateways')
      .set({ secret_hash: secretHash })
      .where('sn', '=', sn)
      .executeTakeFirst();
    return updated.numUpdatedRows === 1n;
  },
};

export type MqttAuthRepository = typeof mqttAuthRepository;
