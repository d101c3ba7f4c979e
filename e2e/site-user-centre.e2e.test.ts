import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { click, dismissPending, open } from './support/console.js';

const baseUrl = inject('baseUrl');

/**
 * Issue 25 item 9: a site user holding every permission administers what is its own from /UserCenter — the
 * organisations it belongs to (read-only), the experts of its organisations, and members of its own organisation.
 */
describe('a site user’s user centre', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows its organisations read-only and the experts it may call on', async () => {
    const page = await newPage(browser, { lang: 'zh' });
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 5000, mayStayOpen: true });

    await open(page, '/UserCenter/OrganManage', 'org-manage');
    await page.getByTestId('org-tree').getByText('长江智造集团').first().waitFor();
    await page.getByText('只读：当前账号没有管理权限').waitFor();
    expect(await page.getByText('数据加载失败').count()).toBe(0);
    expect(await page.getByTestId('org-tree').getByText('西湖').count()).toBe(0);

    await open(page, '/UserCenter/ElecManage');
    await page.getByText('周建国').first().waitFor({ timeout: 20_000 });
    expect(await page.getByText('正在建设中').count()).toBe(0);
    await click(page, page.locator('[data-testid^="expert-open-"]').first());
    await page.getByTestId('expert-drawer').waitFor();
    // Reviewing and editing are a centre user's.
    expect(await page.getByTestId('expert-edit').count()).toBe(0);
    await page.context().close();
  });

  it('invites a worker into its own organisation on the first save', async () => {
    const username = `e2e-uc-${Date.now().toString(36)}`;
    const page = await newPage(browser, { lang: 'en' });
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
    await open(page, '/UserCenter/UserManage', 'members-page');
    await click(page, page.getByTestId('member-invite'));
    await page.getByTestId('member-username').fill(username);
    await page.getByTestId('member-name').fill('站级邀请成员');
    await page.getByTestId('member-name-en').fill('Site-invited member');
    // The one password policy, from the contract.
    await page.getByText('10 to 128 characters long').first().waitFor();
    await page.getByTestId('member-role').click();
    await page.locator('.ant-select-item-option', { hasText: 'Worker' }).click();
    await page.getByTestId('member-projects').click();
    await page.locator('.ant-select-item-option', { hasText: 'Suzhou' }).first().click();
    await page.keyboard.press('Escape');
    await page.getByTestId('member-save').click();
    await page.getByTestId('member-shown-password').waitFor();
    expect(await page.getByTestId('member-error').count()).toBe(0);
    await page.getByTestId('member-password-close').click();
    await page.locator('td', { hasText: username }).first().waitFor();
    await page.context().close();
  });
});
