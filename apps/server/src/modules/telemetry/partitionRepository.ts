import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { DAY_MS } from '@gridops/format';


/** `telemetry_p20261126` for the UTC day starting at `day`. */
export const partitionName = (day: Date) => `telemetry_p${day.toISOString().slice(0, 10).replaceAll('-', '')}`;

/** The UTC day a partition name stands for, or null for any other table. */
export function partitionDay(name: string): Date | null {
  const m = /^telemetry_p(\d{4})(\d{2})(\d{2})$/.exec(name);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
}

export const utcDayStart = (t: Date) => new Date(Math.floor(t.getTime() / DAY_MS) * DAY_MS);

const literal = (t: Date) => sql.lit(t.toISOString());

/** SQL of the raw-telemetry partitions (migration 0042); the rules are in partitions.ts. */
export const partitionRepository = {
  /** Locks the state row for this transaction and stamps the run; false when another instance holds it. */
  async claim(trx: Db): Promise<boolean> {
    const r = await sql<{ id: number }>`
      UPDATE telemetry_partition_state SET last_run = now()
      WHERE id = (SELECT id FROM telemetry_partition_state WHERE id = 1 FOR UPDATE SKIP LOCKED)
      RETURNING id`.execute(trx);
    return r.rows.length === 1;
  },

  /** The day partitions attached to telemetry (the default partition excluded). */
  async days(db: Db): Promise<Date[]> {
    const r = await sql<{ name: string }>`
      SELECT c.relname AS name FROM pg_inherits i
      JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
      WHERE p.relname = 'telemetry'`.execute(db);
    return r.rows.map((x) => partitionDay(x.name)).filter((d): d is Date => d !== null).sort((a, b) => a.getTime() - b.getTime());
  },

  /** The UTC days that have rows in the default partition (not yet in a day partition). */
  async defaultDays(db: Db): Promise<Date[]> {
    const r = await sql<{ day: Date }>`
      SELECT DISTINCT date_trunc('day', ts, 'UTC') AS day FROM telemetry_default ORDER BY 1`.execute(db);
    return r.rows.map((x) => new Date(x.day));
  },

  /**
   * Creates the day's partition: a plain table first, the day's rows moved into it from the default partition,
   * then attached — attaching a day whose rows still sit in the default partition would fail. Returns the rows moved.
   */
  async createDay(trx: Db, day: Date): Promise<number> {
    const name = sql.id(partitionName(day));
    const next = new Date(day.getTime() + DAY_MS);
    await sql`CREATE TABLE ${name} (LIKE telemetry INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`.execute(trx);
    const moved = await sql<{ n: number }>`
      WITH moved AS (DELETE FROM telemetry_default WHERE ts >= ${day} AND ts < ${next} RETURNING point_id, ts, value),
      ins AS (INSERT INTO ${name} (point_id, ts, value) SELECT point_id, ts, value FROM moved RETURNING 1)
      SELECT count(*)::int AS n FROM ins`.execute(trx);
    await sql`ALTER TABLE telemetry ATTACH PARTITION ${name} FOR VALUES FROM (${literal(day)}) TO (${literal(next)})`.execute(trx);
    return moved.rows[0]?.n ?? 0;
  },

  dropDay: (trx: Db, day: Date) => sql`DROP TABLE ${sql.id(partitionName(day))}`.execute(trx),

  /** Rows of the default partition before `cutoff` (past retention): deleted, not moved. */
  async deleteDefaultBefore(trx: Db, cutoff: Date): Promise<number> {
    const r = await sql`DELETE FROM telemetry_default WHERE ts < ${cutoff}`.execute(trx);
    return Number(r.numAffectedRows ?? 0);
  },

  advanceRawSince: (trx: Db, since: Date) =>
    trx.updateTable('telemetry_partition_state').set({ raw_since: sql<Date>`greatest(raw_since, ${since}::timestamptz)` }).where('id', '=', 1).execute(),
};
