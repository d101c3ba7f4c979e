import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { eventApi, meteringApi, noticeApi, userApi, type UserInfo } from '@gridops/contract';
import { initialSession, useSession } from '../session/store';
import { api } from './api';

const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 1, msg: 'ok', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

describe('api(route, input)', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  const call = (i = 0) => {
    const [url, init] = fetchMock.mock.calls[i] as [string, RequestInit];
    return {
      url,
      method: init.method,
      body: init.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown),
    };
  };
  beforeEach(() => {
    useSession.setState({ ...initialSession, token: 'tok', userType: 2, baseURL: 'http://api.test' });
    fetchMock = vi.fn().mockImplementation(() => Promise.resolve(ok({ total: 3, list: [] })));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends a GET's input as the query string, without empty values", async () => {
    await expect(
      api(eventApi.list, { project_id: 4, status: 'pending,handled', keyword: undefined, page: 2 }),
    ).resolves.toEqual({ total: 3, list: [] });
    expect(call()).toEqual({
      url: 'http://api.test/api/v6/event/list?project_id=4&status=pending%2Chandled&page=2',
      method: 'GET',
      body: undefined,
    });
  });

  it("sends a POST's input as the JSON body", async () => {
    await api(noticeApi.projectList, { project_id: 7, org_id: 2 });
    expect(call()).toEqual({
      url: 'http://api.test/api/v6/event/noticeList',
      method: 'POST',
      body: { project_id: 7, org_id: 2 },
    });
  });

  it('puts path parameters into the path and the rest into the body (PUT) or nowhere else (DELETE)', async () => {
    await api(meteringApi.updateNode, { id: 12, name: 'A/B' });
    expect(call(0)).toEqual({
      url: 'http://api.test/api/v6/energy/meterNode/12',
      method: 'PUT',
      body: { name: 'A/B' },
    });
    await api(meteringApi.deleteNode, { id: 13 });
    expect(call(1)).toEqual({
      url: 'http://api.test/api/v6/energy/meterNode/13',
      method: 'DELETE',
      body: undefined,
    });
  });

  it('sends an empty JSON object to a POST route without input (logout)', async () => {
    await api(userApi.logout, {}, { silent: true });
    expect(call()).toEqual({ url: 'http://api.test/api/v6/user/logout', method: 'POST', body: {} });
  });

  it("types input and answer from the route's schemas", () => {
    expectTypeOf(api(userApi.userInfo)).resolves.toEqualTypeOf<UserInfo>();
    expectTypeOf(api(eventApi.list, {})).resolves.toHaveProperty('total').toEqualTypeOf<number>();
    expectTypeOf<Parameters<typeof api<typeof eventApi.handle>>[1]>().toEqualTypeOf<{
      id: number;
      note: string;
    }>();
    // @ts-expect-error the body of event/handle needs `note`
    void api(eventApi.handle, { id: 1 }).catch(() => undefined);
    // @ts-expect-error path parameters are required
    void api(meteringApi.deleteNode, {}).catch(() => undefined);
  });
});
