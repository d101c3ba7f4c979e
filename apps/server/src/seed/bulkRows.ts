import { sql } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import type { Db } from '../db/database.js';

/** Column types a bulk load carries: numbers as JS numbers, numeric and timestamptz as their text form. */
export type BulkType = 'int' | 'float8' | 'numeric' | 'timestamptz';
export type BulkValue = number | string;

/** Rows per COPY or per INSERT: large enough that round trips do not count, small enough to report progress. */
const CHUNK = 50_000;

/**
 * Rows for one table, written in chunks. On PGlite: CSV through its own `COPY … FROM '/dev/blob'` (a few times
 * faster than an INSERT of arrays, and no array encoding in JS); the COPY runs in the open transaction, PGlite
 * being one session. Elsewhere (PostgreSQL, or a table that already has rows): typed arrays through unnest
 * with ON CONFLICT DO NOTHING, which the server parses in its own process.
 *
 * A COPY has no ON CONFLICT: `bulkRows` only takes it for a table that is empty when the loader is made, and
 * the caller must add each key once.
 */
export interface BulkRows {
  /** Appends one row, values in the order of the loader's columns. */
  add(values: readonly BulkValue[]): void;
  /** Rows added and not yet written. */
  readonly pending: number;
  /** Writes the pending rows; `onChunk` after each chunk with the rows written so far by this call. */
  flush(onChunk?: (written: number) => void): Promise<number>;
}

export async function bulkRows(
  trx: Db,
  pglite: PGlite | undefined,
  table: string,
  columns: readonly (readonly [name: string, type: BulkType])[],
): Promise<BulkRows> {
  const names = columns.map(([n]) => n);
  const empty =
    pglite !== undefined &&
    !(await sql<{ e: boolean }>`SELECT EXISTS (SELECT 1 FROM ${sql.table(table)}) AS e`.execute(trx)).rows[0]!
      .e;
  if (pglite && empty) {
    let lines: string[] = [];
    const copy = `COPY ${table} (${names.join(', ')}) FROM '/dev/blob' WITH (FORMAT csv)`;
    return {
      add: (values) => void lines.push(values.join(',')),
      get pending() {
        return lines.length;
      },
      async flush(onChunk) {
        const all = lines;
        lines = [];
        for (let i = 0; i < all.length; i += CHUNK) {
          const chunk = all.slice(i, i + CHUNK);
          await pglite.query(copy, [], { blob: new Blob([chunk.join('\n'), '\n']) });
          onChunk?.(Math.min(all.length, i + CHUNK));
        }
        return all.length;
      },
    };
  }
  let cols: BulkValue[][] = columns.map(() => []);
  return {
    add: (values) => values.forEach((v, i) => cols[i]!.push(v)),
    get pending() {
      return cols[0]!.length;
    },
    async flush(onChunk) {
      const all = cols;
      cols = columns.map(() => []);
      const n = all[0]!.length;
      for (let i = 0; i < n; i += CHUNK) {
        const arrays = columns.map(([, type], c) => sql`${all[c]!.slice(i, i + CHUNK)}::${sql.raw(type)}[]`);
        await sql`
          INSERT INTO ${sql.table(table)} (${sql.join(names.map((c) => sql.ref(c)))})
          SELECT * FROM unnest(${sql.join(arrays)})
          ON CONFLICT DO NOTHING`.execute(trx);
        onChunk?.(Math.min(n, i + CHUNK));
      }
      return n;
    },
  };
}

/**
 * A double as PostgreSQL stores it in a numeric column when the value comes from float8 arithmetic in SQL
 * (float8 → numeric keeps 15 significant digits), so a sum computed here equals the one the former SQL stored.
 */
export const numericOf = (v: number): string => String(Number(v.toPrecision(15)));

/** An instant as timestamptz input (UTC, milliseconds). */
export const isoOf = (ms: number): string => new Date(ms).toISOString();
