import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * SQL of the terminal sync (`face_sync`, one row per person × door terminal; rules: sync.ts). A terminal serves a
 * group's door when the group names the terminal itself or the `env_sensor` (door contact) of its room.
 */
export interface SyncPair {
  person_id: number;
  device_id: number;
}
export interface ClaimedRow extends SyncPair {
  status: string;
  attempts: number;
}

/** (person, terminal) pairs where the person belongs: enabled, not deleted, with a photo and a group serving that door. */
const desiredSql = (projectId: number, personIds: readonly number[] | null, deviceId?: number) => sql<SyncPair>`
  SELECT p.id AS person_id, t.id AS device_id
  FROM face_people p
  JOIN face_photos f ON f.person_id = p.id
  JOIN face_groups g ON g.id = p.group_id
  JOIN devices t ON t.project_id = p.project_id AND t.kind = 'access_terminal'
  WHERE p.project_id = ${projectId} AND p.deleted_at IS NULL AND p.enabled
    ${personIds ? sql`AND p.id IN (${sql.join(personIds.length ? personIds : [-1])})` : sql``}
    ${deviceId === undefined ? sql`` : sql`AND t.id = ${deviceId}`}
    AND EXISTS (
      SELECT 1 FROM jsonb_array_elements_text(g.door_ids) AS door(id)
      JOIN devices d ON d.id = door.id::int
      WHERE d.id = t.id OR (d.kind = 'env_sensor' AND d.room_id IS NOT NULL AND d.room_id = t.room_id)
    )`;

export const faceSyncRepository = {
  desired: async (db: Db, projectId: number, personIds: readonly number[] | null) => (await desiredSql(projectId, personIds).execute(db)).rows,
  /** Whether this person may be on this terminal now: checked again right before a photo leaves the server. */
  allowed: async (db: Db, projectId: number, personId: number, deviceId: number) => (await desiredSql(projectId, [personId], deviceId).execute(db)).rows.length > 0,

  existing: (db: Db, projectId: number, personIds: readonly number[] | null) => {
    let q = db.selectFrom('face_sync as s').innerJoin('face_people as p', 'p.id', 's.person_id').select(['s.person_id', 's.device_id', 's.status']).where('p.project_id', '=', projectId);
    if (personIds) q = q.where('s.person_id', 'in', personIds.length ? [...personIds] : [-1]);
    return q.execute();
  },
  insertPending: async (db: Db, pairs: readonly SyncPair[]) => {
    if (!pairs.length) return;
    await db
      .insertInto('face_sync')
      .values(pairs.map((p) => ({ ...p, status: 'pending' })))
      .onConflict((oc) => oc.columns(['person_id', 'device_id']).doNothing())
      .execute();
  },
  /** Puts rows back in the queue as `status` (pending: send again; deleting: send face_delete), due now. */
  requeue: async (db: Db, pairs: readonly SyncPair[], status: 'pending' | 'deleting') => {
    for (const p of pairs) {
      await db
        .updateTable('face_sync')
        .set({ status, reason: '', attempts: 0, next_at: sql`now()`, claimed_until: null, command_id: null, updated_at: sql`now()` })
        .where('person_id', '=', p.person_id)
        .where('device_id', '=', p.device_id)
        .execute();
    }
  },

  /** Due rows no other instance holds, claimed for `leaseS` seconds (SKIP LOCKED: instances never share a row). */
  claim: async (db: Db, limit: number, maxAttempts: number, leaseS: number) =>
    (
      await sql<ClaimedRow>`
        UPDATE face_sync s SET claimed_until = now() + make_interval(secs => ${leaseS})
        FROM (
          SELECT person_id, device_id FROM face_sync
          WHERE status <> 'synced' AND next_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
            AND (status = 'deleting' OR attempts < ${maxAttempts} OR (status = 'pending' AND command_id IS NOT NULL))
          ORDER BY next_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
        ) due
        WHERE s.person_id = due.person_id AND s.device_id = due.device_id
        RETURNING s.person_id, s.device_id, s.status, s.attempts`.execute(db)
    ).rows,

  /** What a command needs: the person, their group's window, the terminal and its gateway. */
  target: (db: Db, personId: number, deviceId: number) =>
    db
      .selectFrom('face_people as p')
      .innerJoin('devices as t', (j) => j.on('t.id', '=', deviceId))
      .leftJoin('gateways as gw', 'gw.id', 't.gateway_id')
      .leftJoin('face_groups as g', 'g.id', 'p.group_id')
      .select(['p.id', 'p.project_id', 'p.name', 'p.name_en', 't.sn as device_sn', 'gw.sn as gateway_sn', 'g.days', 'g.time_from', 'g.time_to'])
      .select([sql<string | null>`to_char(p.valid_from, 'YYYY-MM-DD')`.as('valid_from'), sql<string | null>`to_char(p.valid_until, 'YYYY-MM-DD')`.as('valid_until')])
      .where('p.id', '=', personId)
      .executeTakeFirst(),

  /** Records a send: the command id the acknowledgement must carry, and when to try again without one. */
  sent: async (db: Db, p: SyncPair, status: 'pending' | 'deleting', commandId: string, retryInS: number) => {
    await db
      .updateTable('face_sync')
      .set({ status, command_id: commandId, sent_at: sql`now()`, attempts: sql`attempts + 1`, next_at: sql`now() + make_interval(secs => ${retryInS})`, claimed_until: null, updated_at: sql`now()` })
      .where('person_id', '=', p.person_id)
      .where('device_id', '=', p.device_id)
      .execute();
  },
  /** A row that cannot be sent (or gave up): failed with the reason, retried at `retryInS` when given. */
  fail: async (db: Db, p: SyncPair, reason: string, retryInS: number | null) => {
    await db
      .updateTable('face_sync')
      .set({ status: 'failed', reason, claimed_until: null, command_id: null, updated_at: sql`now()`, ...(retryInS === null ? { attempts: 1_000 } : { attempts: sql`attempts + 1`, next_at: sql`now() + make_interval(secs => ${retryInS})` }) })
      .where('person_id', '=', p.person_id)
      .where('device_id', '=', p.device_id)
      .execute();
  },
  /** A deleting row that could not be sent: stays deleting (never given up), with the reason. */
  deleteDelayed: async (db: Db, p: SyncPair, reason: string, retryInS: number) => {
    await db
      .updateTable('face_sync')
      .set({ reason, claimed_until: null, command_id: null, next_at: sql`now() + make_interval(secs => ${retryInS})`, updated_at: sql`now()` })
      .where('person_id', '=', p.person_id)
      .where('device_id', '=', p.device_id)
      .execute();
  },

  /** The row a gateway's answer is about: matched by command id and the terminal's own gateway. */
  byCommand: (db: Db, gatewaySn: string, commandId: string) =>
    db
      .selectFrom('face_sync as s')
      .innerJoin('devices as t', 't.id', 's.device_id')
      .innerJoin('gateways as gw', 'gw.id', 't.gateway_id')
      .select(['s.person_id', 's.device_id', 's.status'])
      .where('s.command_id', '=', commandId)
      .where('gw.sn', '=', gatewaySn)
      .executeTakeFirst(),
  acked: async (db: Db, p: SyncPair, commandId: string) =>
    db
      .updateTable('face_sync')
      .set({ status: 'synced', reason: '', acked_at: sql`now()`, updated_at: sql`now()` })
      .where('person_id', '=', p.person_id)
      .where('device_id', '=', p.device_id)
      .where('command_id', '=', commandId)
      .execute(),
  refused: async (db: Db, p: SyncPair, commandId: string, status: string, reason: string) =>
    db
      .updateTable('face_sync')
      .set({ status, reason, acked_at: sql`now()`, updated_at: sql`now()` })
      .where('person_id', '=', p.person_id)
      .where('device_id', '=', p.device_id)
      .where('command_id', '=', commandId)
      .execute(),
  removeRow: async (db: Db, p: SyncPair, commandId: string) =>
    db.deleteFrom('face_sync').where('person_id', '=', p.person_id).where('device_id', '=', p.device_id).where('command_id', '=', commandId).execute(),

  /** People deleted whose every terminal acknowledged the delete (or that never were on one): their rows go now. */
  finishDeletes: async (db: Db) =>
    (await db.deleteFrom('face_people as p').where('p.deleted_at', 'is not', null).where((eb) => eb.not(eb.exists(eb.selectFrom('face_sync as s').select('s.person_id').whereRef('s.person_id', '=', 'p.id')))).returning(['p.id', 'p.project_id']).execute()),

  /** Sites with door terminals (the periodic repair walks them). */
  terminalProjects: async (db: Db) => (await db.selectFrom('devices').select('project_id').distinct().where('kind', '=', 'access_terminal').execute()).map((r) => r.project_id),

  rows: (db: Db, projectId: number) =>
    db
      .selectFrom('face_sync as s')
      .innerJoin('face_people as p', 'p.id', 's.person_id')
      .innerJoin('devices as t', 't.id', 's.device_id')
      .select(['s.person_id', 's.device_id as terminal_id', 't.name as terminal_name', 't.name_en as terminal_name_en', 's.status', 's.reason', 's.attempts', 's.updated_at'])
      .where('p.project_id', '=', projectId)
      .orderBy('s.person_id')
      .orderBy('t.sort')
      .orderBy('t.id')
      .execute(),

  terminals: (db: Db, projectId: number) =>
    db
      .selectFrom('devices as t')
      .leftJoin('rooms as r', 'r.id', 't.room_id')
      .leftJoin('gateways as gw', 'gw.id', 't.gateway_id')
      .select(['t.id', 't.sn', 't.name', 't.name_en', 'r.name as room_name', 'r.name_en as room_name_en', 'gw.last_seen_at'])
      .select([
        sql<number>`(SELECT count(*)::int FROM face_sync s WHERE s.device_id = t.id AND s.status = 'synced')`.as('enrolled'),
        sql<number>`(SELECT count(*)::int FROM face_sync s WHERE s.device_id = t.id AND s.status = 'pending')`.as('pending'),
        sql<number>`(SELECT count(*)::int FROM face_sync s WHERE s.device_id = t.id AND s.status = 'failed')`.as('failed'),
        sql<number>`(SELECT count(*)::int FROM face_sync s WHERE s.device_id = t.id AND s.status = 'deleting')`.as('deleting'),
        sql<Date | null>`GREATEST((SELECT max(s.acked_at) FROM face_sync s WHERE s.device_id = t.id), (SELECT max(fr.created_at) FROM face_records fr WHERE fr.device_id = t.id))`.as('heard_at'),
      ])
      .where('t.project_id', '=', projectId)
      .where('t.kind', '=', 'access_terminal')
      .orderBy('t.sort')
      .orderBy('t.id')
      .execute(),
};
export type FaceSyncRepository = typeof faceSyncRepository;
