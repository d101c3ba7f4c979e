import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';
import { telemetryRepository } from '../telemetry/repository.js';

/**
 * A site whose clock is not China's: the Suzhou demo site moved to Europe/Berlin (in this file's own
 * database). Counter readings go through the real ingest (telemetry → hourly and daily rollups), and the
 * statistics must cut days, hours and months at Berlin's midnight across both daylight-saving changes of 2024
 * (31 March: 23 hours; 27 October: 25 hours).
 */
describe.each(backends)('energy statistics of a site in Europe/Berlin on %s', (backend) => {
  let t: TestApp;
  let site: string;
  let projectId: number;
  let pointId: number;

  const stats = async (payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v6/energy/stats',
      headers: apiHeaders(site),
      payload: { project_id: projectId, category: 'grid', ...payload },
    });
    const body = res.json();
    if (body.code !== 1) throw new Error(res.body);
    return body.data as { range: { from: string; to: string }; buckets: { key: string; value: number }[]; total: { value: number } };
  };
  const valueOf = (d: { buckets: { key: string; value: number }[] }, key: string) => d.buckets.find((b) => b.key === key)?.value;

  beforeAll(async () => {
    t = await startTestApp(backend);
    site = await loginAs(t.app, 'site');
    const db = t.database.db;
    const project = await db.selectFrom('projects').select('id').where('name_en', 'like', 'Suzhou%').executeTakeFirstOrThrow();
    projectId = project.id;
    await db.updateTable('projects').set({ timezone: 'Europe/Berlin' }).where('id', '=', projectId).execute();
    const grid = await db
      .selectFrom('meter_nodes as n')
      .innerJoin('device_points as dp', 'dp.id', 'n.point_id')
      .innerJoin('devices as d', 'd.id', 'dp.device_id')
      .select('n.point_id')
      .where('n.project_id', '=', projectId)
      .where('d.sn', '=', 'AH1')
      .executeTakeFirstOrThrow();
    pointId = grid.point_id!;
    // The incomer's energy counter (kWh) at Berlin wall-clock times; offsets written out (CET +01, CEST +02).
    const readings: [string, number][] = [
      ['2024-03-30T23:30:00+01:00', 1000],
      ['2024-03-31T00:30:00+01:00', 1010],
      ['2024-03-31T01:30:00+01:00', 1020],
      ['2024-03-31T03:30:00+02:00', 1040], // 02:00–03:00 does not exist that night
      ['2024-03-31T23:30:00+02:00', 1100],
      ['2024-04-01T00:30:00+02:00', 1130],
      ['2024-10-26T23:30:00+02:00', 2000],
      ['2024-10-27T02:30:00+02:00', 2010], // the first 02:30 …
      ['2024-10-27T02:30:00+01:00', 2030], // … and the second, an hour later
      ['2024-10-27T23:30:00+01:00', 2100],
    ];
    await telemetryRepository.store(
      db,
      readings.map(([at, value]) => ({ pointId, ts: Date.parse(at), value })),
    );
  });
  afterAll(async () => t?.close());

  it('stores daily rollups at Berlin midnight, whatever the offset that day', async () => {
    const rows = await t.database.db
      .selectFrom('rollup_daily')
      .select(['bucket', 'last'])
      .where('point_id', '=', pointId)
      .orderBy('bucket')
      .execute();
    const byDay = new Map(rows.map((r) => [new Date(r.bucket).toISOString(), r.last]));
    expect(byDay.get('2024-03-30T23:00:00.000Z')).toBe(1100); // 31 March starts at 00:00 CET
    expect(byDay.get('2024-03-31T22:00:00.000Z')).toBe(1130); // 1 April starts at 00:00 CEST
    expect(byDay.get('2024-10-26T22:00:00.000Z')).toBe(2100); // 27 October starts at 00:00 CEST
  });

  it('gives the spring day 23 hourly buckets and its energy in Berlin hours', async () => {
    const d = await stats({ period: 'day', date: '2024-03-31' });
    expect(d.buckets).toHaveLength(23);
    expect(d.buckets.map((b) => b.key)).not.toContain('2024-03-31 02:00');
    expect(valueOf(d, '2024-03-31 00:00')).toBe(10);
    expect(valueOf(d, '2024-03-31 01:00')).toBe(10);
    expect(valueOf(d, '2024-03-31 03:00')).toBe(20);
    expect(valueOf(d, '2024-03-31 23:00')).toBe(60);
    expect(d.total.value).toBe(100);
  });

  it('gives the autumn day 25 hours of energy, the repeated 02:00 holding both', async () => {
    const d = await stats({ period: 'day', date: '2024-10-27' });
    expect(d.buckets).toHaveLength(24);
    expect(valueOf(d, '2024-10-27 02:00')).toBe(30);
    expect(valueOf(d, '2024-10-27 23:00')).toBe(70);
    expect(d.total.value).toBe(100);
  });

  it('cuts months at Berlin midnight: 31 March in March, the half hour after midnight in April', async () => {
    const march = await stats({ period: 'month', date: '2024-03-15' });
    expect(march.range).toEqual({ from: '2024-03-01', to: '2024-03-31' });
    expect(march.buckets).toHaveLength(31);
    expect(valueOf(march, '2024-03-31')).toBe(100);
    const april = await stats({ period: 'month', date: '2024-04-15' });
    expect(valueOf(april, '2024-04-01')).toBe(30);
    const october = await stats({ period: 'month', date: '2024-10-01' });
    expect(valueOf(october, '2024-10-27')).toBe(100);
  });
});
