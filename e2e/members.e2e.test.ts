import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { pageApiData } from './support/api.js';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { click, dismissPending, open, sessionValue } from './support/console.js';

const baseUrl = inject('baseUrl');

describe('members', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the administrator invites a site user for one project; that user logs in and sees only that project', async () => {
    const username = `e2e-${Date.now().toString(36)}`;
    const admin = await newPage(browser, { lang: 'zh' });
    await loginAs(admin, baseUrl, 'centre');
    await dismissPending(admin, { waitMs: 5000, mayStayOpen: true });
    await open(admin, '/CentreUser/CentreUserManage', 'members-page');
    await click(admin, admin.getByTestId('member-invite'));
    await admin.getByTestId('member-username').fill(username);
    await admin.getByTestId('member-name').fill('端到端成员');
    // Every name a test creates has its English form: english-everywhere reads the same server.
    await admin.getByTestId('member-name-en').fill('E2E member');
    await admin.getByTestId('member-projects').click();
    await admin.locator('.ant-select-item-option', { hasText: '苏州工业园光储充站' }).click();
    await admin.keyboard.press('Escape');
    await admin.getByTestId('member-save').click();
    // The first-login password, shown once.
    const shown = admin.getByTestId('member-shown-password');
    await shown.waitFor();
    const password = (await shown.innerText()).trim();
    expect(password).toMatch(/^\S{12}$/);
    await admin.getByTestId('member-password-close').click();
    await admin.locator('td', { hasText: username }).first().waitFor();
    await admin.context().close();

    const member = await newPage(browser, { lang: 'zh' });
    await loginAs(member, baseUrl, username, password);
    // An invited member must replace the first-login password before anything else (account, docs/onboarding.md).
    await member.getByTestId('force-password-change').waitFor({ timeout: 20_000 });
    const chosen = `E2e-${password}`;
    await member.getByTestId('old-password').fill(password);
    await member.getByTestId('new-password').fill(chosen);
    await member.getByTestId('confirm-password').fill(chosen);
    await member.getByTestId('change-password').click();
    await member.getByTestId('shell-header').waitFor({ timeout: 20_000 });
    await member.waitForURL((u) => u.pathname === '/SiteHome');
    const tree = await pageApiData<{ projects: { id: number; name: string }[]; children: unknown[] }[]>(member, baseUrl, '/api/v6/org/tree', { method: 'GET' });
    const flat = (nodes: { projects: { id: number; name: string }[]; children: unknown[] }[]): { id: number; name: string }[] =>
      nodes.flatMap((n) => [...n.projects, ...flat(n.children as typeof nodes)]);
    const visible = flat(tree);
    expect(visible.map((p) => p.name)).toEqual(['苏州工业园光储充站']);
    expect(await sessionValue(member, 'proID')).toBe(visible[0]!.id);
    await member.locator(`[data-testid="site-home"][data-project="${visible[0]!.id}"]`).waitFor();
    // Another site of the same group is refused.
    const list = await pageApiData<{ total: number }>(member, baseUrl, '/api/v6/project/list', { method: 'GET' });
    expect(list.total).toBe(1);
    await member.context().close();
  });
});
