/**
 * Screenshots of issue 26 item 3 (the reach of a tariff edit), zh and en, on its own demo server (short history,
 * no simulator): the tariff dialog on the site's month with its month scope and "应用于：1–12月", the billing page's
 * confirmation after saving (what, which months, from which date reports reprice), and the expense page with
 * the tariff (name, version, validity) that priced each day.
 * Usage: node scripts/build-if-needed.mjs && npx tsx e2e/screenshots/tariffReach.ts
 * Writes docs/screenshots/tariff/<name>-<zh|en>.png.
 */
import type { Page } from 'playwright-core';
import { pageApiData } from '../support/api.js';
import { launchBrowser, loginAs, newPage } from '../support/browser.js';
import { open, sessionValue, shot } from '../support/console.js';
import { startServer } from '../support/server.js';

interface Tariff { id: number; valid_to: string | null; months: { month: number; prices: Record<string, number> }[] }

async function fillNumber(page: Page, testId: string, value: string) {
  const el = page.getByTestId(testId);
  const input = (await el.evaluate((e) => e.tagName)) === 'INPUT' ? el : el.locator('input').first();
  await input.fill(value);
  await input.blur();
}

async function main() {
  const browser = await launchBrowser();
  const demo = await startServer({ SEED_HISTORY_DAYS: '6', SIMULATOR: 'off' });
  try {
    for (const [lang, price] of [['zh', '1.1234'], ['en', '1.1334']] as const) {
      const page = await newPage(browser, { lang, width: 1440, height: 900, pending: 'muted' });
      await loginAs(page, demo.baseUrl, 'site');
      const projectId = await sessionValue<number>(page, 'proID');
      const tariffs = await pageApiData<Tariff[]>(page, demo.baseUrl, `/api/v6/billing/tariffs?project_id=${projectId}`, { method: 'GET' });
      const tariff = tariffs.find((t) => t.valid_to === null)!;
      await open(page, '/RunSetup/BillingSet', 'billing-page');
      await page.getByTestId(`billing-edit-${tariff.id}`).click();
      await page.getByTestId('billing-form').waitFor();
      await fillNumber(page, 'billing-price-peak', price);
      await shot(page, `tariff/form-scope-all-${lang}`, { fullPage: false });
      await page.locator('label', { has: page.getByTestId('billing-scope-chosen') }).click();
      await page.getByTestId('billing-scope-months').waitFor();
      await shot(page, `tariff/form-scope-chosen-${lang}`, { fullPage: false });
      await page.locator('label', { has: page.getByTestId('billing-scope-all') }).click();
      await fillNumber(page, 'billing-price-peak', price);
      await page.getByTestId('billing-save').click();
      await page.getByTestId('billing-form').waitFor({ state: 'detached' });
      await page.getByTestId('billing-saved').waitFor();
      await shot(page, `tariff/saved-${lang}`, { fullPage: false });
      await open(page, '/EnergyManage/PowerExpense', 'energy-expense', { loading: 'energy-loading' });
      await page.locator('[data-testid^="ex-tariff-"]').first().waitFor({ timeout: 30_000 });
      await page.getByTestId('expense-period-table').scrollIntoViewIfNeeded();
      await shot(page, `tariff/expense-tariff-${lang}`, { fullPage: false, settleMs: 3000 });
      await page.context().close();
    }
  } finally {
    await browser.close();
    await demo.stop();
  }
}

void main();
