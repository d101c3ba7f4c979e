import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '@gridops/contract';
import { i18n } from '../test/setupI18n';
import { initialSession, useSession } from '../session/store';
import { feedback } from '../shared/ui/feedback';
import { ApiError, NO_RESPONSE, request, setSessionInvalidHandler } from './http';

const ok = (data: unknown, code = 1, msg = 'ok') => new Response(JSON.stringify({ code, msg, data }), { status: 200, headers: { 'content-type': 'application/json' } });

describe('HTTP client', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(async () => {
    await i18n.changeLanguage('zh');
    useSession.setState({ ...initialSession, token: 'tok', userType: 2, baseURL: 'http://api.test' });
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('sends version, devicetype, token and Accept-Language to the base URL', async () => {
    fetchMock.mockResolvedValue(ok({ a: 1 }));
    await expect(request('POST', '/api/v6/event/notice', { body: { project_id: 1 } })).resolves.toEqual({ a: 1 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://api.test/api/v6/event/notice');
    const h = init.headers as Record<string, string>;
    expect(h.version).toBe('1.0');
    expect(h.devicetype).toBe('worker');
    expect(h.token).toBe('tok');
    expect(h['Accept-Language']).toBe('zh-CN');
    expect(init.body).toBe(JSON.stringify({ project_id: 1 }));
  });

  it('uses devicetype pc for centre users and English when the UI is English', async () => {
    useSession.setState({ userType: 0 });
    await i18n.changeLanguage('en');
    fetchMock.mockResolvedValue(ok(null));
    await request('GET', '/api/v6/user/userinfo', { query: { a: 1, b: undefined } });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://api.test/api/v6/user/userinfo?a=1');
    expect((init.headers as Record<string, string>).devicetype).toBe('pc');
    expect((init.headers as Record<string, string>)['Accept-Language']).toBe('en');
  });

  it('code 10001 calls the logout handler', async () => {
    const onInvalid = vi.fn();
    setSessionInvalidHandler(onInvalid);
    fetchMock.mockResolvedValue(ok(null, 10001, '登录已失效'));
    await expect(request('GET', '/api/v6/user/userinfo')).rejects.toMatchObject({ code: 10001 });
    expect(onInvalid).toHaveBeenCalledTimes(1);
  });

  it("other codes are logged and the server's msg is shown, unless silent", async () => {
    const err = vi.spyOn(feedback, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(ok(null, 10004, '无权访问该资源'));
    await expect(request('GET', '/x')).rejects.toBeInstanceOf(ApiError);
    expect(err).toHaveBeenCalledWith('无权访问该资源');
    err.mockClear();
    fetchMock.mockResolvedValue(ok(null, 10002, 'bad'));
    await expect(request('POST', '/y', { body: {}, silent: true })).rejects.toMatchObject({ code: 10002, message: 'bad' });
    expect(err).not.toHaveBeenCalled();
  });

  it('no response → warning "请求无响应"', async () => {
    const warn = vi.spyOn(feedback, 'warning').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(request('GET', '/x')).rejects.toMatchObject({ code: NO_RESPONSE });
    expect(warn).toHaveBeenCalledWith('请求无响应');
  });

  it('times out after 30 000 ms with the no-response warning', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(feedback, 'warning').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const p = request('GET', '/slow');
    const assertion = expect(p).rejects.toMatchObject({ code: NO_RESPONSE });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(warn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
    expect(warn).toHaveBeenCalledWith('请求无响应');
  });

  it('a request that cannot be built → warning "发送请求时出现问题"', async () => {
    const warn = vi.spyOn(feedback, 'warning').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await expect(request('POST', '/x', { body: cyclic })).rejects.toBeInstanceOf(ApiError);
    expect(warn).toHaveBeenCalledWith('发送请求时出现问题');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
