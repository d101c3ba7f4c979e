/**
 * Screenshots of member management, zh and en: docs/screenshots/members/{list,invite,field-error,password}-<zh|en>.png.
 * Usage: npx tsx e2e/screenshots/members.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, dismissPending, open, screenshotBaseUrl, screenshotDir, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;

async function capture(browser: Browser, lang: 'zh' | 'en') {
  fs.mkdirSync(path.join(screenshotDir, 'members'), { recursive: true });
  const page = await newPage(browser, { lang });
  await loginAs(page, baseUrl, 'centre');
  await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
  await open(page, '/CentreUser/CentreUserManage', 'members-page');
  await page.locator('td', { hasText: 'worker' }).first().waitFor();
  await shot(page, `members/list-${lang}`, { fullPage: false });

  // The drawer, with the server's refusal next to the field (a username that is taken).
  await page.getByTestId('member-invite').click();
  await page.getByTestId('member-username').fill('site');
  await page.getByTestId('member-name').fill(lang === 'en' ? 'Shot member' : '截图成员');
  await page.getByTestId('member-email').fill('member@example.com');
  await page.getByTestId('member-projects').click();
  await page.locator('.ant-select-item-option').first().click();
  await page.keyboard.press('Escape');
  await shot(page, `members/invite-${lang}`, { fullPage: false });
  await page.getByTestId('member-save').click();
  await page.locator('.ant-form-item-explain-error').first().waitFor();
  await shot(page, `members/field-error-${lang}`, { fullPage: false });

  // A real invite: the first-login password, shown once.
  await page.getByTestId('member-username').fill(`shot-${lang}-${Date.now().toString(36)}`);
  await page.getByTestId('member-save').click();
  await page.getByTestId('member-shown-password').waitFor();
  await shot(page, `members/password-${lang}`, { fullPage: false });
  await page.getByTestId('member-password-close').click();
  await page.context().close();
}

void captureAll(capture);
