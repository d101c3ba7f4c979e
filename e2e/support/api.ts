import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { sessionValue } from './console.js';

/** The headers every console API call carries (`token` empty before login). */
export const apiHeaders = (token = '') => ({
  'content-type': 'application/json',
  version: '1.0',
  devicetype: 'pc',
  token,
});

/** The server's answer envelope. */
export interface ApiReply<T> {
  code: number;
  msg: string;
  data: T;
}

export interface PageApiOptions {
  /** HTTP method; POST by default. */
  method?: string;
  /** JSON body; none (and no content-type) when undefined. */
  body?: unknown;
  /** Sent as `accept-language` when given. */
  lang?: string;
}

/** The same API the page calls, from Node, with the page's own token (from sessionStorage). Resolves the whole reply. */
export async function pageApi<T>(
  page: Page,
  baseUrl: string,
  path: string,
  { method = 'POST', body, lang }: PageApiOptions = {},
): Promise<ApiReply<T>> {
  const token = await sessionValue<string>(page, 'token', '');
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      version: '1.0',
      devicetype: 'pc',
      token,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(lang === undefined ? {} : { 'accept-language': lang }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as ApiReply<T>;
}

/** As `pageApi`, expecting success (code 1), and resolves the data. */
export async function pageApiData<T>(
  page: Page,
  baseUrl: string,
  path: string,
  options: PageApiOptions = {},
): Promise<T> {
  const reply = await pageApi<T>(page, baseUrl, path, options);
  expect(reply.code).toBe(1);
  return reply.data;
}

/**
 * Clears a user's stored language preference (PUT /account/language null): a test that switches the header's
 * language stores it on the server, and later tests of the same user on the shared server would open in it.
 */
export async function clearLanguagePreference(baseUrl: string, username: string, password = 'demo1234'): Promise<void> {
  const login = await fetch(`${baseUrl}/api/v6/user/login`, { method: 'POST', headers: apiHeaders(), body: JSON.stringify({ username, password }) });
  const { data } = (await login.json()) as ApiReply<{ token: string }>;
  const put = await fetch(`${baseUrl}/api/v6/account/language`, { method: 'PUT', headers: apiHeaders(data.token), body: JSON.stringify({ language: null }) });
  expect(((await put.json()) as ApiReply<null>).code).toBe(1);
  await fetch(`${baseUrl}/api/v6/user/logout`, { method: 'POST', headers: apiHeaders(data.token), body: '{}' });
}
