import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gridops/contract';
import { apiHeaders, backends } from '../../test-support/backends.js';
import { startEnergyFixture, type EnergyFixture } from '../../test-support/energyFixture.js';

/**
 * Energy statistics on fixed counter data with hand-computed expectations (docs/energy-model.md): series with
 * gaps and resets, month boundaries, readings, losses and TOU expense (test-support/energyFixture.ts).
 */
describe.each(backends)('energy statistics on %s', (backend) => {
  let t: EnergyFixture['t'];
  let site: EnergyFixture['site'];
  let szip: EnergyFixture['szip'];
  let hzbj: EnergyFixture['hzbj'];
  let node: EnergyFixture['node'];
  let roll: EnergyFixture['roll'];
  let post: EnergyFixture['post'];
  let data: EnergyFixture['data'];

  beforeAll(async () => {
    ({ t, site, szip, hzbj, node, roll, post, data } = await startEnergyFixture(backend));
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

  it("refuses a site user another project's statistics with 10004", async () => {
    for (const [url, body] of [
      ['/api/v6/energy/stats', { project_id: hzbj, category: 'power_use', period: 'day' }],
      ['/api/v6/energy/readings', { project_id: hzbj, category: 'grid', from: '2024-02-01', to: '2024-02-04' }],
      ['/api/v6/energy/loss', { project_id: hzbj, period: 'day' }],
      ['/api/v6/energy/expense', { project_id: hzbj, period: 'month' }],
    ] as const) {
      const res = await post(url, site, body);
      expect(res.json().code, url).toBe(ErrorCode.Forbidden);
    }
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
  });
});
