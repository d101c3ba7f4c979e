import { sql } from 'kysely';
import { PERMISSIONS } from '@gridops/contract';
import type { Db } from '../../db/database.js';

/** Serialises the first-start bootstrap of concurrent instances on one database (any other advisory id differs). */
const BOOTSTRAP_LOCK_ID = 727_2014;

export const accountRepository = {
  profile: (db: Db, userId: number) =>
    db
      .selectFrom('users as u')
      .innerJoin('organizations as o', 'o.id', 'u.org_id')
      .select([
        'u.id',
        'u.username',
        'u.user_type',
        'u.name',
        'u.name_en',
        'u.phone',
        'u.email',
        'u.language',
        'u.org_id',
        'o.name as org_name',
        'o.name_en as org_name_en',
        'u.must_change_password',
      ])
      .where('u.id', '=', userId)
      .executeTakeFirst(),

  updateProfile: (db: Db, userId: number, p: { name: string; name_en: string; phone: string; email: string }) =>
    db
      .updateTable('users')
      .set({ name: p.name, name_en: p.name_en, phone: p.phone, email: p.email, updated_at: sql`now()` })
      .where('id', '=', userId)
      .executeTakeFirst(),

  setLanguage: (db: Db, userId: number, language: 'zh' | 'en' | null) =>
    db.updateTable('users').set({ language }).where('id', '=', userId).execute(),

  passwordHash: async (db: Db, userId: number) =>
    (await db.selectFrom('users').select(['password_hash', 'username']).where('id', '=', userId).executeTakeFirst()) ?? null,

  setPassword: (db: Db, userId: number, passwordHash: string) =>
    db
      .updateTable('users')
      .set({ password_hash: passwordHash, must_change_password: false, updated_at: sql`now()` })
      .where('id', '=', userId)
      .execute(),

  liveSessions: (db: Db, userId: number) =>
    db
      .selectFrom('sessions')
      .select(['id', 'device_type', 'ip', 'created_at', 'last_seen_at', 'expires_at'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .orderBy('last_seen_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),

  /** Ends the user's live sessions among `ids` (or all but `keep`); returns the ids actually ended. */
  revokeSessions: async (db: Db, userId: number, which: { ids: number[] } | { allBut: number }) => {
    let q = db
      .updateTable('sessions')
      .set({ revoked_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`);
    q = 'ids' in which ? q.where('id', 'in', which.ids.length ? which.ids : [-1]) : q.where('id', '!=', which.allBut);
    return (await q.returning('id').execute()).map((r) => Number(r.id));
  },

  /**
   * First start without the demo: under a transaction-scoped advisory lock (two instances starting at once take
   * turns), creates the administrator only when the database has no user at all, at the root organisation (created
   * when there is none). The unique username is the second guard. Returns whether it created the user.
   */
  bootstrapAdmin: (db: Db, admin: { username: string; passwordHash: string; orgName: string; orgNameEn: string }) =>
    db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${BOOTSTRAP_LOCK_ID})`.execute(trx);
      const anyUser = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
      if (anyUser) return false;
      let root = await trx.selectFrom('organizations').select('id').where('parent_id', 'is', null).orderBy('id').limit(1).executeTakeFirst();
      root ??= await trx
        .insertInto('organizations')
        .values({ parent_id: null, tier: 1, name: admin.orgName, name_en: admin.orgNameEn })
        .returning('id')
        .executeTakeFirstOrThrow();
      const inserted = await trx
        .insertInto('users')
        .values({
          username: admin.username,
          name: admin.username,
          name_en: admin.username,
          user_type: 0,
          org_id: root.id,
          password_hash: admin.passwordHash,
          can_control: true,
          // The first administrator holds every permission (docs/permissions.md).
          permissions: [...PERMISSIONS],
          must_change_password: true,
        })
        .onConflict((oc) => oc.column('username').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    }),

  hasUsers: async (db: Db) => (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined,
};
