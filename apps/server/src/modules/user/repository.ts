import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export const userRepository = {
  findByUsername: (db: Db, username: string) =>
    db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst(),

  findById: (db: Db, id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

  projectIds: async (db: Db, userId: number) =>
    (await db.selectFrom('user_projects').select('project_id').where('user_id', '=', userId).orderBy('project_id').execute()).map(
      (r) => r.project_id,
    ),

  insertSession: (db: Db, s: { tokenHash: string; mqttPasswordHash: string; userId: number; deviceType: string; ip: string; expiresAt: Date }) =>
    db
      .insertInto('sessions')
      .values({
        token_hash: s.tokenHash,
        mqtt_password_hash: s.mqttPasswordHash,
        user_id: s.userId,
        device_type: s.deviceType,
        ip: s.ip,
        expires_at: s.expiresAt,
      })
      .returning(['id', 'expires_at'])
      .executeTakeFirstOrThrow(),

  /** A live session with its user, or nothing when unknown, revoked, expired or the user is disabled. */
  findLiveSession: (db: Db, tokenHash: string) =>
    db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id as session_id', 'u.id', 'u.org_id', 'u.user_type', 'u.username', 'u.name', 'u.can_control'])
      .where('s.token_hash', '=', tokenHash)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .where('u.enabled', '=', true)
      .executeTakeFirst(),

  revokeSession: (db: Db, sessionId: number) =>
    db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('id', '=', sessionId).execute(),

  countFailures: async (db: Db, where: { username?: string; ip: string }, sinceMinutes: number) => {
    let q = db
      .selectFrom('login_failures')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('ip', '=', where.ip)
      .where('at', '>', sql<Date>`now() - make_interval(mins => ${sinceMinutes})`);
    if (where.username !== undefined) q = q.where('username', '=', where.username);
    return (await q.executeTakeFirstOrThrow()).n;
  },

  recordFailure: (db: Db, username: string, ip: string) =>
    db.insertInto('login_failures').values({ username, ip }).execute(),

  clearFailures: (db: Db, username: string, ip: string) =>
    db.deleteFrom('login_failures').where('username', '=', username).where('ip', '=', ip).execute(),
};
