import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue 12 item 1 and 10: a first start without the demo (SEED_DEMO=0, ADMIN_PASSWORD set) has one
 * administrator, who must change the password before the console opens; then the user-data page in zh and en,
 * with the language stored on the server (a new browser opens the console in it).
 */
const FIRST = 'First-Start-2026';
const CHANGED = 'Grid0ps-Admin!x';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: FIRST, ORG_NAME: '滨海能源', ORG_NAME_EN: 'Binhai Energy' }, { demo: false });
  browser = await launchBrowser();
}, 310_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The page and the server may be slow on a shared machine: wait up to this long for a state (not a timing check). */
const POLL = { timeout: 15_000 };

const text = (page: Page, testId: string) => page.getByTestId(testId).textContent();

describe('first start without the demo', () => {
  it('forces the bootstrap administrator to change the password, then shows the user data in zh and en', async () => {
    const page = await newPage(browser, { lang: 'zh' });
    // No demo accounts are advertised on a demo-free server.
    await page.goto(`${server.baseUrl}/Login`);
    await page.getByTestId('login-page').waitFor();
    expect(await page.getByTestId('demo-hint').count()).toBe(0);

    await loginAs(page, server.baseUrl, 'admin', FIRST);
    await page.getByTestId('force-password-change').waitFor();
    expect(await page.getByTestId('shell-header').count()).toBe(0);

    // The policy is checked in the form, as the server checks it.
    await page.getByTestId('old-password').fill(FIRST);
    await page.getByTestId('new-password').fill('admin');
    await page.getByTestId('confirm-password').fill('admin');
    await page.getByTestId('change-password').click();
    await page.getByText('长度 10–128 个字符；至少包含小写字母、大写字母、数字、符号中的 3 类；不能与用户名相同').first().waitFor();

    await page.getByTestId('new-password').fill(CHANGED);
    await page.getByTestId('confirm-password').fill(CHANGED);
    await page.getByTestId('change-password').click();
    await page.getByTestId('shell-header').waitFor({ timeout: 20_000 });

    await page.goto(`${server.baseUrl}/CentreUser`);
    await page.getByTestId('user-data-page').waitFor({ timeout: 20_000 });
    expect(await text(page, 'profile-username')).toBe('admin');
    await expect.poll(() => page.getByTestId('profile-card').textContent(), POLL).toContain('滨海能源');
    await expect.poll(() => page.locator('[data-current="1"]').count(), POLL).toBe(1);
    expect(await text(page, 'page-title')).toBe('用户资料');

    // English, stored on the server.
    await page.getByTestId('pref-en').click();
    await expect.poll(() => text(page, 'page-title'), POLL).toBe('User data');
    await expect.poll(() => page.getByTestId('profile-card').textContent(), POLL).toContain('Binhai Energy');
    const storedLanguage = () =>
      page.evaluate(async () => {
        const token = JSON.parse(window.sessionStorage.getItem('token') ?? '""') as string;
        const res = await fetch('/api/v6/user/userinfo', { headers: { version: '1.0', devicetype: 'pc', token } });
        return ((await res.json()) as { data: { language: string | null } }).data.language;
      });
    await expect.poll(storedLanguage, POLL).toBe('en');

    // A fresh Chinese browser: the console opens in the stored language.
    const other = await newPage(browser, { lang: 'zh' });
    await loginAs(other, server.baseUrl, 'admin', CHANGED);
    await other.getByTestId('shell-header').waitFor({ timeout: 20_000 });
    await expect.poll(() => other.evaluate(() => document.documentElement.lang), POLL).toBe('en');

    // Two sessions now; "sign out everywhere else" from the first ends the second.
    await page.reload();
    await page.getByTestId('user-data-page').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.locator('[data-testid^="session-"][data-current]').count(), POLL).toBe(2);
    await page.getByTestId('end-other-sessions').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.locator('[data-testid^="session-"][data-current]').count(), POLL).toBe(1);
    // The other browser is logged out at its next call.
    await other.goto(`${server.baseUrl}/CentreUser`);
    await other.waitForURL((u) => u.pathname.endsWith('/Login'), { timeout: 20_000 });

    await page.context().close();
    await other.context().close();
  });
});
