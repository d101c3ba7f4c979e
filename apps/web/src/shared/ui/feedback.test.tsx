import { act, cleanup, render, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../test/setupI18n';
import { initialSession, useSession } from '../../session/store';
import { request } from '../../api/http';
import { FeedbackBridge } from './FeedbackBridge';

const envelope = (code: number, msg: string) => new Response(JSON.stringify({ code, msg, data: null }), { status: 200, headers: { 'content-type': 'application/json' } });
const notices = (text: string) => [...document.querySelectorAll('.ant-message-notice')].filter((n) => n.textContent?.includes(text));

describe('one pop-up per cause', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh');
    useSession.setState({ ...initialSession, token: 'tok', userType: 1, baseURL: 'http://api.test' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(
      <App>
        <FeedbackBridge />
      </App>,
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('three queries refused for the same reason show "无权访问该资源" once', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(envelope(10004, '无权访问该资源'))));
    await act(() => Promise.allSettled([request('GET', '/a'), request('GET', '/b'), request('POST', '/c')]));
    await waitFor(() => expect(notices('无权访问该资源').length).toBe(1));
  });

  it('two calls without an answer warn "请求无响应" once; a different cause still gets its own', async () => {
    const fetchMock = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    await act(() => Promise.allSettled([request('GET', '/a'), request('GET', '/b')]));
    fetchMock.mockImplementation(() => Promise.resolve(envelope(10003, '参数错误')) as never);
    await act(() => Promise.allSettled([request('GET', '/c')]));
    await waitFor(() => expect(notices('参数错误').length).toBe(1));
    expect(notices('请求无响应').length).toBe(1);
  });
});
