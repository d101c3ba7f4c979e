import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gridops/contract';
import { apiHeaders, backends, loginAs } from '../../test-support/backends.js';
import { startEnergyFixture, type EnergyFixture } from '../../test-support/energyFixture.js';

const months = (k = 1, periods = [
  { band: 'flat', start: '06:00', end: '08:30' },
  { band: 'peak', start: '08:30', end: '22:00' },
  { band: 'valley', start: '22:00', end: '06:00' },
]) => Array.from({ length: 12 }, (_, i) => ({ month: i + 1, periods, prices: { valley: 0.3 * k, flat: 0.6 * k, peak: 1 * k } }));

const tariff = (o: object = {}) => ({
  name: '测试电价',
  name_en: 'Test tariff',
  valid_from: '2024-01-01',
  valid_to: '2024-02-29',
  months: months(),
  demand_mode: 'none',
  basic_price: 0,
  capacity_kva: null,
  pf_standard: null,
  feed_in_price: null,
  ...o,
});

/** /RunSetup/BillingSet through the API: scope, permission, validation, version check, audit; tariffs change the expense report. */
describe.each(backends)('billing tariffs on %s', (backend) => {
  let t: EnergyFixture['t'];
  let site: EnergyFixture['site'];
  let szip: EnergyFixture['szip'];
  let hzbj: EnergyFixture['hzbj'];
  let node: EnergyFixture['node'];
  let data: EnergyFixture['data'];

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: apiHeaders(token), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    ({ t, site, szip, hzbj, node, data } = await startEnergyFixture(backend));
    // Start from no tariff: the seed's ones are deleted through the API.
    const list = (await send('GET', `/api/v6/billing/tariffs?project_id=${szip}`, site)).json().data as { id: number }[];
    for (const x of list) expect((await send('DELETE', `/api/v6/billing/tariffs/${x.id}`, site)).json().code).toBe(1);
  });
  afterAll(async () => t?.close());

  it('creates, lists, edits with a version check and deletes a tariff, each write audited', async () => {
    const created = (await send('POST', '/api/v6/billing/tariffs', site, { project_id: szip, ...tariff({ valid_from: '2030-01-01', valid_to: null, demand_mode: 'capacity', basic_price: 28, capacity_kva: 1600, pf_standard: 0.9, feed_in_price: 0.391 }) })).json();
    expect(created.code).toBe(1);
    expect(created.data).toMatchObject({ project_id: szip, valid_from: '2030-01-01', valid_to: null, demand_mode: 'capacity', capacity_kva: 1600, pf_standard: 0.9, version: 1 });
    expect(created.data.months).toEqual(months());
    const id = created.data.id as number;
    const edit = (version: number) => send('PUT', `/api/v6/billing/tariffs/${id}`, site, { ...tariff({ valid_from: '2030-01-01', valid_to: null, feed_in_price: 0.4 }), version });
    const ok = (await edit(1)).json();
    expect(ok).toMatchObject({ code: 1, data: { version: 2, feed_in_price: 0.4, demand_mode: 'none', capacity_kva: null } });
    expect((await edit(1)).json()).toMatchObject({ code: ErrorCode.Conflict, data: { field: 'version' } });
    const audit = await t.database.db.selectFrom('audit_log').select('action').where('action', 'like', 'billing.%').execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['billing.createTariff', 'billing.updateTariff', 'billing.deleteTariff']));
    expect((await send('DELETE', `/api/v6/billing/tariffs/${id}`, site)).json().code).toBe(1);
    expect((await send('GET', `/api/v6/billing/tariffs?project_id=${szip}`, site)).json().data).toEqual([]);
  });

  it('refuses overlapping validity, a day not fully covered and a capacity charge without capacity, naming the field', async () => {
    expect((await send('POST', '/api/v6/billing/tariffs', site, { project_id: szip, ...tariff() })).json().code).toBe(1);
    const overlap = await send('POST', '/api/v6/billing/tariffs', site, { project_id: szip, ...tariff({ valid_from: '2024-02-15', valid_to: null }) });
    expect(overlap.json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'valid_from' } });
    const gap = await send('POST', '/api/v6/billing/tariffs', site, {
      project_id: szip,
      ...tariff({ valid_from: '2025-01-01', valid_to: null, months: months(1, [{ band: 'flat', start: '00:00', end: '23:00' }]) }),
    });
    expect(gap.json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'months[0].periods' } });
    const cap = await send('POST', '/api/v6/billing/tariffs', site, { project_id: szip, ...tariff({ valid_from: '2025-01-01', valid_to: null, demand_mode: 'capacity', basic_price: 20 }) });
    expect(cap.json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'capacity_kva' } });
    const ends = await send('POST', '/api/v6/billing/tariffs', site, { project_id: szip, ...tariff({ valid_from: '2025-01-02', valid_to: '2025-01-01' }) });
    expect(ends.json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'valid_to' } });
    // A declared demand only with a demand charge, and above 0 (issue 26 item 4).
    const declared = await send('POST', '/api/v6/billing/tariffs', site, { project_id: szip, ...tariff({ valid_from: '2025-01-01', valid_to: null, demand_mode: 'capacity', basic_price: 20, capacity_kva: 800, declared_demand_kw: 300 }) });
    expect(declared.json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'declared_demand_kw' } });
    const negative = await send('POST', '/api/v6/billing/tariffs', site, { project_id: szip, ...tariff({ valid_from: '2025-01-01', valid_to: null, demand_mode: 'demand', basic_price: 40, declared_demand_kw: -5 }) });
    expect(negative.json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'declared_demand_kw' } });
    const ok = (await send('POST', '/api/v6/billing/tariffs', site, { project_id: szip, ...tariff({ valid_from: '2025-01-01', valid_to: '2025-12-31', demand_mode: 'demand', basic_price: 40, declared_demand_kw: 320 }) })).json();
    expect(ok).toMatchObject({ code: 1, data: { demand_mode: 'demand', declared_demand_kw: 320 } });
    expect((await send('DELETE', `/api/v6/billing/tariffs/${ok.data.id}`, site)).json().code).toBe(1);
  });

  it("refuses another project's tariffs and writes without the configuration permission (10004)", async () => {
    expect((await send('GET', `/api/v6/billing/tariffs?project_id=${hzbj}`, site)).json().code).toBe(ErrorCode.Forbidden);
    expect((await send('POST', '/api/v6/billing/tariffs', site, { project_id: hzbj, ...tariff({ valid_from: '2040-01-01', valid_to: null }) })).json().code).toBe(ErrorCode.Forbidden);
    const worker = await loginAs(t.app, 'worker');
    expect((await send('POST', '/api/v6/billing/tariffs', worker, { project_id: szip, ...tariff({ valid_from: '2040-01-01', valid_to: null }) })).json().code).toBe(ErrorCode.Forbidden);
  });

  it('prices each hour of the expense report by the tariff valid on its date (change on 1 March)', async () => {
    // The tariff of the previous test holds to 29 Feb; from 1 March prices double.
    const later = await send('POST', '/api/v6/billing/tariffs', site, { project_id: szip, ...tariff({ valid_from: '2024-03-01', valid_to: null, months: months(2) }) });
    expect(later.json(), later.body).toMatchObject({ code: 1 });
    const d = await data('/api/v6/energy/expense', site, { project_id: szip, period: 'custom', from: '2024-02-29', to: '2024-03-01', node_ids: [node.f01.id] });
    // 29 Feb: 21h peak 10, 22h/23h valley 20 → 10 + 6 = 16. 1 March: 00h valley 10, 08h 10 flat + 10 peak → (3 + 6 + 10) × 2 = 38.
    expect(d.periods.map((p: { key: string; energy: number; cost: number }) => [p.key, p.energy, p.cost])).toEqual([
      ['2024-02-29', 30, 16],
      ['2024-03-01', 30, 38],
    ]);
  });
});
