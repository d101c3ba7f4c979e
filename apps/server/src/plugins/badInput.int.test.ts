import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gridops/contract';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../test-support/backends.js';

describe.each(backends)('bad input gets a clear 4xx on %s', (backend) => {
  let t: TestApp;
  let site: string;
  let szip: number;
  beforeAll(async () => {
    t = await startTestApp(backend);
    site = await loginAs(t.app, 'site');
    szip = (await t.database.db.selectFrom('projects').select('id').where('name_en', 'like', 'Suzhou%').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t?.close());

  const en = { 'accept-language': 'en' };

  it('refuses a NUL byte in an unauthenticated login with 10006 naming the field, in the caller language', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v6/user/login', headers: apiHeaders(undefined, en), payload: { username: 'si\u0000te', password: 'demo1234' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'username' } });
    expect(res.json().msg).toContain('username');
    const zh = await t.app.inject({ method: 'POST', url: '/api/v6/user/login', headers: apiHeaders(), payload: { username: 'site', password: 'x\u0000' } });
    expect(zh.json()).toMatchObject({ code: ErrorCode.Validation, msg: '参数错误：password 不能包含空字符（\\u0000）', data: { field: 'password' } });
  });

  it('refuses NUL in query strings, paths and nested body fields', async () => {
    const query = await t.app.inject({ method: 'GET', url: `/api/v6/event/list?project_id=${szip}&keyword=a%00b`, headers: apiHeaders(site, en) });
    expect(query.json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'keyword' } });
    const body = await t.app.inject({ method: 'POST', url: '/api/v6/event/acknowledge', headers: apiHeaders(site), payload: { ids: [1], note: 'ok\u0000' } });
    expect(body.json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'note' } });
  });

  it('answers the load rate of a device that is not a transformer with no rows, not a 500', async () => {
    const feeder = (await t.database.db.selectFrom('devices').select('id').where('project_id', '=', szip).where('sn', '=', 'F01').executeTakeFirstOrThrow()).id;
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const res = await t.app.inject({ method: 'GET', url: `/api/v6/analysis/load-rate?project_id=${szip}&from=${from}&to=${new Date().toISOString()}&device_id=${feeder}`, headers: apiHeaders(site) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 1, data: { rows: [] } });
  });

  it('refuses ids beyond PostgreSQL integer with 10006 naming the field', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v6/distribution/room/2147483648/diagram', headers: apiHeaders(site, en) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'room_id' } });
    const list = await t.app.inject({ method: 'GET', url: `/api/v6/history/stats?point_ids=1,99999999999&from=${new Date(0).toISOString()}&to=${new Date().toISOString()}&period=day`, headers: apiHeaders(site) });
    expect(list.json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'point_ids' } });
  });
});
