import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { ErrorCode } from '@gridops/contract';
import { buildApp } from '../../app.js';
import { apiHeaders, backends, loginAs, startTestApp, testConfig, type TestApp } from '../../test-support/backends.js';

/** What the two providers answer for current conditions (docs/shell.md, "Weather"). */
const QWEATHER_ANSWER = {
  code: '200',
  updateTime: '2026-11-23T20:00+08:00',
  now: { obsTime: '2026-11-23T19:50+08:00', temp: '24', feelsLike: '26', icon: '101', text: '多云', wind360: '123', windDir: '东南风', windScale: '1', windSpeed: '3', humidity: '72', precip: '0.0', pressure: '1003' },
};
const OPENWEATHER_ANSWER = {
  coord: { lon: 120.7, lat: 31.3 },
  weather: [{ id: 800, main: 'Clear', description: 'clear sky', icon: '01n' }],
  main: { temp: 22.5, feels_like: 22.1, humidity: 60, pressure: 1012 },
  wind: { speed: 3, deg: 270 },
  dt: 1_795_000_000,
  cod: 200,
};

describe.each(backends)('weather through the server on %s', (backend) => {
  let t: TestApp;
  let provider: http.Server;
  let base = '';
  const hits: URL[] = [];
  let failing = false;
  let site: string;
  let szip: number;
  const extraApps: Awaited<ReturnType<typeof buildApp>>['app'][] = [];

  beforeAll(async () => {
    // A local stand-in for QWeather and OpenWeather.
    provider = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      hits.push(url);
      res.setHeader('content-type', 'application/json');
      if (failing) return void res.writeHead(503).end('{}');
      if (url.pathname === '/v7/weather/now') return void res.end(JSON.stringify(QWEATHER_ANSWER));
      if (url.pathname === '/data/2.5/weather') return void res.end(JSON.stringify(OPENWEATHER_ANSWER));
      res.writeHead(404).end('{}');
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
    t = await startTestApp(backend, { env: { WEATHER_PROVIDER: 'qweather', WEATHER_KEY: 'qw-secret-key', WEATHER_URL: base } });
    site = await loginAs(t.app, 'site');
    szip = (await t.database.db.selectFrom('projects').select('id').where('name_en', 'like', 'Suzhou%').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    for (const a of extraApps) await a.close();
    await t?.close();
    await new Promise((resolve) => provider?.close(resolve));
  });

  /** The same database served with other weather settings. */
  const appWith = async (env: Record<string, string>) => {
    const { app } = await buildApp({ config: testConfig(env), db: t.database.db, logger: false });
    await app.ready();
    extraApps.push(app);
    return app;
  };
  const weatherNow = async (app: TestApp['app'], token: string, projectId: number) =>
    app.inject({ method: 'POST', url: '/api/v6/weather/now', headers: apiHeaders(token), payload: { project_id: projectId } });

  it('serves QWeather current conditions, with the key only on the server side', async () => {
    const res = await weatherNow(t.app, site, szip);
    expect(res.json()).toMatchObject({
      code: 1,
      data: {
        project_id: szip,
        provider: 'qweather',
        reason: null,
        now: { condition: 'cloudy', text: '多云', temp_c: 24, feels_like_c: 26, humidity_pct: 72, wind_speed_kmh: 3, wind_scale: 1, wind_dir: 'SE', observed_at: '2026-11-23T11:50:00.000Z' },
      },
    });
    expect(res.body).not.toContain('qw-secret-key');
    const asked = hits.at(-1)!;
    expect(asked.searchParams.get('key')).toBe('qw-secret-key');
    expect(asked.searchParams.get('location')).toMatch(/^\d+\.\d{2},\d+\.\d{2}$/);
  });

  it('asks the provider at most once per site in 10 minutes, whoever asks', async () => {
    const before = hits.length;
    const worker = await loginAs(t.app, 'worker');
    expect((await weatherNow(t.app, site, szip)).json().data.now.temp_c).toBe(24);
    expect((await weatherNow(t.app, worker, szip)).json().data.now.temp_c).toBe(24);
    expect(hits.length).toBe(before);
    await sql`UPDATE weather_cache SET fetched_at = now() - interval '11 minutes'`.execute(t.database.db);
    expect((await weatherNow(t.app, site, szip)).json().data.provider).toBe('qweather');
    expect(hits.length).toBe(before + 1);
  });

  it('keeps the last answer while the provider fails, and says "unavailable" without one', async () => {
    failing = true;
    try {
      await sql`UPDATE weather_cache SET fetched_at = now() - interval '11 minutes'`.execute(t.database.db);
      const stale = (await weatherNow(t.app, site, szip)).json().data;
      expect(stale).toMatchObject({ provider: 'qweather', reason: null, now: { temp_c: 24 } });
      await sql`DELETE FROM weather_cache`.execute(t.database.db);
      expect((await weatherNow(t.app, site, szip)).json().data).toMatchObject({ provider: null, now: null, reason: 'unavailable' });
    } finally {
      failing = false;
    }
  });

  it("refuses another tenant's site without asking the provider", async () => {
    const before = hits.length;
    const res = await weatherNow(t.app, await loginAs(t.app, 'xihu'), szip);
    expect(res.json().code).toBe(ErrorCode.Forbidden);
    expect(hits.length).toBe(before);
  });

  it('serves OpenWeather current conditions in the same units', async () => {
    await sql`DELETE FROM weather_cache`.execute(t.database.db);
    const app = await appWith({ WEATHER_PROVIDER: 'openweather', WEATHER_KEY: 'ow-secret-key', WEATHER_URL: base });
    const res = await weatherNow(app, site, szip);
    expect(res.json().data).toMatchObject({
      provider: 'openweather',
      reason: null,
      now: { condition: 'clear', text: 'clear sky', temp_c: 22.5, feels_like_c: 22.1, humidity_pct: 60, wind_speed_kmh: 10.8, wind_scale: 2, wind_dir: 'W', observed_at: new Date(1_795_000_000_000).toISOString() },
    });
    expect(res.body).not.toContain('ow-secret-key');
    const asked = hits.at(-1)!;
    expect(asked.pathname).toBe('/data/2.5/weather');
    expect(asked.searchParams.get('appid')).toBe('ow-secret-key');
    expect(asked.searchParams.get('units')).toBe('metric');
  });

  it('answers "no_key" without a key, and never asks anyone', async () => {
    const before = hits.length;
    const app = await appWith({});
    expect((await weatherNow(app, site, szip)).json()).toMatchObject({ code: 1, data: { project_id: szip, provider: null, now: null, reason: 'no_key', fetched_at: null } });
    expect(hits.length).toBe(before);
  });
});
