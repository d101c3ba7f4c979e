import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHeaders, backends } from '../../test-support/backends.js';
import { startEnergyFixture, type EnergyFixture } from '../../test-support/energyFixture.js';

const periods = [
  { band: 'flat', start: '06:00', end: '08:30' },
  { band: 'peak', start: '08:30', end: '22:00' },
  { band: 'valley', start: '22:00', end: '06:00' },
];
/** Twelve months with peak `peak(m)` in month m (what the billing form sends: every month, edited or not). */
const months = (peak: (m: number) => number) => Array.from({ length: 12 }, (_, i) => ({ month: i + 1, periods, prices: { valley: 0.3, flat: 0.6, peak: peak(i + 1) } }));
const body = (o: object) => ({ name: '到达测试电价', name_en: 'Reach test tariff', valid_from: '2024-01-01', valid_to: null, demand_mode: 'none', basic_price: 0, capacity_kva: null, pf_standard: null, feed_in_price: null, ...o });

interface Period { key: string; energy: number; cost: number; tariffs: { name: string; version: number; from: string; to: string }[] }

/**
 * Issue 26 item 3: an edit of the peak price through the billing API (the form's PUT) reprices November only
 * when November is among the months it writes — "all months" does, "this month" (January) does not — and every
 * period of the expense report names the tariff and version that priced it, each part when it spans two.
 */
describe.each(backends)('the reach of a tariff edit on %s', (backend) => {
  let f: EnergyFixture;
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    f.t.app.inject({ method, url, headers: apiHeaders(f.site), ...(payload ? { payload } : {}) });
  const november = async (period: 'month' | 'year' = 'month'): Promise<Period[]> =>
    (await f.data('/api/v6/energy/expense', f.site, { project_id: f.szip, period, date: '2024-11-12', node_ids: [f.node.f01.id] })).periods;

  beforeAll(async () => {
    f = await startEnergyFixture(backend);
    const list = (await send('GET', `/api/v6/billing/tariffs?project_id=${f.szip}`)).json().data as { id: number }[];
    for (const x of list) expect((await send('DELETE', `/api/v6/billing/tariffs/${x.id}`)).json().code).toBe(1);
    // Feeder F01 on 12 Nov 2024 (local): 09h flat counter, 10h +100 kWh — all of it in the peak band (08:30–22:00).
    const p = f.node.f01.point_id;
    await f.roll('rollup_hourly', p, '2024-11-12T09:00:00+08:00', 2050, 2050);
    await f.roll('rollup_hourly', p, '2024-11-12T10:00:00+08:00', 2051, 2150);
    await f.roll('rollup_daily', p, '2024-11-12T00:00:00+08:00', 2050, 2150);
  });
  afterAll(async () => f?.t.close());

  it('an edit of January leaves November at the old price; an edit of all months reprices it', async () => {
    const created = (await send('POST', '/api/v6/billing/tariffs', { project_id: f.szip, ...body({ months: months(() => 1.053) }) })).json();
    expect(created.code, JSON.stringify(created)).toBe(1);
    const id = created.data.id as number;
    const day = async () => (await november()).find((x) => x.key === '2024-11-12')!;
    expect(await day()).toMatchObject({ energy: 100, cost: 105.3 });

    // "This month" = January (the form used to open there and change only it).
    const jan = (await send('PUT', `/api/v6/billing/tariffs/${id}`, { ...body({ months: months((m) => (m === 1 ? 1.1234 : 1.053)) }), version: 1 })).json();
    expect(jan.code, JSON.stringify(jan)).toBe(1);
    expect(await day()).toMatchObject({ energy: 100, cost: 105.3 });

    // "All months": November is repriced, and its period names the tariff at its new version.
    const all = (await send('PUT', `/api/v6/billing/tariffs/${id}`, { ...body({ months: months(() => 1.1234) }), version: 2 })).json();
    expect(all.code, JSON.stringify(all)).toBe(1);
    expect(all.data.months.every((m: { prices: { peak: number } }) => m.prices.peak === 1.1234)).toBe(true);
    const d = await day();
    expect(d).toMatchObject({ energy: 100, cost: 112.34 });
    expect(d.tariffs).toEqual([expect.objectContaining({ name: '到达测试电价', version: 3, valid_from: '2024-01-01', valid_to: null, from: '2024-11-12', to: '2024-11-12' })]);
  });

  it('a rejected edit changes nothing and names the field in the language asked for', async () => {
    const [cur] = (await send('GET', `/api/v6/billing/tariffs?project_id=${f.szip}`)).json().data as { id: number; version: number }[];
    const broken = months(() => 2).map((m) => (m.month === 11 ? { ...m, prices: { valley: 0.3, flat: 0.6 } } : m));
    const res = await f.t.app.inject({ method: 'PUT', url: `/api/v6/billing/tariffs/${cur!.id}`, headers: { ...apiHeaders(f.site), 'accept-language': 'en' }, payload: { ...body({ months: broken }), version: cur!.version } });
    expect(res.json()).toMatchObject({ data: { field: 'months[10].prices.peak' } });
    expect(res.json().msg).toContain('price missing');
    expect((await november()).find((x) => x.key === '2024-11-12')).toMatchObject({ cost: 112.34 });
  });

  it('a month priced by two tariffs names both, each with its dates', async () => {
    const [cur] = (await send('GET', `/api/v6/billing/tariffs?project_id=${f.szip}`)).json().data as { id: number; version: number }[];
    expect((await send('PUT', `/api/v6/billing/tariffs/${cur!.id}`, { ...body({ months: months(() => 1.1234), valid_to: '2024-11-19' }), version: cur!.version })).json().code).toBe(1);
    expect((await send('POST', '/api/v6/billing/tariffs', { project_id: f.szip, ...body({ name: '新电价', name_en: 'New tariff', valid_from: '2024-11-20', months: months(() => 2) }) })).json().code).toBe(1);
    const nov = (await november('year')).find((p) => p.key === '2024-11')!;
    expect(nov.tariffs.map((p) => [p.name, p.version, p.from, p.to])).toEqual([
      ['到达测试电价', 4, '2024-11-01', '2024-11-19'],
      ['新电价', 1, '2024-11-20', '2024-11-30'],
    ]);
    expect(nov.cost).toBe(112.34);
  });
});
