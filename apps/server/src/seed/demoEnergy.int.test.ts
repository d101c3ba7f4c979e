import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildSimulatorManifest } from '../simulatorHost.js';
import { apiHeaders, loginAs, startTestApp, type TestApp } from '../test-support/backends.js';

/** The seeded counter history: monotonic, balanced through the trees, and continued by the simulator. */
describe('demo energy history (PGlite, 40 days)', () => {
  let t: TestApp;
  let centre: string;
  let szip: number;
  const post = async (url: string, payload: object) =>
    (await t.app.inject({ method: 'POST', url, headers: apiHeaders(centre), payload })).json().data;

  beforeAll(async () => {
    t = await startTestApp('pglite', { energyHistoryDays: 40 });
    centre = await loginAs(t.app, 'centre');
    szip = (
      await t.database.db
        .selectFrom('projects')
        .select('id')
        .where('name_en', 'like', 'Suzhou%')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => t?.close());

  it('has no resets and only plausible losses in the seeded history', async () => {
    const to = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const from = new Date(Date.now() + 8 * 3600_000 - 30 * 86_400_000).toISOString().slice(0, 10);
    const readings = await post('/api/v6/energy/readings', {
      project_id: szip,
      category: 'power_use',
      from,
      to,
    });
    for (const r of readings.rows) {
      expect(r.resets, r.name_en).toBe(0);
      expect(r.energy, r.name_en).toBeGreaterThan(0);
    }
    const loss = await post('/api/v6/energy/loss', { project_id: szip, period: 'custom', from, to });
    for (const r of loss.rows) {
      expect(r.loss_rate_pct, r.name_en).toBeGreaterThan(0);
      expect(r.loss_rate_pct, r.name_en).toBeLessThan(5);
    }
    const storage = await post('/api/v6/energy/storageOverview', { project_id: szip });
    expect(storage.efficiency_pct.month ?? 90).toBeGreaterThan(50);
  });

  it('has a month of transformer curves: 30 days from the quarter-hour rollups, longer ranges from the hourly ones', async () => {
    const db = t.database.db;
    const pid = async (key: string) =>
      (
        await db
          .selectFrom('device_points as p')
          .innerJoin('devices as d', 'd.id', 'p.device_id')
          .select('p.id')
          .where('d.project_id', '=', szip)
          .where('d.sn', '=', 'T1')
          .where('p.key', '=', key)
          .executeTakeFirstOrThrow()
      ).id;
    const [p, load] = [await pid('P'), await pid('load_rate')];
    const get = async (days: number, width: number) => {
      const to = new Date();
      const from = new Date(to.getTime() - days * 86_400_000);
      const url = `/api/v6/history/series?point_ids=${p},${load}&from=${from.toISOString()}&to=${to.toISOString()}&width=${width}`;
      return (await t.app.inject({ method: 'GET', url, headers: apiHeaders(centre) })).json().data;
    };
    const month = await get(30, 1500);
    expect(month.source).toBe('quarter_hour');
    const [power, rate] = month.series;
    expect(power.t.length).toBeGreaterThan(1400); // 30-minute buckets over 30 days, up to the compaction cut
    expect(Math.max(...power.max)).toBeGreaterThan(1.8 * Math.min(...power.min)); // the daily load curve
    expect(Math.min(...rate.min)).toBeGreaterThan(5);
    expect(Math.max(...rate.max)).toBeLessThan(100);
    const day = await get(1, 1500);
    expect(day.source).toBe('raw'); // the last day is seeded as one-minute samples
    expect(day.series[0].t.length).toBeGreaterThan(1400);
    // The month's quarter-hour rollups agree with the hourly ones over the same whole hours.
    const hourStart = (daysAgo: number) => new Date(Math.floor((Date.now() - daysAgo * 86_400_000) / 3600_000) * 3600_000);
    const [a, b] = [hourStart(20), hourStart(3)];
    const totals = async (table: 'rollup_15m' | 'rollup_hourly') =>
      (await sql<{ n: number; s: number }>`SELECT sum(count)::int AS n, sum(sum) AS s FROM ${sql.table(table)} WHERE point_id = ${p} AND bucket >= ${a} AND bucket < ${b}`.execute(db)).rows[0]!;
    const [q, h] = [await totals('rollup_15m'), await totals('rollup_hourly')];
    expect(q.n).toBe(17 * 24 * 60);
    expect(q.n).toBe(h.n);
    expect(q.s).toBeCloseTo(h.s, 3);
    const longer = await get(120, 1500);
    expect(longer.source).toBe('hourly');
    expect(longer.series[0].t.length).toBeGreaterThan(30 * 12); // 31 seeded days in 2-hour buckets
  });

  it('starts the simulator counters at the last seeded readings', async () => {
    const manifest = await buildSimulatorManifest(t.database.db);
    const gw = manifest.gateways.find((g) => g.project_id === szip)!;
    const incomer = gw.devices.find((d) => d.sn === 'AH1')!;
    const latest = await t.database.db
      .selectFrom('point_latest as pl')
      .innerJoin('device_points as dp', 'dp.id', 'pl.point_id')
      .innerJoin('devices as d', 'd.id', 'dp.device_id')
      .select('pl.value')
      .where('d.project_id', '=', szip)
      .where('d.sn', '=', 'AH1')
      .where('dp.key', '=', 'EP')
      .executeTakeFirstOrThrow();
    expect(incomer.props.counter_EP).toBe(latest.value);
    expect(gw.devices.find((d) => d.sn === 'PCS1')!.props.counter_EPdis).toBeGreaterThan(0);
  });
});
