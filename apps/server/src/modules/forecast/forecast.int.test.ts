import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type ForecastAccuracyResponse, type ForecastResponse } from '@gridops/contract';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';
import { replayDays } from '../storage-plan/replay.js';
import { replayInputs, slotPrice } from '../storage-plan/replayData.js';
import { tariffRepository } from '../metering/tariffRepository.js';
import { forecastRepository } from './repository.js';

/**
 * The forecast API on the demo seed (with 62 of its days of hourly counter history): Suzhou's load and PV per 15 minutes
 * with their bands, the accuracy of the last days, the strict cut-off of the history read, and scope.
 */
describe.each(backends)('site forecast on %s', (backend) => {
  let t: TestApp;
  let site: string;
  let szip: number;
  let hzbj: number;

  const get = async (url: string, token = site) => (await t.app.inject({ method: 'GET', url, headers: apiHeaders(token) })).json();

  beforeAll(async () => {
    // 62 days: the 8 weeks a forecast reads, and the 3 days the accuracy test replays before them.
    t = await startTestApp(backend, { energyHistoryDays: 62 });
    site = await loginAs(t.app, 'site');
    const projects = await t.database.db.selectFrom('projects').select(['id', 'name_en']).execute();
    szip = projects.find((p) => p.name_en.startsWith('Suzhou'))!.id;
    hzbj = projects.find((p) => p.name_en.startsWith('Hangzhou'))!.id;
  });
  afterAll(async () => t?.close());

  it("forecasts the site's load and PV per quarter hour for 48 h, with P10 ≤ P50 ≤ P90", async () => {
    const body = await get(`/api/v6/forecast?project_id=${szip}`);
    expect(body.code).toBe(1);
    const f = body.data as ForecastResponse;
    expect(f.reason).toBeNull();
    expect(f.slots).toHaveLength(192);
    expect(f.slot_minutes).toBe(15);
    expect(f.pv_kwp).toBe(800);
    // 8 weeks of hourly history and 30 days of PV: both learnt, not the fallbacks.
    expect(f.load_days).toBeGreaterThanOrEqual(50);
    expect(f.performance_ratio.days).toBeGreaterThanOrEqual(20);
    expect(f.performance_ratio.p50).toBeGreaterThan(0.2);
    expect(f.performance_ratio.p50).toBeLessThan(1.2);
    for (const s of f.slots) {
      for (const b of [s.load_kw, s.pv_kw]) {
        expect(b.p10).toBeLessThanOrEqual(b.p50);
        expect(b.p50).toBeLessThanOrEqual(b.p90);
      }
      expect(s.load_kw.p50).toBeGreaterThan(0);
      expect(s.start).toMatch(/^\d{4}-\d\d-\d\dT\d\d:(00|15|30|45):00\+08:00$/);
    }
    const at = (hhmm: string) => f.slots.filter((s) => s.start.slice(11, 16) === hhmm);
    for (const s of at('02:00')) expect(s.pv_kw.p90).toBe(0);
    for (const s of at('12:00')) expect(s.pv_kw.p50).toBeGreaterThan(50);
    expect(Date.parse(f.slots[0]!.start)).toBeGreaterThanOrEqual(Date.parse(f.cutoff));
  });

  it('reads no hour that had not ended by the cut-off', async () => {
    const now = Date.now();
    const cutoff = now - 5 * 86_400_000 - 17 * 60_000;
    const day = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
    const hours = await forecastRepository.hourly(t.database.db, szip, 'Asia/Shanghai', day(now - 70 * 86_400_000), day(now + 86_400_000), cutoff);
    expect(hours!.length).toBeGreaterThan(24 * 50);
    for (const h of hours!) expect(h.start_ms + 3600_000).toBeLessThanOrEqual(cutoff);
    expect(hours!.at(-1)!.start_ms).toBeGreaterThan(cutoff - 2 * 3600_000);
  });

  it('reports the last days forecast against measured, per hour and per day', async () => {
    const body = await get(`/api/v6/forecast/accuracy?project_id=${szip}&days=3`);
    expect(body.code).toBe(1);
    const a = body.data as ForecastAccuracyResponse;
    expect(a.hours).toHaveLength(72);
    expect(a.load).toHaveLength(3);
    expect(a.pv).toHaveLength(3);
    expect(a.hours.every((h) => h.load_actual !== null && h.pv_actual !== null)).toBe(true);
    // The demo's load follows a weekly curve the profile knows: a forecast far off would be a bug, not weather.
    expect(a.summary.load_mape_pct).not.toBeNull();
    expect(a.summary.load_mape_pct!).toBeLessThan(50);
    expect(a.summary.pv_nmae_pct).not.toBeNull();
    expect(a.summary.pv_nmae_pct!).toBeLessThan(60);
    for (const d of a.load) expect(d.n).toBe(24);
  });

  it('replays the storage plans over measured days: prices from the tariff, the forecast of each midnight', async () => {
    const now = Date.now();
    const inputs = (await replayInputs(t.database.db, szip, 2, now))!;
    expect(inputs.name_en).toMatch(/^Suzhou/);
    expect(inputs.days).toHaveLength(2);
    expect(inputs.site.battery).toMatchObject({ capacity_kwh: 1000, max_charge_kw: 500, soc_min_pct: 10, soc_max_pct: 95 });
    expect(inputs.site.demand).toEqual({ price_yuan_kw_month: 40, declared_kw: expect.any(Number) });
    const tariffs = await tariffRepository.versions(t.database.db, szip);
    for (const d of inputs.days) {
      expect(d.actual).toHaveLength(96);
      expect(d.forecast).toHaveLength(192);
      d.actual.forEach((s, i) => {
        expect(s.price).toBe(slotPrice(tariffs, d.date, s.local_minute)!.price);
        expect(d.forecast[i]!.start_ms).toBe(s.start_ms);
        expect(d.forecast[i]!.load_high_kw!).toBeGreaterThanOrEqual(d.forecast[i]!.load_kw);
      });
      // More than one band in the day: the plan has prices to move energy between.
      expect(new Set(d.actual.map((s) => s.price)).size).toBeGreaterThan(1);
    }
    // A site without storage has nothing to replay.
    expect(await replayInputs(t.database.db, hzbj, 2, now)).toBeNull();
    const r = await replayDays(inputs.site, inputs.days, { replanSlots: 96 });
    expect(r.days).toHaveLength(2);
    expect(r.totals.fixed_yuan).toBeLessThan(r.totals.none_yuan);
    expect(r.totals.optimised_yuan).toBeLessThan(r.totals.none_yuan);
  });

  it('refuses a site outside the caller’s scope and bad ranges', async () => {
    expect((await get(`/api/v6/forecast?project_id=${hzbj}`)).code).toBe(ErrorCode.Forbidden);
    expect((await get(`/api/v6/forecast/accuracy?project_id=${hzbj}`)).code).toBe(ErrorCode.Forbidden);
    expect((await get(`/api/v6/forecast?project_id=${szip}`, await loginAs(t.app, 'xihu'))).code).toBe(ErrorCode.Forbidden);
    expect((await get(`/api/v6/forecast?project_id=999999`)).code).toBe(ErrorCode.Forbidden);
    expect((await get(`/api/v6/forecast?project_id=${szip}&hours=49`)).code).toBe(ErrorCode.Validation);
    expect((await get(`/api/v6/forecast/accuracy?project_id=${szip}&days=0`)).code).toBe(ErrorCode.Validation);
    expect((await t.app.inject({ method: 'GET', url: `/api/v6/forecast?project_id=${szip}`, headers: apiHeaders() })).json().code).toBe(ErrorCode.SessionInvalid);
  });
});
