import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ErrorCode } from '@gridops/contract';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';

describe.each(backends)('user API on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = apiHeaders()) =>
    t.app.inject({ method: 'POST', url, headers, payload: payload as object });

  it('logs in and returns token, userType and the spec user info', async () => {
    const res = await post('/api/v6/user/login', { username: 'centre', password: 'demo1234' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(1);
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.data.userType).toBe(0);
    expect(body.data.userInfo).toMatchObject({ username: 'centre', userType: 0, mqtt: { username: expect.stringMatching(/^session-\d+$/) } });
    expect(typeof body.data.userInfo.org_id).toBe('number');
    expect(body.data.userInfo.mqtt.pass.length).toBeGreaterThan(10);

    const info = await t.app.inject({ method: 'GET', url: '/api/v6/user/userinfo', headers: apiHeaders(body.data.token) });
    expect(info.json()).toMatchObject({ code: 1, data: { id: body.data.userInfo.id, org_id: body.data.userInfo.org_id } });
  });

  it('gives the site user its one project and the worker its three', async () => {
    const site = await t.app.inject({ method: 'GET', url: '/api/v6/user/userinfo', headers: apiHeaders(await loginAs(t.app, 'site')) });
    expect(site.json().data).toMatchObject({ userType: 1, project_ids: [expect.any(Number)] });
    expect(site.json().data.project_id).toBe(site.json().data.project_ids[0]);
    const worker = await t.app.inject({ method: 'GET', url: '/api/v6/user/userinfo', headers: apiHeaders(await loginAs(t.app, 'worker')) });
    expect(worker.json().data.userType).toBe(2);
    expect(worker.json().data.project_ids).toHaveLength(3);
  });

  it('answers a wrong password or unknown user with 10002 in the caller language', async () => {
    const wrong = await post('/api/v6/user/login', { username: 'worker', password: 'nope' });
    expect(wrong.json()).toEqual({ code: ErrorCode.BadCredentials, msg: '用户名或密码错误', data: null });
    const unknown = await post('/api/v6/user/login', { username: 'nobody', password: 'nope' }, apiHeaders(undefined, { 'accept-language': 'en-US,en;q=0.9' }));
    expect(unknown.json()).toMatchObject({ code: ErrorCode.BadCredentials, msg: 'Wrong username or password' });
  });

  it('stops a username after five failures from one address, even with the right password', async () => {
    const login = (password: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/v6/user/login', headers: apiHeaders(), remoteAddress, payload: { username: 'site', password } });
    for (let i = 0; i < 5; i++) {
      expect((await login(`bad${i}`, '203.0.113.7')).json().code).toBe(ErrorCode.BadCredentials);
    }
    const blocked = await login('demo1234', '203.0.113.7');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe(ErrorCode.TooManyAttempts);
    // Another address is not affected.
    expect((await login('demo1234', '203.0.113.8')).json().code).toBe(1);
  });

  it('answers no, unknown, revoked and expired tokens with 10001', async () => {
    const get = (token?: string) => t.app.inject({ method: 'GET', url: '/api/v6/user/userinfo', headers: apiHeaders(token) });
    expect((await get()).json().code).toBe(ErrorCode.SessionInvalid);
    expect((await get('not-a-real-token')).json().code).toBe(ErrorCode.SessionInvalid);

    const token = await loginAs(t.app, 'centre');
    expect((await get(token)).json().code).toBe(1);
    const out = await t.app.inject({ method: 'POST', url: '/api/v6/user/logout', headers: apiHeaders(token) });
    expect(out.json().code).toBe(1);
    expect((await get(token)).json().code).toBe(ErrorCode.SessionInvalid);

    const token2 = await loginAs(t.app, 'centre');
    await sql`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE revoked_at IS NULL`.execute(t.database.db);
    const expired = await get(token2);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe(ErrorCode.SessionInvalid);
  });

  it('requires the version and devicetype headers on every API call', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v6/user/login', payload: { username: 'centre', password: 'demo1234' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ErrorCode.BadHeaders, data: { field: 'version' } });
    const badDevice = await post('/api/v6/user/login', { username: 'centre', password: 'demo1234' }, { version: '1.0', devicetype: 'phone' });
    expect(badDevice.json()).toMatchObject({ code: ErrorCode.BadHeaders, data: { field: 'devicetype' } });
  });

  it('answers malformed JSON and wrong field types with a clear non-1 code, never a 500', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v6/user/login',
      headers: { ...apiHeaders(), 'content-type': 'application/json' },
      payload: '{"username": "centre",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: ErrorCode.BadJson, msg: '请求体不是有效的 JSON' });

    const wrongType = await post('/api/v6/user/login', { username: 42, password: 'x' }, apiHeaders(undefined, { 'accept-language': 'en' }));
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'username' } });
    expect(wrongType.json().msg).toContain('username');

    const empty = await post('/api/v6/user/login', { username: '', password: 'x' });
    expect(empty.json()).toMatchObject({ code: ErrorCode.Validation, msg: '参数错误：username 不能为空' });

    const notObject = await t.app.inject({
      method: 'POST',
      url: '/api/v6/user/login',
      headers: { ...apiHeaders(), 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(notObject.statusCode).toBeLessThan(500);
    expect(notObject.json().code).not.toBe(1);
  });

  it('serves config.json and the OpenAPI document generated from the route schemas', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(config.json()).toMatchObject({ baseURL: '', routerMode: 'history', mqttWsPath: '/mqtt' });
    // The weather provider's key stays on the server (weather comes through POST /api/v6/weather/now).
    expect(config.json()).not.toHaveProperty('weatherKey');
    expect(config.json()).not.toHaveProperty('weatherURL');
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(doc.json().paths)).toEqual(expect.arrayContaining(['/api/v6/user/login', '/api/v6/user/userinfo', '/api/v6/event/noticeList']));
  });

  it('answers unknown API paths with 10001 before login and the 10005 envelope after', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v6/nothing/here', headers: apiHeaders() });
    expect(anonymous.json().code).toBe(ErrorCode.SessionInvalid);
    const res = await t.app.inject({ method: 'GET', url: '/api/v6/nothing/here', headers: apiHeaders(await loginAs(t.app, 'centre')) });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(ErrorCode.NotFound);
  });
});
