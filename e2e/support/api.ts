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
