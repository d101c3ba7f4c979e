import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pageApi } from './support/api.js';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { click, dismissPending, open } from './support/console.js';

const baseUrl = inject('baseUrl');

interface AdminOrg {
  id: number;
  parent_id: number | null;
  name: string;
  name_en: string;
  tier: number;
  version: number;
}
const orgList = async (page: Page) => (await pageApi<AdminOrg[]>(page, baseUrl, '/api/v6/admin/org/list', { method: 'GET' })).data;

describe('organisation and project administration', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('centre: creates an organisation and a project in the console; the project appears in the site selector', async () => {
    const page = await newPage(browser, { lang: 'zh' });
    // The site selector's tree is re-fetched after each save; it is opened only once no such fetch is under way
    // (a refetch landing while the dropdown is open re-renders it under the pointer).
    let treeFetches = 0;
    const isTree = (u: string) => new URL(u).pathname === '/api/v6/org/tree';
    page.on('request', (r) => void (isTree(r.url()) && treeFetches++));
    page.on('requestfinished', (r) => void (isTree(r.url()) && treeFetches--));
    page.on('requestfailed', (r) => void (isTree(r.url()) && treeFetches--));
    await loginAs(page, baseUrl, 'centre');
    await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
    const suffix = String(Date.now()).slice(-6);
    const orgName = `E2E 集团 ${suffix}`;
    const projectName = `E2E 光储站 ${suffix}`;
    let created: AdminOrg | undefined;
    try {
      // The organisation: a group customer under the regional root, through the tree page.
      await open(page, '/CentreUser/CentreOrganManage', 'org-manage');
      const root = (await orgList(page)).find((o) => o.parent_id === null)!;
      await click(page, page.getByTestId(`org-node-${root.id}`));
      await click(page, page.getByTestId('org-add-child'));
      await page.getByTestId('org-new-name').fill(orgName);
      await page.getByTestId('org-new-name-en').fill(`E2E Group ${suffix}`);
      await page.getByTestId('org-new-save').click();
      await page.getByTestId('org-tree').getByText(orgName).waitFor();
      created = (await orgList(page)).find((o) => o.name === orgName);
      expect(created).toMatchObject({ parent_id: root.id, tier: 2 });

      // The project in it, through the project page's form.
      await open(page, '/CentreUser/CentreProjectManage', 'project-manage');
      await click(page, page.getByTestId('project-add'));
      await page.getByTestId('field-name').fill(projectName);
      await page.getByTestId('field-name_en').fill(`E2E PV-storage ${suffix}`);
      await click(page, page.getByTestId('field-org_id'));
      await page.keyboard.type(orgName);
      await page.keyboard.press('Enter');
      // The offline map picks the coordinates: a click fills both fields (the typed values below replace them).
      await page.getByTestId('location-map').click({ position: { x: 140, y: 110 } });
      await expect.poll(() => page.getByTestId('field-latitude').inputValue(), { timeout: 10_000 }).toMatch(/^-?\d+(\.\d+)?$/);
      expect(await page.getByTestId('field-longitude').inputValue()).toMatch(/^-?\d+(\.\d+)?$/);
      await page.getByTestId('field-latitude').fill('30.5');
      await page.getByTestId('field-longitude').fill('114.3');
      await page.getByTestId('project-save').click();
      // Saved: the drawer turns into the edit form of the new project, which offers rooms.
      await page.getByTestId('room-add').waitFor();
      await page.getByTestId('room-new-name').fill('1# 配电房');
      await page.getByTestId('room-new-name-en').fill('Distribution room 1');
      await page.getByTestId('room-add').click();
      await page.locator('[data-testid^="room-"] input[value="1# 配电房"]').waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId('project-form').waitFor({ state: 'detached' });
      await page.locator('.ant-drawer-mask').waitFor({ state: 'hidden' });
      // The header's site selector lists it without a reload; choosing it opens its site home.
      const option = page.locator('.ant-select-tree-title', { hasText: projectName }).first();
      for (let attempt = 1; ; attempt++) {
        await expect.poll(() => treeFetches, { timeout: 20_000 }).toBe(0);
        await click(page, page.getByTestId('site-selector'));
        await page.getByTestId('site-selector').locator('input').fill(projectName);
        // A refetch that still lands closes the dropdown under the pointer: open it again (at most three times).
        const chosen = await option.click({ timeout: 10_000 }).then(
          () => true,
          (e: unknown) => {
            if (attempt >= 3) throw e;
            return false;
          },
        );
        if (chosen) break;
        await page.keyboard.press('Escape');
      }
      await page.waitForURL((u) => u.pathname === '/SiteHome');
    } finally {
      // Leave the shared demo as it was for other files: a disabled organisation's project is out of every scope.
      if (created) {
        const now = (await orgList(page)).find((o) => o.id === created!.id)!;
        const off = await pageApi(page, baseUrl, `/api/v6/admin/org/${now.id}`, {
          method: 'PUT',
          body: { name: now.name, name_en: now.name_en, tier: now.tier, enabled: false, version: now.version },
        });
        expect(off.code).toBe(1);
      }
      await page.context().close();
    }
  }, 120_000);
});
