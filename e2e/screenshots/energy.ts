/**
 * Screenshots of the /EnergyManage pages in zh and en: docs/screenshots/energy-<page>-<lang>.png.
 * Usage: npx tsx e2e/screenshots/energy.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 */
import type { Browser } from 'playwright-core';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, dismissPending, screenshotBaseUrl, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;

/** [file name, path under /EnergyManage, test id of the page root]. */
const PAGES: readonly (readonly [string, string, string])[] = [
  ['flow', '', 'energy-flow'],
  ['new-energy-overview', '/NewEnergyOverview', 'energy-ne-overview'],
  ['new-energy-stats', '/NewEnergyStats', 'energy-ne-stats'],
  ['new-energy-readings', '/NewEnergyReadings', 'energy-ne-readings'],
  ['new-energy-yoy', '/NewEnergyYoy', 'energy-ne-yoy'],
  ['storage-charge', '/StorageCharge', 'energy-st-charge'],
  ['storage-discharge', '/StorageDischarge', 'energy-st-discharge'],
  ['storage-month', '/StorageMonth', 'energy-st-month'],
  ['power-overview', '/PowerOverview', 'energy-pw-overview'],
  ['power-stats', '/PowerStats', 'energy-pw-stats'],
  ['power-loss', '/PowerLoss', 'energy-loss'],
  ['power-expense', '/PowerExpense', 'energy-expense'],
];

async function capture(browser: Browser, lang: 'zh' | 'en') {
  const page = await newPage(browser, { lang, width: 1600, height: 1000 });
  await loginAs(page, baseUrl, 'site');
  await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
  for (const [name, sub, testId] of PAGES) {
    await page.goto(`${baseUrl}/EnergyManage${sub}`);
    await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
    await page.getByTestId(testId).waitFor({ timeout: 20_000 });
    await page.locator('[data-testid="energy-loading"]').first().waitFor({ state: 'detached', timeout: 20_000 }).catch(() => undefined);
    // Let the lazy ECharts chunk, fonts and antd motion settle.
    await shot(page, `energy-${name}-${lang}`, { settleMs: 1800 });
  }
  await page.context().close();
}

await captureAll(capture);
