import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';
import { compactQuarterHours } from './quarterHours.js';
import { telemetryRepository } from './repository.js';

const MIN = 60_000;
const QUARTER = 15 * MIN;
const HOUR = 60 * MIN;

describe.each(backends)('quarter-hour rollups on %s: compaction, cut and late samples', (backend) => {
  let t: TestApp;
  let site: string;
  let pointId: number;
  // Eight hours up to now, one sample a minute; the cut starts six hours back, as after a pause of the job.
  const now = Date.now();
  const start = Math.floor(now / QUARTER) * QUARTER - 8 * HOUR;
  const value = (ts: number) => Math.round(1000 * Math.sin(ts / 7_777_777)) / 10;

  beforeAll(async () => {
    t = await startTestApp(backend);
    site = await loginAs(t.app, 'site');
    const db = t.database.db;
    const szip = (await db.selectFrom('projects').select('id').where('name_en', 'like', 'Suzhou%').executeTakeFirstOrThrow()).id;
    pointId = (
      await db
        .selectFrom('device_points as p')
        .innerJoin('devices as d', 'd.id', 'p.device_id')
        .select('p.id')
        .where('d.project_id', '=', szip)
        .where('d.sn', '=', 'F02')
        .where('p.key', '=', 'P')
        .executeTakeFirstOrThrow()
    ).id;
    // Straight into telemetry, as samples that arrived on time (nothing marked).
    const ts: string[] = [];
    const vs: number[] = [];
    for (let x = start; x < now; x += MIN) {
      ts.push(new Date(x).toISOString());
      vs.push(value(x));
    }
    await sql`INSERT INTO telemetry (point_id, ts, value) SELECT ${pointId}, * FROM unnest(${ts}::timestamptz[], ${vs}::float8[])`.execute(db);
    await sql`UPDATE rollup_15m_state SET done_until = ${new Date(start + 2 * HOUR)}`.execute(db);
  });
  afterAll(async () => t?.close());

  const history = async (from: number, to: number, width: number) => {
    const url = `/api/v6/history/series?point_ids=${pointId}&from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}&width=${width}`;
    return (await t.app.inject({ method: 'GET', url, headers: apiHeaders(site) })).json();
  };
  /** What the chart must show: min/max/avg straight from telemetry per bucket. */
  const fromTelemetry = async (origin: number, to: number, bucketMs: number) => {
    const r = await sql<{ t: number; min: number; max: number; avg: number }>`
      SELECT date_part('epoch', date_bin(${`${bucketMs} milliseconds`}::interval, ts, ${new Date(origin)})) * 1000 AS t, min(value), max(value), avg(value)
      FROM telemetry WHERE point_id = ${pointId} AND ts >= ${new Date(origin)} AND ts < ${new Date(to)} GROUP BY 1 ORDER BY 1`.execute(t.database.db);
    return r.rows;
  };
  const expectSameAsTelemetry = async (body: { data: { bucket_ms: number; series: { t: number[]; min: number[]; max: number[]; avg: number[] }[] } }, origin: number, to: number) => {
    const want = await fromTelemetry(origin, to, body.data.bucket_ms);
    const s = body.data.series[0]!;
    expect(s.t).toEqual(want.map((w) => w.t));
    expect(s.min).toEqual(want.map((w) => w.min));
    expect(s.max).toEqual(want.map((w) => w.max));
    s.avg.forEach((a, i) => expect(a).toBeCloseTo(want[i]!.avg, 4));
  };

  it('reads rollups before the cut and telemetry after it, as one series', async () => {
    const from = start + 2 * HOUR; // the cut: nothing compacted yet, all of it comes from telemetry
    const r = await history(from, now, 10); // 6 h on 10 px: 36-minute pixels, in whole quarters
    expect(r.data).toMatchObject({ source: 'quarter_hour', bucket_ms: 3 * QUARTER });
    await expectSameAsTelemetry(r, from, now);
  });

  it('compacts every quarter that ended ten minutes ago and moves the cut', async () => {
    const db = t.database.db;
    const before = await db.selectFrom('rollup_15m').select(sql<number>`count(*)::int`.as('n')).where('point_id', '=', pointId).executeTakeFirstOrThrow();
    const r = await compactQuarterHours(db);
    expect(r).not.toBeNull();
    const cut = Math.floor((Date.now() - 10 * MIN) / QUARTER) * QUARTER;
    expect([cut - QUARTER, cut]).toContain(r!.doneUntil.getTime()); // the clock may pass a quarter in between
    const quarters = await db.selectFrom('rollup_15m').select(['bucket', 'count']).where('point_id', '=', pointId).where('bucket', '>=', new Date(start)).orderBy('bucket').execute();
    expect(before.n).toBe(0);
    // From where the cut was (start + 2 h) to the new cut: one row per quarter with its 15 samples.
    expect(quarters.map((q) => q.bucket.getTime())).toEqual(Array.from({ length: (r!.doneUntil.getTime() - start - 2 * HOUR) / QUARTER }, (_, i) => start + 2 * HOUR + i * QUARTER));
    expect(quarters.every((q) => q.count === 15)).toBe(true);
    expect(await compactQuarterHours(db)).toMatchObject({ compacted: 0, recomputed: 0 }); // nothing new
  });

  it('keeps the chart equal to telemetry across the cut', async () => {
    await expectSameAsTelemetry(await history(start + 2 * HOUR, now, 10), start + 2 * HOUR, now);
    await expectSameAsTelemetry(await history(start + 2 * HOUR + 7 * MIN, now, 12), start + 2 * HOUR, now);
  });

  it('recomputes a compacted quarter when a late sample arrives for it', async () => {
    const db = t.database.db;
    const quarter = start + 3 * HOUR;
    const late = quarter + 7 * MIN + 30_000; // between two of the minute samples
    const stored = await telemetryRepository.store(db, [{ pointId, ts: late, value: 9999 }]);
    expect(stored).toHaveLength(1);
    const marked = await db.selectFrom('rollup_15m_dirty').select('bucket').where('point_id', '=', pointId).execute();
    expect(marked.map((m) => m.bucket.getTime())).toEqual([quarter]);
    const row = () => db.selectFrom('rollup_15m').select(['count', 'max', 'last']).where('point_id', '=', pointId).where('bucket', '=', new Date(quarter)).executeTakeFirstOrThrow();
    expect((await row()).count).toBe(15); // not yet
    expect(await compactQuarterHours(db)).toMatchObject({ recomputed: 1 });
    expect(await row()).toMatchObject({ count: 16, max: 9999, last: value(quarter + 14 * MIN) });
    expect(await db.selectFrom('rollup_15m_dirty').selectAll().execute()).toEqual([]);
    await expectSameAsTelemetry(await history(start + 2 * HOUR, now, 10), start + 2 * HOUR, now);
  });

  it('does not mark samples of the current quarter', async () => {
    const db = t.database.db;
    await telemetryRepository.store(db, [{ pointId, ts: Date.now(), value: 1 }]);
    expect(await db.selectFrom('rollup_15m_dirty').selectAll().execute()).toEqual([]);
  });
});
