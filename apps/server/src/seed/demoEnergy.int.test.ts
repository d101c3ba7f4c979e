import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
