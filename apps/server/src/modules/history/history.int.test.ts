import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gridops/contract';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';
import { compactQuarterHours } from '../telemetry/quarterHours.js';
import { telemetryRepository } from '../telemetry/repository.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
// Fixed instants far from "now", so live data and other tests never overlap them.
const T0 = Date.parse('2024-03-01T00:00:00Z'); // 08:00 in Asia/Shanghai
const A0 = Date.parse('2024-04-01T00:00:00+08:00');

describe.each(backends)('history, statistics and special analysis on %s', (backend) => {
  let t: TestApp;
  let centre: string;
  let site: string;
  let xihu: string;
  const pid: Record<string, number> = {};
  let szip: number;

  beforeAll(async () => {
    t = await startTestApp(backend);
    [centre, site, xihu] = await Promise.all([loginAs(t.app, 'centre'), loginAs(t.app, 'site'), loginAs(t.app, 'xihu')]);
    const db = t.database.db;
    szip = (await db.selectFrom('projects').select('id').where('name_en', 'like', 'Suzhou%').executeTakeFirstOrThrow()).id;
    const rows = await db
      .selectFrom('device_points as p')
      .innerJoin('devices as d', 'd.id', 'p.device_id')
      .select(['p.id', 'p.key', 'd.sn'])
      .where('d.project_id', '=', szip)
      .where('d.sn', 'in', ['T1', 'F01'])
      .execute();
    for (const r of rows) pid[`${r.sn}.${r.key}`] = r.id;
    const samples: { pointId: number; ts: number; value: number }[] = [];
    // F01.P: one sample a minute for two hours, value = minute index.
    for (let i = 0; i < 120; i++) samples.push({ pointId: pid['F01.P']!, ts: T0 + i * MIN, value: i });
    // F01.EP over three local days: 100 → 150, 150 → 230, then a meter reset: 10 → 20.
    const day = (d: number, h: number) => Date.parse(`2024-03-0${d}T${String(h).padStart(2, '0')}:00:00+08:00`);
    for (const [ts, v] of [[day(1, 9), 100], [day(1, 20), 150], [day(2, 9), 170], [day(2, 20), 230], [day(3, 9), 10], [day(3, 20), 20]] as const) samples.push({ pointId: pid['F01.EP']!, ts, value: v });
    // Analysis fixtures on T1 (2024-04-01 local).
    const s = (key: string, ts: number, value: number) => samples.push({ pointId: pid[`T1.${key}`]!, ts, value });
    [220, 230, 240, 200].forEach((v, i) => s('Ua', A0 + i * MIN, v));
    for (const [key, ts, v] of [['Ia', A0, 100], ['Ib', A0, 100], ['Ic', A0, 130], ['Ia', A0 + MIN, 100], ['Ib', A0 + MIN, 100], ['Ic', A0 + MIN, 100], ['PF', A0, 0.95], ['PF', A0 + MIN, 0.85]] as const) s(key, ts, v);
    [30, 50, 80, 110].forEach((v, h) => s('load_rate', A0 + h * HOUR + 5 * MIN, v));
    for (const [ts, v] of [[A0 + 1 * MIN, 100], [A0 + 2 * MIN, 200], [A0 + 16 * MIN, 300]] as const) s('P', ts, v);
    await telemetryRepository.store(db, samples);
    await compactQuarterHours(db); // 2024 is late: the quarters were marked and are recomputed now
  });
  afterAll(async () => t?.close());

  const get = async (url: string, token: string) => (await t.app.inject({ method: 'GET', url, headers: apiHeaders(token) })).json();
  const iso = (ms: number) => new Date(ms).toISOString();
  const series = (token: string, ids: number[], from: number, to: number, width: number) =>
    get(`/api/v6/history/series?point_ids=${ids.join(',')}&from=${iso(from)}&to=${iso(to)}&width=${width}`, token);

  it("an event older than the raw samples kept still gets its curve, from the quarter-hour rollups", async () => {
    const db = t.database.db;
    // T1.Q has no raw samples at all here: only quarter-hour rollups around the event (as after retention).
    const at = Date.parse('2024-02-10T04:00:00Z');
    const quarters = [-2, -1, 0, 1, 2].map((k) => at + k * 15 * MIN);
    await db
      .insertInto('rollup_15m')
      .values(quarters.map((b, i) => ({ point_id: pid['T1.Q']!, bucket: new Date(b), min: i, max: i + 2, sum: (i + 1) * 15, count: 15, first: i, first_ts: new Date(b), last: i + 2, last_ts: new Date(b + 14 * MIN) })))
      .execute();
    const ev = await db
      .insertInto('events')
      .values({ project_id: szip, device_id: null, point_id: pid['T1.Q']!, rule_id: null, event_type: 1, level: 2, title: 'Q', message: 'Q', value: 1, limit_value: 2, rule_kind: 'high', state_from: null, group_key: null, message_key: null, message_params: null, raised_at: new Date(at), cleared_at: null, acknowledged_at: null, acknowledged_by: null, handled_at: null, handled_by: null, handle_note: null, closed_at: null, closed_by: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const r = await get(`/api/v6/event/${ev.id}/curve`, centre);
    expect(r.code).toBe(1);
    expect(r.data.series[0].t).toEqual(quarters);
    expect(r.data.series[0].avg).toEqual([1, 2, 3, 4, 5]);
    // Rollups without telemetry would break the next test's rollups-equal-telemetry check.
    await db.deleteFrom('rollup_15m').where('point_id', '=', pid['T1.Q']!).execute();
  });

  it('returns raw samples when they fit the width', async () => {
    const r = await series(site, [pid['F01.P']!], T0, T0 + 2 * HOUR, 200);
    expect(r.code).toBe(1);
    expect(r.data.source).toBe('raw');
    expect(r.data.series[0].t).toHaveLength(120);
    expect(r.data.series[0].avg[7]).toBe(7);
  });

  it('downsamples raw telemetry to min/max/avg per pixel bucket', async () => {
    const r = await series(site, [pid['F01.P']!], T0, T0 + 2 * HOUR, 12);
    expect(r.data).toMatchObject({ source: 'telemetry', bucket_ms: 10 * MIN });
    const s = r.data.series[0];
    expect(s.t).toHaveLength(12);
    expect(s.t[3]).toBe(T0 + 30 * MIN);
    expect([s.min[3], s.max[3], s.avg[3]]).toEqual([30, 39, 34.5]);
  });

  it('uses the quarter-hour rollups when a pixel spans 15 minutes or more, in whole quarters', async () => {
    const r = await series(site, [pid['F01.P']!], T0, T0 + 5 * HOUR, 10); // data in the first two hours only
    expect(r.data).toMatchObject({ source: 'quarter_hour', bucket_ms: 30 * MIN });
    expect(r.data.series[0]).toMatchObject({
      t: [T0, T0 + 30 * MIN, T0 + 60 * MIN, T0 + 90 * MIN],
      min: [0, 30, 60, 90],
      max: [29, 59, 89, 119],
      avg: [14.5, 44.5, 74.5, 104.5],
    });
  });

  it('keeps the quarter-hour rollups equal to the telemetry they summarise', async () => {
    const { sql } = await import('kysely');
    const ids = Object.values(pid);
    const diff = await sql<{ n: number }>`
      WITH fresh AS (
        SELECT point_id, date_bin('15 minutes', ts, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS bucket, min(value) AS min, max(value) AS max,
               sum(value::numeric) AS sum, count(*)::int AS count, min(ts) AS first_ts, max(ts) AS last_ts
        FROM telemetry WHERE point_id = ANY(${ids}::int[]) AND ts < ${new Date('2025-01-01')} GROUP BY 1, 2),
      kept AS (SELECT point_id, bucket, min, max, sum, count, first_ts, last_ts FROM rollup_15m WHERE point_id = ANY(${ids}::int[]) AND bucket < ${new Date('2025-01-01')})
      SELECT count(*)::int AS n FROM ((SELECT * FROM fresh EXCEPT SELECT * FROM kept) UNION ALL (SELECT * FROM kept EXCEPT SELECT * FROM fresh)) x`.execute(t.database.db);
    expect(diff.rows[0]!.n).toBe(0);
    const total = await sql<{ n: number }>`SELECT coalesce(sum(count), 0)::int AS n FROM rollup_15m WHERE point_id = ANY(${ids}::int[]) AND bucket < ${new Date('2025-01-01')}`.execute(t.database.db);
    expect(total.rows[0]!.n).toBeGreaterThan(120);
  });

  it('uses the hourly and daily rollups for long ranges', async () => {
    const h = await series(site, [pid['F01.P']!], T0, T0 + 20 * HOUR, 10);
    expect(h.data).toMatchObject({ source: 'hourly', bucket_ms: 2 * HOUR });
    expect(h.data.series[0]).toMatchObject({ t: [T0], min: [0], max: [119], avg: [59.5] });
    const d = await series(site, [pid['F01.P']!], T0, T0 + 300 * 24 * HOUR, 300);
    expect(d.data.source).toBe('daily');
    expect(d.data.series[0]).toMatchObject({ t: [Date.parse('2024-03-01T00:00:00+08:00')], min: [0], max: [119], avg: [59.5] });
  });

  it('gives per-day and per-month statistics, counters with reset-aware consumption', async () => {
    const from = iso(Date.parse('2024-03-01T00:00:00+08:00'));
    const to = iso(Date.parse('2024-04-01T00:00:00+08:00'));
    const r = await get(`/api/v6/history/stats?point_ids=${pid['F01.EP']},${pid['F01.P']}&from=${from}&to=${to}&period=day`, site);
    expect(r.code).toBe(1);
    const ep = r.data.find((x: { point_id: number }) => x.point_id === pid['F01.EP']);
    expect(ep.rows.map((x: { period: string; delta: number }) => [x.period, x.delta])).toEqual([['2024-03-01', 50], ['2024-03-02', 80], ['2024-03-03', 20]]);
    const p = r.data.find((x: { point_id: number }) => x.point_id === pid['F01.P']);
    expect(p.rows).toEqual([{ period: '2024-03-01', min: 0, max: 119, avg: 59.5, count: 120, delta: null }]);
    const m = await get(`/api/v6/history/stats?point_ids=${pid['F01.EP']}&from=${from}&to=${to}&period=month`, site);
    expect(m.data[0].rows).toMatchObject([{ period: '2024-03', delta: 150, min: 10, max: 230 }]);
  });

  it('computes the special analyses on fixed data', async () => {
    const q = `project_id=${szip}&from=${iso(A0)}&to=${iso(A0 + 24 * HOUR)}&device_id=`;
    const t1 = (await t.database.db.selectFrom('devices').select('id').where('project_id', '=', szip).where('sn', '=', 'T1').executeTakeFirstOrThrow()).id;
    const v = await get(`/api/v6/analysis/voltage?${q}${t1}`, site);
    expect(v.data.rows.find((r: { phase: string }) => r.phase === 'A')).toMatchObject({ nominal_v: 220, limit_pct: 7, samples: 4, max_dev_pct: 9.09, min_dev_pct: -9.09, compliance_pct: 50 });
    const im = await get(`/api/v6/analysis/imbalance?${q}${t1}`, site);
    expect(im.data.rows[0]).toMatchObject({ samples: 2, max_pct: 18.18, avg_pct: 9.09, over_limit_pct: 50, max_at: iso(A0) });
    const pf = await get(`/api/v6/analysis/power-factor?${q}${t1}`, site);
    expect(pf.data.rows[0]).toMatchObject({ samples: 2, avg_pf: 0.9, min_pf: 0.85, compliance_pct: 50, limit: 0.9 });
    const lr = await get(`/api/v6/analysis/load-rate?${q}${t1}`, site);
    expect(lr.data.rows[0]).toMatchObject({ hours: 4, band_hours: { light: 1, economic: 1, heavy: 1, overload: 1 }, economic_pct: 25, max_pct: 110, avg_pct: 67.5 });
    const dm = await get(`/api/v6/analysis/demand?${q}${t1}`, site);
    expect(dm.data.rows[0]).toMatchObject({ window_min: 15, max_kw: 300, max_at: iso(A0 + 15 * MIN), days: [{ day: '2024-04-01', max_kw: 300 }] });
  });

  it("refuses another project's points, and names the field of bad input", async () => {
    const other = await series(xihu, [pid['F01.P']!], T0, T0 + HOUR, 100);
    expect(other.code).toBe(ErrorCode.Forbidden);
    expect((await get(`/api/v6/analysis/voltage?project_id=${szip}&from=${iso(A0)}&to=${iso(A0 + HOUR)}`, xihu)).code).toBe(ErrorCode.Forbidden);
    const backwards = await series(site, [pid['F01.P']!], T0 + HOUR, T0, 100);
    expect(backwards).toMatchObject({ code: ErrorCode.Validation, data: { field: 'to' } });
    const tooLong = await series(site, [pid['F01.P']!], T0, T0 + 400 * 24 * HOUR, 100);
    expect(tooLong).toMatchObject({ code: ErrorCode.Validation, data: { field: 'from' } });
    const garbage = await get(`/api/v6/history/series?point_ids=abc&from=${iso(T0)}&to=${iso(T0 + HOUR)}`, site);
    expect(garbage.code).toBe(ErrorCode.Validation);
    expect(garbage.data.field).toContain('point_ids');
    const unknown = await series(site, [99_999_999], T0, T0 + HOUR, 100);
    expect(unknown).toMatchObject({ code: ErrorCode.NotFound, data: { field: 'point_ids' } });
    const many = await series(centre, Array.from({ length: 17 }, (_, i) => i + 1), T0, T0 + HOUR, 100);
    expect(many).toMatchObject({ code: ErrorCode.Validation, data: { field: 'point_ids' } });
  });

  it("draws an event's point curve ±1 h, in scope only", async () => {
    const db = t.database.db;
    const dev = await db.selectFrom('devices').select('id').where('project_id', '=', szip).where('sn', '=', 'F01').executeTakeFirstOrThrow();
    const ev = await db
      .insertInto('events')
      .values({ project_id: szip, device_id: dev.id, point_id: pid['F01.P']!, rule_id: null, event_type: 2, level: 2, title: 'x', message: 'm', value: 60, limit_value: 50, raised_at: new Date(T0 + HOUR) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const r = await get(`/api/v6/event/${ev.id}/curve`, site);
    expect(r.code).toBe(1);
    expect(r.data).toMatchObject({ from: iso(T0), to: iso(T0 + 2 * HOUR), limit_value: 50 });
    expect(r.data.series[0].t).toHaveLength(120);
    expect((await get(`/api/v6/event/${ev.id}/curve`, xihu)).code).toBe(ErrorCode.NotFound);
  });
});
