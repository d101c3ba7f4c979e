import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** SQL of the storage-strategy push (`ess_strategy_sync`, migration 0045). Rules are in strategySync.ts. */
export interface ClaimedSync {
  device_id: number;
  sent_seq: number;
  command_id: string;
  attempts: number;
}

export const strategySyncRepository = {
  /** The PCS must run something new: its row (made if missing) is due now, whatever it was. */
  changed: async (db: Db, deviceIds: readonly number[]) => {
    if (deviceIds.length === 0) return;
    await db
      .insertInto('ess_strategy_sync')
      .values(deviceIds.map((device_id) => ({ device_id })))
      .onConflict((oc) =>
        oc.column('device_id').doUpdateSet({ seq: sql`ess_strategy_sync.seq + 1`, state: 'pending', error: null, attempts: 0, next_at: sql`now()`, updated_at: sql`now()` }),
      )
      .execute();
  },

  /** A row for every PCS with a configured strategy and none yet (the demo seed, entries made before 0045). */
  addMissing: async (db: Db) => {
    await sql`
      INSERT INTO ess_strategy_sync (device_id)
      SELECT d.id FROM energy_assets a JOIN devices d ON d.id = (a.spec->>'pcs_device_id')::int AND d.project_id = a.project_id
      WHERE a.kind = 'ess'
      ON CONFLICT (device_id) DO NOTHING`.execute(db);
  },

  /**
   * Due rows no other instance holds, claimed by moving their next try `retryS(attempts)` ahead with a fresh
   * command id (SKIP LOCKED: instances never share a row; the id tells a stale answer from the current one).
   */
  claim: async (db: Db, limit: number) =>
    (
      await sql<ClaimedSync>`
        UPDATE ess_strategy_sync s SET
          sent_seq = s.seq, attempts = s.attempts + 1, updated_at = now(),
          command_id = 'ess-' || substr(md5(random()::text || clock_timestamp()::text || s.device_id::text), 1, 20),
          next_at = now() + make_interval(secs => least(600, 15 * power(2, s.attempts)))
        FROM (
          SELECT device_id FROM ess_strategy_sync WHERE state <> 'applied' AND next_at <= now()
          ORDER BY next_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
        ) due
        WHERE s.device_id = due.device_id
        RETURNING s.device_id, s.sent_seq, s.command_id, s.attempts`.execute(db)
    ).rows,

  /** What the command needs: the PCS's serial, its gateway's, and its site's configured strategy (if any). */
  target: (db: Db, deviceId: number) =>
    db
      .selectFrom('devices as d')
      .leftJoin('gateways as g', 'g.id', 'd.gateway_id')
      .leftJoin('energy_assets as a', (j) => j.on('a.kind', '=', 'ess').onRef('a.project_id', '=', 'd.project_id').on(sql`(a.spec->>'pcs_device_id')::int`, '=', sql.ref('d.id')))
      .select(['d.sn as device_sn', 'g.sn as gateway_sn', 'a.spec'])
      .where('d.id', '=', deviceId)
      .executeTakeFirst(),

  /** A claimed row that cannot be sent: refused with the reason (retried when its next try comes). */
  unsendable: async (db: Db, deviceId: number, commandId: string, reason: string) => {
    await db.updateTable('ess_strategy_sync').set({ state: 'refused', error: reason, updated_at: sql`now()` }).where('device_id', '=', deviceId).where('command_id', '=', commandId).execute();
  },

  /**
   * The gateway's answer to `commandId` (from that gateway only). ok: the PCS runs `sent_seq` — applied, unless
   * a change came since (then still pending). Refused: the reason, when it was the current strategy. Answers
   * whether the id was one of ours.
   */
  answer: async (db: Db, gatewaySn: string, commandId: string, ok: boolean, error: string | null): Promise<boolean> => {
    const row = await db
      .selectFrom('ess_strategy_sync as s')
      .innerJoin('devices as d', 'd.id', 's.device_id')
      .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
      .select(['s.device_id'])
      .where('s.command_id', '=', commandId)
      .where('g.sn', '=', gatewaySn)
      .executeTakeFirst();
    if (!row) return false;
    await db
      .updateTable('ess_strategy_sync')
      .set(
        ok
          ? { acked_seq: sql`sent_seq`, state: sql`CASE WHEN sent_seq = seq THEN 'applied' ELSE 'pending' END`, error: null, attempts: 0, updated_at: sql`now()` }
          : { state: sql`CASE WHEN sent_seq = seq THEN 'refused' ELSE state END`, error: sql`CASE WHEN sent_seq = seq THEN ${error ?? 'refused'} ELSE error END`, updated_at: sql`now()` },
      )
      .where('device_id', '=', row.device_id)
      .where('command_id', '=', commandId)
      .execute();
    return true;
  },

  /** The push state of these PCS, for the EssSet list. */
  states: (db: Db, deviceIds: readonly number[]) =>
    deviceIds.length === 0 ? Promise.resolve([]) : db.selectFrom('ess_strategy_sync').select(['device_id', 'state', 'error', 'updated_at']).where('device_id', 'in', [...deviceIds]).execute(),
};
