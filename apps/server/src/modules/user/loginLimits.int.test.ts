import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ErrorCode } from '@gridops/contract';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';

const codes = (bodies: { code: number }[]) => {
  const counted: Record<number, number> = {};
  for (const b of bodies) counted[b.code] = (counted[b.code] ?? 0) + 1;
  return counted;
};

describe.each(backends)('login limits on %s', (backend) => {
  let t: TestApp;
  let behindProxy: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
    // A deployment whose reverse proxy runs at 10.9.0.1.
    behindProxy = await startTestApp(backend, { env: { TRUST_PROXY: '10.9.0.1' } });
  });
  afterAll(async () => {
    await t?.close();
    await behindProxy?.close();
  });

  const login = (app: TestApp, username: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'POST', url: '/api/v6/user/login', headers: apiHeaders(undefined, headers), remoteAddress, payload: { username, password } });

  it('ignores X-Forwarded-For from a client that is not a configured proxy', async () => {
    const answers = [];
    for (let i = 0; i < 40; i++) {
      answers.push((await login(t, 'worker', `guess-${i}`, '198.51.100.20', { 'x-forwarded-for': `203.0.113.${i + 1}` })).json());
    }
    expect(codes(answers)).toEqual({ [ErrorCode.BadCredentials]: 5, [ErrorCode.TooManyAttempts]: 35 });
  });

  it('believes X-Forwarded-For from the configured proxy only', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login(behindProxy, 'worker', `guess-${i}`, '10.9.0.1', { 'x-forwarded-for': '203.0.113.50' })).json().code).toBe(ErrorCode.BadCredentials);
    }
    expect((await login(behindProxy, 'worker', 'demo1234', '10.9.0.1', { 'x-forwarded-for': '203.0.113.50' })).json().code).toBe(ErrorCode.TooManyAttempts);
    // Another client behind the same proxy is another address.
    expect((await login(behindProxy, 'worker', 'demo1234', '10.9.0.1', { 'x-forwarded-for': '203.0.113.51' })).json().code).toBe(1);
    // The same header from elsewhere is ignored: the connecting address is the client.
    const direct = await login(behindProxy, 'worker', 'demo1234', '198.51.100.30', { 'x-forwarded-for': '203.0.113.50' });
    expect(direct.json().code).toBe(1);
  });

  it('counts parallel wrong logins atomically: 30 at once, exactly 5 get to try a password', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(t, 'centre', `parallel-${i}`, '198.51.100.40')));
    expect(codes(answers.map((a) => a.json()))).toEqual({ [ErrorCode.BadCredentials]: 5, [ErrorCode.TooManyAttempts]: 25 });
    expect((await login(t, 'centre', 'demo1234', '198.51.100.40')).json().code).toBe(ErrorCode.TooManyAttempts);
  });

  it('stops an address after six times the limit over many usernames, and a right password takes its attempt back', async () => {
    const ip = '198.51.100.60';
    // Right passwords do not use up the limit.
    for (let i = 0; i < 8; i++) expect((await login(t, 'site', 'demo1234', ip)).json().code).toBe(1);
    for (let i = 0; i < 30; i++) expect((await login(t, `nobody-${i}`, 'x', ip)).json().code).toBe(ErrorCode.BadCredentials);
    expect((await login(t, 'site', 'demo1234', ip)).json().code).toBe(ErrorCode.TooManyAttempts);
  });

  it('starts again once the window has passed', async () => {
    const ip = '198.51.100.70';
    for (let i = 0; i < 6; i++) await login(t, 'xihu', `w-${i}`, ip);
    expect((await login(t, 'xihu', 'demo1234', ip)).json().code).toBe(ErrorCode.TooManyAttempts);
    await sql`UPDATE login_limits SET window_start = now() - interval '16 minutes' WHERE ip = ${ip}`.execute(t.database.db);
    expect((await login(t, 'xihu', 'demo1234', ip)).json().code).toBe(1);
  });

  it('counts wrong control passwords (select → execute) against the same limit', async () => {
    const ip = '198.51.100.80';
    const db = t.database.db;
    const token = await loginAs(t.app, 'site');
    const project = (await db.selectFrom('projects').select('id').where('name_en', 'like', 'Suzhou%').executeTakeFirstOrThrow()).id;
    const feeder = (await db.selectFrom('devices').select(['id', 'gateway_id']).where('project_id', '=', project).where('sn', '=', 'F01').executeTakeFirstOrThrow());
    // Its gateway reports as online (no broker in this test: the command itself is never sent).
    await db.updateTable('gateways').set({ online: true }).where('id', '=', feeder.gateway_id!).execute();
    const call = async (url: string, payload: object) =>
      (await t.app.inject({ method: 'POST', url, headers: apiHeaders(token), remoteAddress: ip, payload })).json();
    const answers = [];
    for (let i = 0; i < 25; i++) {
      const sel = await call('/api/v6/control/select', { device_id: feeder.id, action: 'open' });
      expect(sel.code).toBe(1);
      answers.push(await call('/api/v6/control/execute', { selection_id: sel.data.selection_id, password: `guess-${i}` }));
    }
    expect(codes(answers)).toEqual({ [ErrorCode.BadCredentials]: 5, [ErrorCode.TooManyAttempts]: 20 });
    // The same username from the same address cannot log in either.
    expect((await login(t, 'site', 'demo1234', ip)).json().code).toBe(ErrorCode.TooManyAttempts);
  });
});
