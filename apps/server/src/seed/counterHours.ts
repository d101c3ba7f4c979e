import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * The hourly rollups of the demo's counter history, made inside the database (issue 27). A counter's hour is
 * fully described by its first and last reading: the rest of the row follows from the hour's position (bucket,
 * first_ts a minute into it, last_ts a minute before its end, 60 samples) and from min = first, max = last, the
 * sum of the samples rising evenly ((first + last) / 2 · count, float8 arithmetic cast to numeric as the former
 * CSV rows' numericOf wrote it). So the seed ships two float8 arrays per point and the database unnests them into
 * rows: no text row per hour in JS (~3.8 s for the 846 000 rows of 400 days) and no CSV parse in PGlite (its
 * COPY ran at ~100 000 rows/s, INSERT … SELECT runs at ~150 000).
 */
export interface CounterHours {
  /**
   * Writes one point's hours: `first[i]` and `last[i]` are the readings of hour i from `start`; the last hour
   * ends at `end` (partial) with `lastCount` samples.
   */
  write(point: number, start: number, end: number, first: Float64Array, last: Float64Array, lastCount: number): Promise<void>;
}

export async function counterHours(trx: Db): Promise<CounterHours> {
  // Keys are added once by the seed; ON CONFLICT (an index probe per row) only when the table already has rows.
  const empty = !(await sql<{ e: boolean }>`SELECT EXISTS (SELECT 1 FROM rollup_hourly) AS e`.execute(trx)).rows[0]!.e;
  const onConflict = empty ? sql`` : sql`ON CONFLICT DO NOTHING`;
  return {
    async write(point, start, end, first, last, lastCount) {
      const hours = first.length;
      if (hours === 0) return;
      await sql`
        INSERT INTO rollup_hourly (point_id, bucket, min, max, sum, count, first, first_ts, last, last_ts)
        SELECT ${point}::int, b, f, l, (((f + l) / 2) * c)::numeric, c, f, b + interval '1 minute', l,
               CASE WHEN o = ${hours}::int THEN ${new Date(end)}::timestamptz ELSE b + interval '59 minutes' END
        FROM unnest(${Array.from(first)}::float8[], ${Array.from(last)}::float8[]) WITH ORDINALITY AS x(f, l, o)
        CROSS JOIN LATERAL (
          SELECT ${new Date(start)}::timestamptz + (o - 1) * interval '1 hour' AS b,
                 CASE WHEN o = ${hours}::int THEN ${lastCount}::int ELSE 60 END AS c) y
        ${onConflict}`.execute(trx);
    },
  };
}
