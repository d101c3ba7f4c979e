import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiLogin, apiLogout, apiUserInfoCode } from './support/api.js';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { dismissPending, readSession } from './support/console.js';

const baseUrl = inject('baseUrl');

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
    expect(await page.evaluate(readSession, 'token')).toBe(token);
    expect(await page.evaluate(readSession, 'userType')).toBe(0);
    expect(new URL(page.url()).search).toBe('');
    await page.context().close();
  });

  it('a query token with proid enters that site as a site user', async () => {
    const { token } = await apiLogin(baseUrl, 'centre');
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/SiteHome?token=${token}&proid=2`);
    await page.waitForURL((u) => u.pathname === '/SiteHome');
    await page.locator('[data-testid="site-home"][data-project="2"]').waitFor();
    expect(await page.evaluate(readSession, 'userType')).toBe(1);
    expect(await page.evaluate(readSession, 'proID')).toBe(2);
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
    const token = await page.evaluate(readSession, 'token');
    expect(await page.evaluate(() => window.__gridopsRoutes?.() ?? [])).toContain('/CentreEvents');
    await dismissPending(page);
    expect(await apiLogout(baseUrl, token as string)).toBe(1);
    // The next call the console makes answers 10001.
    await page.getByTestId('menu-CentreEvents').click();
    await page.waitForURL((u) => u.pathname === '/Login');
    const routes = await page.evaluate(() => window.__gridopsRoutes?.() ?? []);
    expect(routes).not.toContain('/CentreEvents');
    expect(routes).toEqual(expect.arrayContaining(['/Login', '*']));
    expect(await page.evaluate(readSession, 'token')).toBe('');
    expect(await page.evaluate(readSession, 'organID')).toBe(0);
    await page.context().close();
  });

  it('the user-menu logout revokes the token on the server', async () => {
    const page = await newPage(browser);
    await loginAs(page, baseUrl, 'site');
    await page.getByTestId('site-home').waitFor();
    const token = await page.evaluate(readSession, 'token');
    await dismissPending(page);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL((u) => u.pathname === '/Login');
    await expect.poll(() => apiUserInfoCode(baseUrl, token as string)).toBe(10001);
    await page.context().close();
  });
});
