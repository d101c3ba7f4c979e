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
      .select(['s.id as session_id', 's.last_seen_at', 'u.id', 'u.org_id', 'u.user_type', 'u.username', 'u.name', 'u.permissions', 'u.must_change_password'])
      .where('s.token_hash', '=', tokenHash)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .where('u.enabled', '=', true)
      .executeTakeFirst(),

  touchSession: (db: Db, sessionId: number) =>
    db.updateTable('sessions').set({ last_seen_at: sql`now()` }).where('id', '=', sessionId).execute(),

  revokeSession: (db: Db, sessionId: number) =>
    db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('id', '=', sessionId).execute(),

  /** Ends every live session of a user; returns their ids (their MQTT clients are disconnected next). */
  revokeUserSessions: async (db: Db, userId: number): Promise<number[]> =>
    (
      await db
        .updateTable('sessions')
        .set({ revoked_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .returning('id')
        .execute()
    ).map((r) => r.id),

  /**
   * Counts one attempt for (username, ip) and for the whole address in one statement, starting a new window
   * where the old one has passed, and returns both counts. Row locks of the upsert serialise parallel attempts.
   */
  countAttempt: async (db: Db, username: string, ip: string, windowMinutes: number) => {
    const expired = sql<boolean>`l.window_start <= now() - make_interval(secs => ${windowMinutes * 60}::float8)`;
    const rows = await sql<{ username: string; failures: number }>`
      INSERT INTO login_limits AS l (username, ip, failures, window_start)
      VALUES (${username}, ${ip}, 1, now()), ('', ${ip}, 1, now())
      ON CONFLICT (username, ip) DO UPDATE SET
        failures = CASE WHEN ${expired} THEN 1 ELSE l.failures + 1 END,
        window_start = CASE WHEN ${expired} THEN now() ELSE l.window_start END
      RETURNING l.username, l.failures`.execute(db);
    const count = (u: string) => rows.rows.find((r) => r.username === u)?.failures ?? 0;
    return { byUser: count(username), byIp: count('') };
  },

  /** An administrator's unlock: the username's counts at every address go (the addresses' own counts stay). */
  deleteAttempts: (db: Db, username: string) => db.deleteFrom('login_limits').where('username', '=', username).execute(),

  /** Which of these usernames are over the limit at some address within the window right now. */
  lockedUsernames: async (db: Db, usernames: string[], maxFailures: number, windowMinutes: number): Promise<Set<string>> => {
    if (usernames.length === 0) return new Set();
    const rows = await db
      .selectFrom('login_limits')
      .select('username')
      .distinct()
      .where('username', 'in', usernames)
      .where('failures', '>=', maxFailures)
      .where('window_start', '>', sql<Date>`now() - make_interval(secs => ${windowMinutes * 60}::float8)`)
      .execute();
    return new Set(rows.map((r) => r.username));
  },

  /** A right password: the username's count at this address goes, and leaves the address's count too. */
  clearAttempts: (db: Db, username: string, ip: string) =>
    sql`
      WITH cleared AS (DELETE FROM login_limits WHERE username = ${username} AND ip = ${ip} RETURNING failures)
      UPDATE login_limits SET failures = greatest(failures - coalesce((SELECT sum(failures) FROM cleared), 0), 0)
      WHERE username = '' AND ip = ${ip}`.execute(db),
};
