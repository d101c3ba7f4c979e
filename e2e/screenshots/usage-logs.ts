/**
 * Screenshots of the usage log, zh and en: docs/screenshots/usage-logs/{list,diff}-<zh|en>.png.
 * A member edit is made first (so the log holds a diff to show). Usage: npx tsx e2e/screenshots/usage-logs.ts [url]
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, dismissPending, open, screenshotBaseUrl, screenshotDir, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;

async function capture(browser: Browser, lang: 'zh' | 'en') {
  fs.mkdirSync(path.join(screenshotDir, 'usage-logs'), { recursive: true });
  const page = await newPage(browser, { lang });
  await loginAs(page, baseUrl, 'centre');
  await dismissPending(page, { waitMs: 5000, mayStayOpen: true });

  // A change with before → after: edit a member's e-mail through the members page.
  await open(page, '/CentreUser/CentreUserManage', 'members-page');
  const row = page.locator('tr', { hasText: 'worker' }).first();
  await row.waitFor();
  await row.getByRole('button', { name: lang === 'en' ? 'Edit' : '编辑' }).click();
  await page.getByTestId('member-email').fill(`worker-${lang}@example.com`);
  await page.getByTestId('member-save').click();
  await page.getByTestId('member-save').waitFor({ state: 'detached' });

  await open(page, '/UseLogs', 'usage-logs-page');
  await page.locator('td', { hasText: 'member.update' }).first().waitFor();
  await shot(page, `usage-logs/list-${lang}`, { fullPage: false });
  await page.locator('tr', { hasText: 'member.update' }).first().getByRole('button').click();
  await page.getByTestId('audit-diff').waitFor();
  await shot(page, `usage-logs/diff-${lang}`, { fullPage: false });
  await page.context().close();
}

void captureAll(capture);
