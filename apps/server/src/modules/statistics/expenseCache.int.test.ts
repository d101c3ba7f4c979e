import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { apiHeaders, backends } from '../../test-support/backends.js';
import { startEnergyFixture, type EnergyFixture } from '../../test-support/energyFixture.js';
import { asStatNodes } from './compute.js';
import { expenseReport } from './expense.js';
import { resolvePeriod } from './periods.js';
import { statisticsRepository } from './repository.js';

const ZONE = 'Asia/Shanghai';
const H = 3_600_000;

const months = (k: number) =>
  Array.from({ length: 12 }, (_, i) => ({
    month: i + 1,
    periods: [
      { band: 'valley', start: '00:00', end: '08:00' },
      { band: 'flat', start: '08:00', end: '17:00' },
      { band: 'peak', start: '17:00', end: '19:30' },
      { band: 'sharp', start: '19:30', end: '21:00' },
      { band: 'flat', start: '21:00', end: '24:00' },
    ],
    prices: { sharp: 1.3 * k, peak: 1.05 * k, flat: 0.63 * k, valley: 0.3 * k },
  }));

/**
 * The hourly energy cache never changes a figure: the expense report read through the cache equals the one
 * computed from rollup_hourly without it — cold, warm, after a late sample and after a counter reset.
 */
describe.each(backends)('expense report with the hourly energy cache on %s', (backend) => {
  let fx: EnergyFixture;
  let g: number;

  /** Writes hourly and daily rollups for the incomer as the ingest would (4 samples an hour). */
  async function history() {
    const hourly: { bucket: Date; first: number; last: number; min: number; max: number }[] = [];
    let counter = 50_000;
    const start = Date.parse('2023-01-01T00:00:00+08:00');
    for (let i = 0; i < 90 * 24; i++) {
      const t = start + i * H;
      const day = Math.floor(i / 24);
      const hour = i % 24;
      if (day === 63 && hour >= 3 && hour < 8) continue; // a gap on 5 March 03–08
      if (day === 50 && hour === 10) counter = 7; // meter replaced on 20 February 10:00
      const use = 80 + 60 * Math.sin((hour / 24) * Math.PI * 2 - 1.5) + (day % 7) * 3;
      const first = counter;
      counter += use;
      hourly.push({ bucket: new Date(t), first, last: counter, min: first, max: counter });
    }
    const row = (b: { bucket: Date; first: number; last: number; min: number; max: number }, count: number) => ({
      point_id: g, bucket: b.bucket, min: b.min, max: b.max, sum: b.first + b.last, count, first: b.first,
      first_ts: new Date(b.bucket.getTime() + 60_000), last: b.last, last_ts: new Date(b.bucket.getTime() + 59 * 60_000),
    });
    const days = new Map<number, typeof hourly>();
    for (const h of hourly) {
      const d = Math.floor((h.bucket.getTime() - start) / (24 * H));
      days.set(d, [...(days.get(d) ?? []), h]);
    }
    const db = fx.t.database.db;
    await db.insertInto('rollup_hourly').values(hourly.map((h) => row(h, 4))).execute();
    await db
      .insertInto('rollup_daily')
      .values(
        [...days.entries()].map(([d, hs]) => ({
          ...row({ bucket: new Date(start + d * 24 * H), first: hs[0]!.first, last: hs.at(-1)!.last, min: Math.min(...hs.map((x) => x.min)), max: Math.max(...hs.map((x) => x.max)) }, hs.length * 4),
          first_ts: new Date(hs[0]!.bucket.getTime() + 60_000),
          last_ts: new Date(hs.at(-1)!.bucket.getTime() + 59 * 60_000),
        })),
      )
      .execute();
  }

  async function both(period: { period: 'year' | 'custom' | 'month'; date?: string; from?: string; to?: string }) {
    const db = fx.t.database.db;
    const all = asStatNodes(await statisticsRepository.nodes(db, fx.szip, 'power'));
    const selected = all.filter((n) => ['grid', 'load', 'ev_charging', 'storage_charge'].includes(n.node_type));
    const p = resolvePeriod(period, ZONE);
    const now = new Date('2023-12-31T12:00:00+08:00');
    const run = (cache: boolean) => expenseReport(db, statisticsRepository, fx.szip, all, selected, p.range, p.granularity, ZONE, { cache, now });
    const uncached = await run(false);
    return { uncached, cached: await run(true), warm: await run(true) };
  }

  beforeAll(async () => {
    fx = await startEnergyFixture(backend);
    g = fx.node.grid.point_id;
    await history();
    const send = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      fx.t.app.inject({ method, url, headers: apiHeaders(fx.site), ...(payload ? { payload } : {}) });
    for (const x of (await send('GET', `/api/v6/billing/tariffs?project_id=${fx.szip}`)).json().data as { id: number }[])
      await send('DELETE', `/api/v6/billing/tariffs/${x.id}`);
    const base = { name: '甲', name_en: 'A', capacity_kva: null, pf_standard: 0.9, feed_in_price: 0.39 };
    for (const t of [
      { ...base, valid_from: '2023-01-01', valid_to: '2023-02-14', months: months(1), demand_mode: 'none', basic_price: 0 },
      { ...base, valid_from: '2023-02-15', valid_to: null, months: months(1.1), demand_mode: 'demand', basic_price: 40 },
    ])
      expect((await send('POST', '/api/v6/billing/tariffs', { project_id: fx.szip, ...t })).json().code).toBe(1);
  });
  afterAll(async () => fx?.t.close());

  it('answers a year, a month and a custom day range identically with and without the cache', async () => {
    for (const q of [
      { period: 'year' as const, date: '2023-06-01' },
      { period: 'month' as const, date: '2023-02-10' },
      { period: 'custom' as const, from: '2023-02-10', to: '2023-03-10' },
    ]) {
      const { uncached, cached, warm } = await both(q);
      expect(cached, JSON.stringify(q)).toEqual(uncached);
      expect(warm, JSON.stringify(q)).toEqual(uncached);
    }
    const { uncached } = await both({ period: 'year', date: '2023-06-01' });
    expect(uncached.total.energy).toBeGreaterThan(100_000);
    // The tariff changes on 15 February: January is priced at the first, March at the second (+10 %), with a demand charge.
    const bill = uncached.bill!;
    expect(bill.months.find((m) => m.month === '2023-01')!.basic_charge).toBe(0);
    expect(bill.months.find((m) => m.month === '2023-03')).toMatchObject({ demand_mode: 'demand' });
    expect(bill.months.find((m) => m.month === '2023-03')!.basic_charge).toBeGreaterThan(0);
    const rows = await fx.t.database.db.selectFrom('energy_hourly_cache').select((eb) => eb.fn.countAll<string>().as('n')).where('point_id', '=', g).executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(90);
  });

  it('follows a late sample and a counter reset that arrive after the day was cached', async () => {
    const before = await both({ period: 'month', date: '2023-03-10' });
    const db = fx.t.database.db;
    // Late: the gap of 5 March 03–08 gets a reading at 05:00 (bucket of hour 5), the daily rollup counts it.
    const prev = await db.selectFrom('rollup_hourly').select(['last']).where('point_id', '=', g).where('bucket', '=', new Date('2023-03-05T02:00:00+08:00')).executeTakeFirstOrThrow();
    const t5 = new Date('2023-03-05T05:00:00+08:00');
    await db.insertInto('rollup_hourly').values({ point_id: g, bucket: t5, min: prev.last + 200, max: prev.last + 200, sum: prev.last + 200, count: 1, first: prev.last + 200, first_ts: t5, last: prev.last + 200, last_ts: t5 }).execute();
    await sql`UPDATE rollup_daily SET count = count + 1 WHERE point_id = ${g} AND bucket = ${new Date('2023-03-05T00:00:00+08:00')}`.execute(db);
    const late = await both({ period: 'month', date: '2023-03-10' });
    expect(late.cached).toEqual(late.uncached);
    expect(late.warm).toEqual(late.uncached);
    expect(late.uncached.periods.find((p) => p.key === '2023-03-05')!.cost).not.toBe(before.uncached.periods.find((p) => p.key === '2023-03-05')!.cost);
    // Reset: the last reading of 9 March drops (meter swapped at the end of the day): 10 March's first hour changes.
    await sql`UPDATE rollup_hourly SET last = 3, min = 3, last_ts = last_ts + interval '30 seconds' WHERE point_id = ${g} AND bucket = ${new Date('2023-03-09T23:00:00+08:00')}`.execute(db);
    await sql`UPDATE rollup_daily SET last = 3, min = 3, count = count + 1, last_ts = last_ts + interval '30 seconds' WHERE point_id = ${g} AND bucket = ${new Date('2023-03-09T00:00:00+08:00')}`.execute(db);
    const reset = await both({ period: 'month', date: '2023-03-10' });
    expect(reset.cached).toEqual(reset.uncached);
    expect(reset.warm).toEqual(reset.uncached);
    expect(reset.uncached.total.energy).not.toBe(late.uncached.total.energy);
  });
});
