/**
 * Screenshots of the billing page (list, tariff dialog) and the expense report with its bill, zh and en:
 * docs/screenshots/run-setup/billing-<view>-<zh|en>.png.
 * Usage: npx tsx e2e/screenshots/billing.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, dismissPending, open, screenshotBaseUrl, screenshotDir, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;

async function capture(browser: Browser, lang: 'zh' | 'en') {
  fs.mkdirSync(path.join(screenshotDir, 'run-setup'), { recursive: true });
  const page = await newPage(browser, { lang });
  await loginAs(page, baseUrl, 'site');
  await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
  await open(page, '/RunSetup/BillingSet', 'billing-page');
  await page.getByTestId('billing-table').waitFor();
  await shot(page, `run-setup/billing-set-${lang}`);
  await page.locator('[data-testid^="billing-edit-"]').last().click();
  await page.getByTestId('billing-form').waitFor();
  await page.getByTestId('billing-month').getByText('7', { exact: true }).click();
  await shot(page, `run-setup/billing-form-${lang}`, { fullPage: false });
  await page.keyboard.press('Escape');
  await open(page, '/EnergyManage/PowerExpense', 'energy-expense', { loading: 'energy-loading' });
  await page.getByTestId('expense-bill').waitFor();
  await page.locator('[data-testid="ex-stack"] canvas').first().waitFor({ timeout: 30_000 }).catch(() => undefined);
  await shot(page, `run-setup/billing-expense-${lang}`, { settleMs: 5000 });
  await page.context().close();
}

await captureAll(capture);
