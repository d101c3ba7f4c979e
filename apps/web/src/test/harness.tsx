import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, waitFor, type RenderResult } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { initialSession, patchSession, type SessionState } from '../session/store';
import { FeedbackBridge } from '../shared/ui/FeedbackBridge';
import { i18n } from './setupI18n';

// Pages load lazily (antd, charts) and the machine may be busy: wait for content rather than fail early.
configure({ asyncUtilTimeout: 15_000 });

/** A mocked answer: fixed data, or computed from the request's JSON body and URL. */
export type MockAnswer = ((body: unknown, url: URL) => unknown) | Record<string, unknown> | unknown[] | string | number | boolean | null;

/**
 * The API as the pages see it: `fetch` answers with the server's envelope `{ code: 1, msg, data }` for the
 * routes given (key `"POST /api/v6/energy/carbon"` or just the path), so the real HTTP client, its headers and
 * its error handling run. A call to a route not given answers with an error and is listed in `unmocked`.
 */
export function mockApi(routes: Record<string, MockAnswer>) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  const unmocked: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body });
    const key = [`${method} ${url.pathname}`, url.pathname].find((k) => k in routes);
    if (key === undefined) {
      unmocked.push(`${method} ${url.pathname}`);
      return Response.json({ code: 50000, msg: `unmocked ${method} ${url.pathname}`, data: null });
    }
    const answer = routes[key];
    const data: unknown = typeof answer === 'function' ? answer(body, url) : answer;
    return Response.json({ code: 1, msg: 'ok', data });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, unmocked };
}

/** A logged-in site user on project 1 of organisation 1, unless the test says otherwise. */
export const siteSession: Partial<SessionState> = {
  token: 'test-token',
  userType: 1,
  organID: 1,
  proID: 1,
  baseURL: 'http://console.test',
};
export const centreSession: Partial<SessionState> = { ...siteSession, userType: 0, proID: null };

export interface RenderPageOptions {
  lang?: 'zh' | 'en';
  session?: Partial<SessionState>;
  /** The route the page is shown at and its handle key (pages that read their route's handle). */
  path?: string;
  pageKey?: string;
}

/**
 * Renders one page as the console does (antd App with the console's locale, a fresh QueryClient without
 * retries, a memory router, the session store and i18n in the chosen language).
 */
export async function renderPage(page: ReactElement, opts: RenderPageOptions = {}): Promise<RenderResult> {
  await i18n.changeLanguage(opts.lang ?? 'zh');
  window.sessionStorage.clear();
  patchSession({ ...initialSession, ...(opts.session ?? siteSession) });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  const path = opts.path ?? '/page';
  const router = createMemoryRouter(
    [{ path, element: page, handle: { key: opts.pageKey ?? 'Test', area: 'site', type: 'nobj' } }, { path: '*', element: null }],
    { initialEntries: [path] },
  );
  return render(
    <ConfigProvider locale={opts.lang === 'en' ? enUS : zhCN}>
      <AntApp>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>,
  );
}

/** Call in `afterEach`: unmount, restore `fetch`, clear the session. */
export function resetHarness() {
  cleanup();
  vi.unstubAllGlobals();
  patchSession({ ...initialSession });
}

/** Waits until the page shows every text given (a title, a figure…), however antd splits it into elements. */
export async function expectTexts(...texts: string[]) {
  await waitFor(() => {
    const shown = document.body.textContent ?? '';
    const missing = texts.filter((x) => !shown.includes(x));
    if (missing.length) throw new Error(`not shown: ${missing.join(' | ')}\n--- page text ---\n${shown.slice(0, 1500)}`);
  });
}

/** Han characters (CJK unified ideographs and extension A). */
export const HAN = /[\u3400-\u9fff]/;

/** In English the page text has no Chinese character and no "10k" unit (issue 11 item 6). */
export async function expectEnglishOnly() {
  await waitFor(() => {
    const shown = document.body.textContent ?? '';
    const han = shown.match(new RegExp(`.{0,30}${HAN.source}.{0,30}`))?.[0];
    if (han) throw new Error(`Chinese text in English: ${han}`);
    const tenK = shown.match(/.{0,30}10k.{0,30}/)?.[0];
    if (tenK) throw new Error(`"10k" unit in English: ${tenK}`);
  });
}
