import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gridops/contract';
import { apiHeaders, backends } from '../../test-support/backends.js';
import { startEnergyFixture, type EnergyFixture } from '../../test-support/energyFixture.js';

/**
 * Overviews, live views and carbon on fixed counter data with hand-computed expectations
 * (docs/energy-model.md; test-support/energyFixture.ts).
 */
describe.each(backends)('energy overviews and carbon on %s', (backend) => {
  let t: EnergyFixture['t'];
  let centre: EnergyFixture['centre'];
  let site: EnergyFixture['site'];
  let szip: EnergyFixture['szip'];
  let hzbj: EnergyFixture['hzbj'];
  let post: EnergyFixture['post'];
  let data: EnergyFixture['data'];

  beforeAll(async () => {
    ({ t, centre, site, szip, hzbj, post, data } = await startEnergyFixture(backend));
  });
  afterAll(async () => t?.close());

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

  it("refuses a site user another project's overviews, live views and carbon with 10004", async () => {
    for (const [url, body] of [
      ['/api/v6/energy/powerOverview', { project_id: hzbj }],
      ['/api/v6/energy/flow', { project_id: hzbj }],
      ['/api/v6/energy/microgrid', { project_id: hzbj }],
      ['/api/v6/energy/carbon', { project_id: hzbj }],
      ['/api/v6/energy/integrated', { project_id: hzbj, period: 'year' }],
    ] as const) {
      const res = await post(url, site, body);
      expect(res.json().code, url).toBe(ErrorCode.Forbidden);
    }
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
