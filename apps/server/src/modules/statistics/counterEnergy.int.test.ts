import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database.js';
import { backends, createTestDatabase, type TestDatabase } from '../../test-support/backends.js';
import { ENERGY_SQL, RESET_SQL, bucketEnergy, hasReset, type CounterBucket } from './counterEnergy.js';

/**
 * bucketEnergy/hasReset are the TypeScript statement of the energy rule; the statistics run ENERGY_SQL and
 * RESET_SQL. This runs both on the same buckets so the two cannot drift apart.
 */
const cases: { name: string; bucket: CounterBucket; prevLast: number | null }[] = [
  { name: 'steady counter', bucket: { first: 111, last: 130, min: 111, max: 130 }, prevLast: 110 },
  { name: 'first bucket ever (no previous reading)', bucket: { first: 100, last: 110, min: 100, max: 110 }, prevLast: null },
  { name: 'flat bucket', bucket: { first: 131, last: 131, min: 131, max: 131 }, prevLast: 131 },
  { name: 'gap: growth since the last reading seen', bucket: { first: 180, last: 200, min: 180, max: 200 }, prevLast: 130 },
  { name: 'reset before the bucket', bucket: { first: 3, last: 20, min: 3, max: 20 }, prevLast: 5000 },
  { name: 'reset inside the bucket', bucket: { first: 500, last: 40, min: 2, max: 560 }, prevLast: 490 },
  { name: 'reset inside the first bucket ever', bucket: { first: 500, last: 40, min: 2, max: 560 }, prevLast: null },
  { name: 'reset before and inside', bucket: { first: 10, last: 7, min: 1, max: 60 }, prevLast: 900 },
  { name: 'fractional readings', bucket: { first: 1.25, last: 2.75, min: 1.25, max: 2.75 }, prevLast: 1 },
];

describe.each(backends)('counter energy: TypeScript rule and SQL agree on %s', (backend) => {
  let tdb: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    tdb = await createTestDatabase(backend);
    database = await openDatabase({ databaseUrl: tdb.databaseUrl, pgliteDir: tdb.pgliteDir ?? 'memory://' });
  });

  afterAll(async () => {
    await database.close();
    await tdb.drop();
  });

  it.each(cases)('$name', async ({ bucket, prevLast }) => {
    // `p` is the previous bucket's last reading, or the bucket's own first when there is none (as the repository).
    const r = await sql<{ energy: number; reset: number }>`
      SELECT (${sql.raw(ENERGY_SQL)})::float8 AS energy, (${sql.raw(RESET_SQL)})::int AS reset
      FROM (SELECT ${bucket.first}::float8 AS first, ${bucket.last}::float8 AS last, ${bucket.min}::float8 AS min,
                   ${bucket.max}::float8 AS max, coalesce(${prevLast}::float8, ${bucket.first}::float8) AS p) b`.execute(database.db);
    const row = r.rows[0]!;
    expect(row.energy).toBeCloseTo(bucketEnergy(bucket, prevLast), 9);
    expect(row.reset === 1).toBe(hasReset(bucket, prevLast));
  });
});
