import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { apiHeaders } from './support/api.js';
import { click, dismissPending, sessionValue } from './support/console.js';

const baseUrl = inject('baseUrl');

/** Node-side calls to the server (login for query-token entry, token revocation). */
async function apiLogin(baseUrl: string, username: string, password = 'demo1234'): Promise<{ token: string; userInfo: { id: number; org_id: number; project_id?: number | null; project_ids: number[] } }> {
  const res = await fetch(`${baseUrl}/api/v6/user/login`, { method: 'POST', headers: apiHeaders(), body: JSON.stringify({ username, password }) });
  const body = (await res.json()) as { code: number; data: { token: string; userInfo: { id: number; org_id: number; project_ids: number[] } } };
  if (body.code !== 1) throw new Error(`login ${username} failed: ${JSON.stringify(body)}`);
  return body.data;
}

async function apiLogout(baseUrl: string, token: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/v6/user/logout`, { method: 'POST', headers: apiHeaders(token), body: '{}' });
  return ((await res.json()) as { code: number }).code;
}

async function apiUserInfoCode(baseUrl: string, token: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/v6/user/userinfo`, { headers: apiHeaders(token) });
  return ((await res.json()) as { code: number }).code;
}


describe('route guard and logout', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a query token without proid enters as a centre user', async () => {
    const { token } = await apiLogin(baseUrl, 'centre');
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/?token=${token}`);
    await page.waitForURL((u) => u.pathname === '/CentreHome');
    await page.getByTestId('centre-home').waitFor();
    expect(await sessionValue(page, 'token')).toBe(token);
    expect(await sessionValue(page, 'userType')).toBe(0);
    expect(new URL(page.url()).search).toBe('');
    await page.context().close();
  });

  it('a query token with proid enters that site as a site user', async () => {
    const { token } = await apiLogin(baseUrl, 'centre');
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/SiteHome?token=${token}&proid=2`);
    await page.waitForURL((u) => u.pathname === '/SiteHome');
    await page.locator('[data-testid="site-home"][data-project="2"]').waitFor();
    expect(await sessionValue(page, 'userType')).toBe(1);
    expect(await sessionValue(page, 'proID')).toBe(2);
    // userType 1 registers site routes only.
    const routes = await page.evaluate(() => window.__gridopsRoutes?.() ?? []);
    expect(routes).toContain('/SiteHome');
    expect(routes).not.toContain('/CentreHome');
    await page.context().close();
  });

  it('a revoked token (code 10001) logs out and removes the role routes', async () => {
    const page = await newPage(browser);
    await loginAs(page, baseUrl, 'centre');
    await page.getByTestId('centre-home').waitFor();
    const token = await sessionValue(page, 'token');
    expect(await page.evaluate(() => window.__gridopsRoutes?.() ?? [])).toContain('/CentreEvents');
    await dismissPending(page, { waitMs: 8_000, mayStayOpen: true });
    expect(await apiLogout(baseUrl, token as string)).toBe(1);
    // The next call the console makes answers 10001.
    await click(page, page.getByTestId('menu-CentreEvents'));
    await page.waitForURL((u) => u.pathname === '/Login');
    const routes = await page.evaluate(() => window.__gridopsRoutes?.() ?? []);
    expect(routes).not.toContain('/CentreEvents');
    expect(routes).toEqual(expect.arrayContaining(['/Login', '*']));
    expect(await sessionValue(page, 'token')).toBe('');
    expect(await sessionValue(page, 'organID')).toBe(0);
    await page.context().close();
  });

  it('the user-menu logout revokes the token on the server', async () => {
    const page = await newPage(browser);
    await loginAs(page, baseUrl, 'site');
    await page.getByTestId('site-home').waitFor();
    const token = await sessionValue(page, 'token');
    await dismissPending(page, { waitMs: 8_000, mayStayOpen: true });
    await click(page, page.getByTestId('user-menu'));
    await page.getByTestId('logout').click();
    await page.waitForURL((u) => u.pathname === '/Login');
    await expect.poll(() => apiUserInfoCode(baseUrl, token as string)).toBe(10001);
    await page.context().close();
  });
});

declare global {
  interface Window {
    /** Exposed by the console's router: the registered route paths. */
    __gridopsRoutes?: () => string[];
  }
}
