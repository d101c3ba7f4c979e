import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHeaders, backends } from '../../test-support/backends.js';
import { startEnergyFixture, type EnergyFixture } from '../../test-support/energyFixture.js';

const tariff = {
  name: '测试电价',
  name_en: 'Test tariff',
  valid_from: '2024-01-01',
  valid_to: null,
  months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, periods: [{ band: 'flat', start: '00:00', end: '24:00' }], prices: { flat: 0.5 } })),
  demand_mode: 'none',
  basic_price: 0,
  capacity_kva: null,
  pf_standard: null,
  feed_in_price: null,
};

/**
 * Issue 25 item 5: a cost without a tariff is unknown (null + 'no_tariff'), never 0; a site total without a grid
 * incomer node or without any metering tree is unknown with its reason, never 0.00 kWh.
 */
describe.each(backends)('figures that cannot be computed on %s', (backend) => {
  let t: EnergyFixture['t'];
  let site: EnergyFixture['site'];
  let szip: EnergyFixture['szip'];
  let data: EnergyFixture['data'];
  let node: EnergyFixture['node'];
  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: apiHeaders(site), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    ({ t, site, szip, data, node } = await startEnergyFixture(backend));
    const list = (await send('GET', `/api/v6/billing/tariffs?project_id=${szip}`)).json().data as { id: number }[];
    for (const x of list) expect((await send('DELETE', `/api/v6/billing/tariffs/${x.id}`)).json().code).toBe(1);
  });
  afterAll(async () => t?.close());

  it('answers cost null with the reason no_tariff in the power overview and the expense report, and numbers once a tariff exists', async () => {
    const pw = await data('/api/v6/energy/powerOverview', site, { project_id: szip, date: '2024-02-04' });
    expect(pw).toMatchObject({ month_cost: null, cost_unknown: 'no_tariff', total_unknown: null });
    expect(pw.month_by_band.every((b: { cost: number | null }) => b.cost === null)).toBe(true);
    const ex = await data('/api/v6/energy/expense', site, { project_id: szip, period: 'custom', from: '2024-02-29', to: '2024-03-01', node_ids: [node.f01.id] });
    expect(ex).toMatchObject({ tariff_configured: false, cost_unknown: 'no_tariff', total: { cost: null, avg_price: null } });
    expect(ex.bill).toBeUndefined(); // no "amount due 0" either
    expect(ex.total.energy).toBe(60); // the fixture's feeder F01 on 29 Feb and 1 March (billing.int.test.ts)

    expect((await send('POST', '/api/v6/billing/tariffs', { project_id: szip, ...tariff })).json().code).toBe(1);
    const priced = await data('/api/v6/energy/expense', site, { project_id: szip, period: 'custom', from: '2024-02-29', to: '2024-03-01', node_ids: [node.f01.id] });
    expect(priced).toMatchObject({ tariff_configured: true, cost_unknown: null });
    expect(priced.total.cost).toBe(30); // 60 kWh × 0.5 flat
    const pwPriced = await data('/api/v6/energy/powerOverview', site, { project_id: szip, date: '2024-02-04' });
    expect(pwPriced.cost_unknown).toBeNull();
    expect(typeof pwPriced.month_cost).toBe('number');
  });

  it('says why the total is unknown: no grid incomer node, then no metering tree at all', async () => {
    const db = t.database.db;
    await db.updateTable('meter_nodes').set({ node_type: 'load' }).where('project_id', '=', szip).where('node_type', '=', 'grid').execute();
    expect(await data('/api/v6/energy/powerOverview', site, { project_id: szip, date: '2024-02-04' })).toMatchObject({ total_unknown: 'no_grid_root' });
    await db.deleteFrom('meter_nodes').where('project_id', '=', szip).execute();
    expect(await data('/api/v6/energy/powerOverview', site, { project_id: szip, date: '2024-02-04' })).toMatchObject({ total_unknown: 'no_metering_tree' });
  });
});
