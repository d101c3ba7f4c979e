import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gridops/contract';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';

/**
 * Energy statistics on fixed counter data with hand-computed expectations (docs/energy-model.md). The demo
 * seed supplies the metering trees; the rollups are written here, so every figure below is known exactly.
 */
describe.each(backends)('energy statistics on %s', (backend) => {
  let t: TestApp;
  let centre: string;
  let site: string;
  let szip: number;
  let hzbj: number;
  let node: Record<'grid' | 't1' | 't2' | 'pv' | 'f01', { id: number; point_id: number }>;

  const roll = async (
    table: 'rollup_daily' | 'rollup_hourly',
    pointId: number,
    bucket: string,
    first: number,
    last: number,
    min = Math.min(first, last),
    max = Math.max(first, last),
  ) => {
    const b = new Date(bucket);
    await t.database.db
      .insertInto(table)
      .values({
        point_id: pointId,
        bucket: b,
        min,
        max,
        sum: first + last,
        count: 2,
        first,
        first_ts: new Date(b.getTime() + 60_000),
        last,
        last_ts: new Date(b.getTime() + 120_000),
      })
      .execute();
  };
  const post = (url: string, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: apiHeaders(token), payload });
  const data = async (url: string, token: string, payload: object) => {
    const res = await post(url, token, payload);
    const body = res.json();
    if (body.code !== 1) throw new Error(`${url}: ${res.body}`);
    return body.data;
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    [centre, site] = await Promise.all([loginAs(t.app, 'centre'), loginAs(t.app, 'site')]);
    const projects = await t.database.db.selectFrom('projects').select(['id', 'name_en']).execute();
    szip = projects.find((p) => p.name_en.startsWith('Suzhou'))!.id;
    hzbj = projects.find((p) => p.name_en.startsWith('Hangzhou'))!.id;
    const rows = await t.database.db
      .selectFrom('meter_nodes as n')
      .innerJoin('device_points as dp', 'dp.id', 'n.point_id')
      .innerJoin('devices as d', 'd.id', 'dp.device_id')
      .select(['n.id', 'n.point_id', 'd.sn'])
      .where('n.project_id', '=', szip)
      .execute();
    const of = (sn: string) => {
      const r = rows.find((x) => x.sn === sn)!;
      return { id: r.id, point_id: r.point_id! };
    };
    node = { grid: of('AH1'), t1: of('T1'), t2: of('T2'), pv: of('F04'), f01: of('F01') };

    // Incomer, daily (local days): Jan 30 flat; Jan 31 +100; Feb 1 +150; Feb 2 missing (gap); Feb 3 +150
    // (1250 → 1400, the gap's energy lands here); Feb 4 meter reset to 5 … 30 (+25).
    const g = node.grid.point_id;
    await roll('rollup_daily', g, '2024-01-30T00:00:00+08:00', 1000, 1000);
    await roll('rollup_daily', g, '2024-01-31T00:00:00+08:00', 1001, 1100);
    await roll('rollup_daily', g, '2024-02-01T00:00:00+08:00', 1101, 1250);
    await roll('rollup_daily', g, '2024-02-03T00:00:00+08:00', 1300, 1400);
    await roll('rollup_daily', g, '2024-02-04T00:00:00+08:00', 5, 30);
    // Loss day, Apr 10: incomer +1000, T1 +600, T2 +380 (after a flat Apr 9), PV inverter 1 +200.
    await roll('rollup_daily', g, '2024-04-09T00:00:00+08:00', 30, 30);
    await roll('rollup_daily', g, '2024-04-10T00:00:00+08:00', 30, 1030);
    await roll('rollup_daily', node.t1.point_id, '2024-04-09T00:00:00+08:00', 500, 500);
    await roll('rollup_daily', node.t1.point_id, '2024-04-10T00:00:00+08:00', 500, 1100);
    await roll('rollup_daily', node.t2.point_id, '2024-04-09T00:00:00+08:00', 700, 700);
    await roll('rollup_daily', node.t2.point_id, '2024-04-10T00:00:00+08:00', 700, 1080);
    // The PV grid-connection feeder F04 (the generation meter over both inverters).
    await roll('rollup_daily', node.pv.point_id, '2024-04-10T00:00:00+08:00', 100, 300);
    // Hourly, across midnight Feb 29 → Mar 1 (local): 21h +10, 22h +10, 23h +10, 00h +10, then a gap to 08h +20.
    const f = node.f01.point_id;
    await roll('rollup_hourly', f, '2024-02-29T21:00:00+08:00', 1990, 2000);
    await roll('rollup_hourly', f, '2024-02-29T22:00:00+08:00', 2001, 2010);
    await roll('rollup_hourly', f, '2024-02-29T23:00:00+08:00', 2011, 2020);
    await roll('rollup_hourly', f, '2024-03-01T00:00:00+08:00', 2021, 2030);
    await roll('rollup_hourly', f, '2024-03-01T08:00:00+08:00', 2040, 2050);
  });
  afterAll(async () => t?.close());

  it('derives monthly energy across a gap and a reset, with no MoM/YoY against bases before the history', async () => {
    const d = await data('/api/v6/energy/stats', site, {
      project_id: szip,
      category: 'grid',
      period: 'month',
      date: '2024-02-10',
    });
    expect(d.range).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(d.buckets).toHaveLength(29);
    expect(d.buckets.slice(0, 4).map((b: { value: number }) => b.value)).toEqual([150, 0, 150, 25]);
    // History starts on 30 January: January (the MoM base) and February 2023 are not covered.
    expect(d.total).toEqual({
      value: 325,
      mom_value: 100,
      yoy_value: 0,
      mom_pct: null,
      yoy_pct: null,
      mom_reason: 'base_not_covered',
      yoy_reason: 'base_not_covered',
    });
    expect(d.buckets[0].mom_value).toBe(0); // Jan 1 had no data
    expect(d.buckets[0]).toMatchObject({ mom_pct: null, mom_reason: 'base_not_covered', yoy_pct: null });
    expect(d.nodes[0]).toMatchObject({ node_id: node.grid.id, value: 325 });
  });

  it('counts a meter reset inside one bucket: growth up to the peak plus growth after the reset', async () => {
    // Incomer, hourly on a day nothing else uses: 10h 500 → 520 (+20); 11h 521 … peak 560, reset to 2, … 40
    // ((560 − 520) + (40 − 2) = +78); 12h 41 → 50 (+10).
    const g = node.grid.point_id;
    await roll('rollup_hourly', g, '2023-07-15T10:00:00+08:00', 500, 520);
    await roll('rollup_hourly', g, '2023-07-15T11:00:00+08:00', 521, 40, 2, 560);
    await roll('rollup_hourly', g, '2023-07-15T12:00:00+08:00', 41, 50);
    const d = await data('/api/v6/energy/stats', site, {
      project_id: szip,
      category: 'grid',
      period: 'day',
      date: '2023-07-15',
    });
    expect(d.buckets.slice(10, 13).map((b: { value: number }) => b.value)).toEqual([20, 78, 10]);
    expect(d.total.value).toBe(108);
  });

  it('splits a month boundary correctly: January ends on the 31st local time', async () => {
    const jan = await data('/api/v6/energy/stats', site, {
      project_id: szip,
      category: 'grid',
      period: 'month',
      date: '2024-01-20',
    });
    expect(jan.total.value).toBe(100);
    expect(jan.buckets.at(-1)).toMatchObject({ key: '2024-01-31', value: 100 });
    const year = await data('/api/v6/energy/stats', site, {
      project_id: szip,
      category: 'grid',
      period: 'year',
      date: '2024-06-01',
    });
    expect(year.buckets.slice(0, 4).map((b: { value: number }) => b.value)).toEqual([100, 325, 0, 1000]);
  });

  it('lists readings with start, end and the energy between them, counting the reset', async () => {
    const d = await data('/api/v6/energy/readings', site, {
      project_id: szip,
      category: 'grid',
      from: '2024-02-01',
      to: '2024-02-04',
    });
    expect(d.rows[0]).toMatchObject({
      node_id: node.grid.id,
      start_reading: 1100,
      end_reading: 30,
      energy: 325,
      resets: 1,
    });
  });

  it('computes the loss of the incomer and flags it over the threshold', async () => {
    const q = { project_id: szip, energy_type: 'power', period: 'day', date: '2024-04-10' };
    const d = await data('/api/v6/energy/loss', site, { ...q, threshold_pct: 5 });
    const grid = d.rows.find((r: { node_id: number }) => r.node_id === node.grid.id);
    expect(grid).toMatchObject({
      level: 1,
      input: 1000,
      output: 980,
      loss: 20,
      loss_rate_pct: 2,
      flagged: false,
    });
    const strict = await data('/api/v6/energy/loss', site, { ...q, threshold_pct: 1 });
    expect(strict.rows.find((r: { node_id: number }) => r.node_id === node.grid.id).flagged).toBe(true);
  });

  it('prices hours by TOU band across midnight, a half-hour boundary and a gap', async () => {
    const months = Array.from({ length: 12 }, (_, i) => ({
      month: i + 1,
      periods: [
        { band: 'valley', start: '22:00', end: '06:00' },
        { band: 'flat', start: '06:00', end: '08:30' },
        { band: 'peak', start: '08:30', end: '22:00' },
      ],
      prices: { valley: 0.3, flat: 0.6, peak: 1 },
    }));
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v6/energy/tariff',
      headers: apiHeaders(site),
      payload: { project_id: szip, months },
    });
    expect(put.json().code).toBe(1);
    const d = await data('/api/v6/energy/expense', site, {
      project_id: szip,
      period: 'custom',
      from: '2024-02-29',
      to: '2024-03-01',
      node_ids: [node.f01.id],
    });
    // 21h peak 10 → 10; 22h, 23h, 00h valley 3 × 10 → 9; 08h (gap 01–07 lands here) 20 → 10 flat + 10 peak → 16.
    expect(
      d.periods.map((p: { key: string; energy: number; cost: number }) => [p.key, p.energy, p.cost]),
    ).toEqual([
      ['2024-02-29', 30, 16],
      ['2024-03-01', 30, 19],
    ]);
    const bands = Object.fromEntries(
      d.total.bands.map((b: { band: string; energy: number; cost: number }) => [b.band, [b.energy, b.cost]]),
    );
    expect(bands).toEqual({ sharp: [0, 0], peak: [20, 20], flat: [10, 6], valley: [30, 9] });
    expect(d.total).toMatchObject({ energy: 60, cost: 35 });
    expect(d.total.avg_price).toBeCloseTo(35 / 60, 4);
  });

  it('computes carbon from the factors, and the centre aggregates only its subtree', async () => {
    const d = await data('/api/v6/energy/carbon', site, { project_id: szip, year: 2024 });
    // Grid import 2024: 100 + 325 + 1000 = 1425 kWh × 0.5703 = 812.6775 kg; PV 200 kWh × 0.5703 = 114.06 kg avoided.
    expect(d.emissions_kg.power).toBe(812.7);
    expect(d.total_kg).toBe(812.7);
    expect(d.avoided_kg).toBe(114.1);
    expect(d.trees).toBe(6); // 114.06 / 18.3, whole trees (@gridops/format treesForCo2Kg)
    expect(d.by_month[1].emissions_kg.power).toBeCloseTo(185.3, 1); // 325 × 0.5703
    expect(d).toMatchObject({ yoy_pct: null, yoy_reason: 'base_not_covered' }); // history starts Jan 2024

    const tree = (
      await t.app.inject({ method: 'GET', url: '/api/v6/org/tree', headers: apiHeaders(centre) })
    ).json().data;
    const groupA = tree[0].children.find((g: { projects: { id: number }[] }) =>
      g.projects.some((p) => p.id === szip),
    );
    const a = await data('/api/v6/energy/centreCarbon', centre, { org_id: groupA.id, year: 2024 });
    expect(a.ranking.map((r: { project_id: number }) => r.project_id)).toContain(szip);
    expect(a.ranking.map((r: { project_id: number }) => r.project_id)).not.toContain(hzbj);
    expect(a.ranking[0]).toMatchObject({ project_id: szip, rank: 1, total_kg: 812.7 });
    expect(a.total_kg).toBe(812.7);
    const all = await data('/api/v6/energy/centreCarbon', centre, { year: 2024 });
    expect(all.ranking).toHaveLength(5);
    // A site user asking for the other group's organisation is refused.
    const groupB = tree[0].children.find((g: { id: number }) => g.id !== groupA.id);
    expect((await post('/api/v6/energy/centreCarbon', site, { org_id: groupB.id })).json().code).toBe(
      ErrorCode.Forbidden,
    );
  });

  it("refuses a site user another project's statistics and configuration with 10004", async () => {
    for (const [url, body] of [
      ['/api/v6/energy/stats', { project_id: hzbj, category: 'power_use', period: 'day' }],
      ['/api/v6/energy/loss', { project_id: hzbj, period: 'day' }],
      ['/api/v6/energy/expense', { project_id: hzbj, period: 'month' }],
      ['/api/v6/energy/flow', { project_id: hzbj }],
      ['/api/v6/energy/carbon', { project_id: hzbj }],
      ['/api/v6/energy/integrated', { project_id: hzbj, period: 'year' }],
    ] as const) {
      const res = await post(url, site, body);
      expect(res.json().code, url).toBe(ErrorCode.Forbidden);
    }
    const tree = await t.app.inject({
      method: 'GET',
      url: `/api/v6/energy/meterTree?project_id=${hzbj}`,
      headers: apiHeaders(site),
    });
    expect(tree.json().code).toBe(ErrorCode.Forbidden);
  });

  it('lets only users with the configuration permission change trees, loops, layouts and tariffs', async () => {
    // The worker is assigned to Suzhou (may read it) but has no control/configuration permission.
    const worker = await loginAs(t.app, 'worker');
    const tree = await t.app.inject({ method: 'GET', url: `/api/v6/energy/meterTree?project_id=${szip}`, headers: apiHeaders(worker) });
    expect(tree.json().code).toBe(1);
    const before = await t.database.db.selectFrom('meter_nodes').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const created = await post('/api/v6/energy/meterNode', worker, { project_id: szip, energy_type: 'power', name: 'x', node_type: 'load' });
    expect(created.json().code).toBe(ErrorCode.Forbidden);
    const anyNode = await t.database.db.selectFrom('meter_nodes').select('id').where('project_id', '=', szip).executeTakeFirstOrThrow();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v6/energy/meterNode/${anyNode.id}`, headers: apiHeaders(worker) });
    expect(del.json().code).toBe(ErrorCode.Forbidden);
    const after = await t.database.db.selectFrom('meter_nodes').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('validates the metering tree: meter bound twice, cycles, parent in another project', async () => {
    const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, headers: apiHeaders(site), payload });
    const twice = await send('POST', '/api/v6/energy/meterNode', {
      project_id: szip,
      parent_id: node.grid.id,
      node_type: 'load',
      name: 'dup',
      point_id: node.f01.point_id,
    });
    expect(twice.json()).toMatchObject({ code: ErrorCode.Conflict, data: { field: 'point_id' } });
    const cycle = await send('PUT', `/api/v6/energy/meterNode/${node.t1.id}`, { parent_id: node.f01.id });
    expect(cycle.json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'parent_id' } });
    const hzNode = await t.database.db
      .selectFrom('meter_nodes')
      .select('id')
      .where('project_id', '=', hzbj)
      .executeTakeFirstOrThrow();
    const foreign = await send('POST', '/api/v6/energy/meterNode', {
      project_id: szip,
      parent_id: hzNode.id,
      node_type: 'load',
      name: 'x',
    });
    expect(foreign.json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'parent_id' } });
    const created = (
      await send('POST', '/api/v6/energy/meterNode', {
        project_id: szip,
        parent_id: node.f01.id,
        node_type: 'load',
        name: '子回路',
      })
    ).json();
    expect(created.code).toBe(1);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v6/energy/meterNode/${node.f01.id}`,
      headers: apiHeaders(site),
    });
    expect(del.json().code).toBe(ErrorCode.Conflict);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/v6/energy/meterNode/${created.data.id}`,
          headers: apiHeaders(site),
        })
      ).json().code,
    ).toBe(1);
  });

  it('answers bad input with 10006 naming the field, never 500', async () => {
    const cases: [object, string][] = [
      [{ project_id: szip, category: 'grid', period: 'custom', from: '2024-01-01' }, 'to'],
      [{ project_id: szip, category: 'grid', period: 'day', date: '2024-02-30' }, 'date'],
      [{ project_id: szip, category: 'nope', period: 'day' }, 'category'],
      [{ project_id: szip, category: 'grid', period: 'day', node_ids: [999_999] }, 'node_ids'],
      [{ project_id: 'x', category: 'grid' }, 'project_id'],
    ];
    for (const [body, field] of cases) {
      const res = await post('/api/v6/energy/stats', site, body);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect(res.json().code).toBe(ErrorCode.Validation);
      expect(res.json().data.field).toBe(field);
    }
    const badTariff = await t.app.inject({
      method: 'PUT',
      url: '/api/v6/energy/tariff',
      headers: apiHeaders(site),
      payload: { project_id: szip, months: [] },
    });
    expect(badTariff.json().code).toBe(ErrorCode.Validation);
  });

  it('serves every overview and live view on the seeded trees without data', async () => {
    for (const url of ['newEnergyOverview', 'storageOverview', 'powerOverview'])
      await data(`/api/v6/energy/${url}`, site, { project_id: szip, date: '2024-04-10' });
    const flow = await data('/api/v6/energy/flow', site, { project_id: szip });
    expect(flow.nodes.length).toBeGreaterThan(10);
    const mg = await data('/api/v6/energy/microgrid', site, { project_id: szip });
    expect(mg.storage.capacity_kwh).toBe(1000);
    const integrated = await data('/api/v6/energy/integrated', centre, {
      project_id: hzbj,
      period: 'year',
      date: '2024-01-01',
    });
    expect(integrated.rows.map((r: { energy_type: string }) => r.energy_type)).toEqual([
      'power',
      'water',
      'gas',
      'heat',
    ]);
    const nev = await data('/api/v6/energy/newEnergyOverview', site, {
      project_id: szip,
      date: '2024-04-10',
    });
    expect(nev.generation.today).toBe(200);
    expect(nev.equivalent_hours.today).toBe(0.25); // 200 kWh / 800 kWp
  });
});
