import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';

/**
 * Honest comparisons (docs/energy-model.md, "Comparisons"): the incomer's history starts on 30 June 2024, so a
 * base period that begins before it has no percentage (null + `base_not_covered`), a covered base does.
 */
describe.each(backends)('MoM/YoY base coverage on %s', (backend) => {
  let t: TestApp;
  let site: string;
  let szip: number;

  // Daily rollups of the incomer (local days). Counter growth per month: Jul 2024 100, Aug 2024 100,
  // Sep 2024 0, Jul 2025 100, Aug 2025 150, Sep 2025 50.
  const days: [string, number, number][] = [
    ['2024-06-30', 0, 0],
    ['2024-07-15', 0, 100],
    ['2024-08-15', 100, 200],
    ['2024-09-15', 200, 200],
    ['2025-07-15', 200, 300],
    ['2025-08-15', 300, 450],
    ['2025-09-15', 450, 500],
  ];
  const data = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: apiHeaders(site), payload });
    const body = res.json();
    if (body.code !== 1) throw new Error(`${url}: ${res.body}`);
    return body.data;
  };
  const stats = (period: string, date: string) =>
    data('/api/v6/energy/stats', { project_id: szip, category: 'grid', period, date });

  beforeAll(async () => {
    t = await startTestApp(backend);
    site = await loginAs(t.app, 'site');
    const projects = await t.database.db.selectFrom('projects').select(['id', 'name_en']).execute();
    szip = projects.find((p) => p.name_en.startsWith('Suzhou'))!.id;
    // This file's fixture is the site's history from July 2024 on; the demo's hand-read water and gas meters
    // (readings of the last months) would move the site's coverage, so they go through their own delete.
    const manual = await t.app.inject({ method: 'GET', url: `/api/v6/data-entry/meters?project_id=${szip}`, headers: apiHeaders(site) });
    for (const m of manual.json<{ data: { items: { id: number; version: number }[] } }>().data.items) {
      const del = await t.app.inject({ method: 'DELETE', url: `/api/v6/data-entry/meters/${m.id}?version=${m.version}`, headers: apiHeaders(site) });
      expect(del.json<{ code: number }>().code).toBe(1);
    }
    const grid = await t.database.db
      .selectFrom('meter_nodes as n')
      .innerJoin('device_points as dp', 'dp.id', 'n.point_id')
      .innerJoin('devices as d', 'd.id', 'dp.device_id')
      .select('n.point_id')
      .where('n.project_id', '=', szip)
      .where('d.sn', '=', 'AH1')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('rollup_daily')
      .values(
        days.map(([day, first, last]) => {
          const b = new Date(`${day}T00:00:00+08:00`);
          return {
            point_id: grid.point_id!,
            bucket: b,
            min: first,
            max: last,
            sum: first + last,
            count: 2,
            first,
            first_ts: b,
            last,
            last_ts: new Date(b.getTime() + 3_600_000),
          };
        }),
      )
      .execute();
  });
  afterAll(async () => t?.close());

  it('gives a number when both bases are covered', async () => {
    const d = await stats('month', '2025-08-10');
    expect(d.data_since).toBe('2024-06-29T16:00:00.000Z');
    expect(d.total).toEqual({
      value: 150,
      mom_value: 100,
      yoy_value: 100,
      mom_pct: 50,
      yoy_pct: 50,
      mom_reason: null,
      yoy_reason: null,
    });
  });

  it('says base_zero when a covered base is zero', async () => {
    const d = await stats('month', '2025-09-10');
    expect(d.total).toMatchObject({ value: 50, yoy_value: 0, yoy_pct: null, yoy_reason: 'base_zero', mom_pct: -66.67 });
  });

  it('gives null and base_not_covered when history starts mid-year', async () => {
    const d = await stats('year', '2025-06-01');
    // 2024 holds 200 kWh, but only from July: no +75 % against a half-recorded year.
    expect(d.total).toMatchObject({ value: 300, yoy_value: 200, yoy_pct: null, yoy_reason: 'base_not_covered' });
    const bucket = (key: string) => d.buckets.find((b: { key: string }) => b.key === key);
    expect(bucket('2025-03')).toMatchObject({ yoy_pct: null, yoy_reason: 'base_not_covered' });
    expect(bucket('2025-07')).toMatchObject({ value: 100, yoy_pct: 0, yoy_reason: null });
    expect(bucket('2025-08')).toMatchObject({ value: 150, yoy_pct: 50, yoy_reason: null });
    expect(d.nodes[0]).toMatchObject({ value: 300, yoy_pct: null, yoy_reason: 'base_not_covered' });
  });

  it('applies the same rule to integrated energy and carbon', async () => {
    const integrated = await data('/api/v6/energy/integrated', { project_id: szip, period: 'year', date: '2025-01-01' });
    const power = integrated.rows.find((r: { energy_type: string }) => r.energy_type === 'power');
    expect(power).toMatchObject({ yoy_pct: null, yoy_reason: 'base_not_covered' });
    const aug = await data('/api/v6/energy/integrated', { project_id: szip, period: 'month', date: '2025-08-01' });
    expect(aug.rows.find((r: { energy_type: string }) => r.energy_type === 'power')).toMatchObject({ yoy_pct: 50 });

    const carbon = await data('/api/v6/energy/carbon', { project_id: szip, year: 2025 });
    expect(carbon).toMatchObject({ yoy_pct: null, yoy_reason: 'base_not_covered', data_since: '2024-06-29T16:00:00.000Z' });
    const month = (m: string) => carbon.by_month.find((x: { month: string }) => x.month === m);
    // January's MoM base, December 2024, is recorded (and zero); its YoY base is not.
    expect(month('2025-01')).toMatchObject({ mom_pct: null, mom_reason: 'base_zero', yoy_reason: 'base_not_covered' });
    expect(month('2025-08').yoy_pct).toBeCloseTo(50, 0);
    expect(month('2025-08').mom_pct).toBeCloseTo(50, 0);
    expect(month('2025-09')).toMatchObject({ yoy_pct: null, yoy_reason: 'base_zero' });

    // The centre sums its sites under the same rule.
    const centre = await data('/api/v6/energy/centreCarbon', { year: 2025 });
    expect(centre).toMatchObject({ yoy_pct: null, yoy_reason: 'base_not_covered' });
    const centreMonth = (m: string) => centre.by_month.find((x: { month: string }) => x.month === m);
    expect(centreMonth('2025-08').yoy_pct).toBeCloseTo(50, 0);
    expect(centreMonth('2025-03')).toMatchObject({ yoy_pct: null, yoy_reason: 'base_not_covered' });
  });
});
