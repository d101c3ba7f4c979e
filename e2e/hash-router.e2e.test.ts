import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Spec §2: hash-based history is an option. A second server with `ROUTER_MODE=hash` (config.json
 * `routerMode: "hash"`) must give the same console with its routes behind `#`.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ ROUTER_MODE: 'hash', SIMULATOR: 'off', SEED_HISTORY_DAYS: '0' });
  browser = await launchBrowser();
  // A second server's start: 154 s seen on a loaded machine; startServer itself gives up at 300 s.
}, 310_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('hash router mode', () => {
  it('serves routes behind # when config.json says routerMode "hash"', async () => {
    const config = (await (await fetch(`${server.baseUrl}/config.json`)).json()) as { routerMode: string };
    expect(config.routerMode).toBe('hash');

    const page = await newPage(browser, { lang: 'zh' });
    await page.goto(`${server.baseUrl}/`);
    // No token: the guard sends the visitor to the login route, inside the hash.
    await page.waitForURL((u) => u.hash === '#/Login');
    await page.getByTestId('login-username').fill('centre');
    await page.getByTestId('login-password').fill('demo1234');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.hash.startsWith('#/CentreHome'));
    await page.getByTestId('centre-home').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // Navigating by hash reaches a role route, with its title.
    await page.goto(`${server.baseUrl}/#/CentreEvents`);
    await expect.poll(() => page.getByTestId('page-title').textContent(), { timeout: 15_000 }).toBe('事件管理');
    expect(new URL(page.url()).hash).toBe('#/CentreEvents');
    await page.context().close();
  });
});
