/**
 * Screenshots of the organisation tree, project administration and station settings, zh and en:
 * docs/screenshots/org-admin/<page>-<zh|en>.png.
 * Usage: npx tsx e2e/screenshots/org-admin.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 */
import path from 'node:path';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, dismissPending, open, screenshotBaseUrl, screenshotDir } from '../support/console.js';

const baseUrl = screenshotBaseUrl;
const dir = path.join(screenshotDir, 'org-admin');

async function save(page: Page, name: string) {
  await page.waitForTimeout(1200);
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
  console.log('wrote', name);
}

async function capture(browser: Browser, lang: 'zh' | 'en') {
  const centre = await newPage(browser, { lang, width: 1440, height: 860 });
  await loginAs(centre, baseUrl, 'centre');
  await dismissPending(centre, { waitMs: 5000, mayStayOpen: true });
  await open(centre, '/CentreUser/CentreOrganManage', 'org-manage', { loading: 'state-loading' });
  await centre.locator('[data-testid^="org-node-"]').nth(1).click();
  await centre.getByTestId('org-details').waitFor();
  await centre.getByTestId('org-delete').click();
  await centre.getByText(lang === 'zh' ? '确定删除该组织？' : 'Delete this organisation?').waitFor();
  await centre.locator('.ant-popconfirm .ant-btn-primary').click();
  await centre.getByTestId('org-error').waitFor();
  await save(centre, `organisations-${lang}`);

  await open(centre, '/CentreUser/CentreProjectManage', 'project-manage', { loading: 'state-loading' });
  await centre.locator('[data-testid^="project-edit-"]').nth(1).click();
  await centre.getByTestId('project-form').waitFor();
  await save(centre, `projects-${lang}`);
  await centre.context().close();

  const site = await newPage(browser, { lang, width: 1440, height: 860 });
  await loginAs(site, baseUrl, 'site');
  await dismissPending(site, { waitMs: 5000, mayStayOpen: true });
  await open(site, '/RunSetup/StationSet', 'project-form', { loading: 'state-loading' });
  await save(site, `station-set-${lang}`);
  await site.context().close();
}

await captureAll(capture);
