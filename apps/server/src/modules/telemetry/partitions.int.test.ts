import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Database } from '../../db/database.js';
import { migrations } from '../../db/migrations/index.js';
import { backends, createTestDatabase, type TestDatabase } from '../../test-support/backends.js';
import { planHistory } from '../history/service.js';
import { DAYS_AHEAD, maintainPartitions } from './partitions.js';
import { partitionName, partitionRepository, utcDayStart } from './partitionRepository.js';

const DAY = 86_400_000;

/** Samples straight into telemetry, a repeat skipped as the ingest statement does (ON CONFLICT on the key). */
async function insert(db: Database['db'], rows: { pointId: number; ts: number; value: number }[]): Promise<number> {
  const r = await sql`
    INSERT INTO telemetry (point_id, ts, value)
    SELECT * FROM unnest(${rows.map((x) => x.pointId)}::int[], ${rows.map((x) => new Date(x.ts).toISOString())}::timestamptz[], ${rows.map((x) => x.value)}::float8[])
    ON CONFLICT DO NOTHING`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/** Where each stored row is: its partition's name, and how many rows are there. */
async function rowsByPartition(db: Database['db']): Promise<Record<string, number>> {
  const r = await sql<{ part: string; n: number }>`SELECT tableoid::regclass::text AS part, count(*)::int AS n FROM telemetry GROUP BY 1`.execute(db);
  return Object.fromEntries(r.rows.map((x) => [x.part, x.n]));
}


describe.each(backends)('raw telemetry partitions on %s', (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  afterEach(async () => {
    await database?.close();
    await tdb?.drop();
  });

  async function open(list = migrations) {
    tdb = await createTestDatabase(kind);
    database = await openDatabase({ databaseUrl: tdb.databaseUrl, pgliteDir: tdb.pgliteDir ?? 'memory://' });
    await migrate(database.db, list);
    return database.db;
  }

  it('moves existing rows into day partitions when migrating, and keeps today and the next days ready', async () => {
    const before = migrations.findIndex((m) => m.name === '0042_telemetry_partitions');
    const db = await open(migrations.slice(0, before));
    const now = Date.now();
    const ts = [now - 5 * DAY, now - 5 * DAY + 1000, now - 1 * DAY, now];
    await sql`INSERT INTO telemetry (point_id, ts, value) SELECT 7, * FROM unnest(${ts.map((t) => new Date(t).toISOString())}::timestamptz[], ${[1, 2, 3, 4]}::float8[])`.execute(db);

    await migrate(db);
    const parts = await rowsByPartition(db);
    expect(parts).toEqual({
      [partitionName(utcDayStart(new Date(now - 5 * DAY)))]: 2,
      [partitionName(utcDayStart(new Date(now - DAY)))]: 1,
      [partitionName(utcDayStart(new Date(now)))]: 1,
    });
    const days = (await partitionRepository.days(db)).map((d) => d.getTime());
    for (let i = 0; i <= DAYS_AHEAD; i++) expect(days).toContain(utcDayStart(new Date(now)).getTime() + i * DAY);
    // The primary key still makes a repeat a no-op, across the partitioned table.
    expect(await insert(db, [{ pointId: 7, ts: now, value: 4 }])).toBe(0);
  });

  it('catches old samples in the default partition, moves them to their day, and drops whole days past retention', async () => {
    const db = await open();
    const pointId = 5;
    const now = new Date();
    const at = (days: number) => now.getTime() - days * DAY;
    // A store-and-forward backlog: 10 and 20 days old, beside a live sample.
    const stored = await insert(db, [
      { pointId, ts: at(20), value: 20 },
      { pointId, ts: at(10), value: 10 },
      { pointId, ts: at(10) + 60_000, value: 11 },
      { pointId, ts: now.getTime(), value: 0 },
    ]);
    expect(stored).toBe(4);
    expect((await rowsByPartition(db)).telemetry_default).toBe(3);

    const run = await maintainPartitions(db, 14, now);
    expect(run).toMatchObject({ created: 1, moved: 2, deleted: 1, dropped: 0 });
    const parts = await rowsByPartition(db);
    expect(parts.telemetry_default).toBeUndefined();
    expect(parts[partitionName(utcDayStart(new Date(at(10))))]).toBe(2);
    // History before the cut reads rollups from now on.
    const rawSince = run!.rawSince;
    expect(rawSince.getTime()).toBe(utcDayStart(now).getTime() - 14 * DAY);
    expect(planHistory(new Date(at(20)), new Date(at(20) + 3_600_000), 1000, 'Asia/Shanghai', rawSince).source).toBe('quarter_hour');
    expect(planHistory(new Date(at(1)), new Date(at(1) + 3_600_000), 1000, 'Asia/Shanghai', rawSince).source).toBe('telemetry');

    // Twelve days later the 10-day-old partition is past retention: dropped whole, the rest kept.
    const later = new Date(now.getTime() + 12 * DAY);
    const second = await maintainPartitions(db, 14, later);
    expect(second!.dropped).toBeGreaterThanOrEqual(1);
    const after = await rowsByPartition(db);
    expect(after[partitionName(utcDayStart(new Date(at(10))))]).toBeUndefined();
    expect(after[partitionName(utcDayStart(now))]).toBe(1);
    const days = await partitionRepository.days(db);
    expect(days.every((d) => d.getTime() + DAY > second!.rawSince.getTime())).toBe(true);
    // Days ahead of the later date exist, so live samples then land in a day partition.
    expect(days.map((d) => d.getTime())).toContain(utcDayStart(later).getTime() + DAYS_AHEAD * DAY);
    const since = await sql<{ t: Date }>`SELECT raw_since AS t FROM telemetry_partition_state`.execute(db);
    expect(new Date(since.rows[0]!.t).getTime()).toBe(second!.rawSince.getTime());
  });

  it('runs once at a time across instances: concurrent runs neither fail nor duplicate partitions', async () => {
    const db = await open();
    await insert(db, [{ pointId: 3, ts: Date.now() - 8 * DAY, value: 1 }]);
    const runs = await Promise.all([maintainPartitions(db, 30), maintainPartitions(db, 30), maintainPartitions(db, 30)]);
    const done = runs.filter((r) => r !== null);
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(done.reduce((n, r) => n + r!.created, 0)).toBe(1);
    expect((await rowsByPartition(db)).telemetry_default).toBeUndefined();
  });
});
