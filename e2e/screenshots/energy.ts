/**
 * Screenshots of the /EnergyManage pages in zh and en: docs/screenshots/energy-<page>-<lang>.png.
 * Usage: npx tsx e2e/screenshots/energy.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from '../support/browser.js';

const baseUrl = (process.argv[2] ?? process.env.GRIDOPS_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

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

async function dismissPending(page: Page) {
  const button = page.locator('[data-testid="pending-acknowledged"], [data-testid="pending-later"]').first();
  try {
    await button.waitFor({ state: 'visible', timeout: 5000 });
    await button.click();
    await page.locator('.pending-dialog').waitFor({ state: 'hidden' });
  } catch {
    // no dialog this time
  }
}

async function capture(browser: Browser, lang: 'zh' | 'en') {
  const page = await newPage(browser, { lang, width: 1600, height: 1000 });
  await loginAs(page, baseUrl, 'site');
  await dismissPending(page);
  for (const [name, sub, testId] of PAGES) {
    await page.goto(`${baseUrl}/EnergyManage${sub}`);
    await dismissPending(page);
    await page.getByTestId(testId).waitFor({ timeout: 20_000 });
    await page.locator('[data-testid="energy-loading"]').first().waitFor({ state: 'detached', timeout: 20_000 }).catch(() => undefined);
    // Let the lazy ECharts chunk, fonts and antd motion settle.
    await page.waitForTimeout(1800);
    const file = path.join(outDir, `energy-${name}-${lang}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log('wrote', path.relative(process.cwd(), file));
  }
  await page.context().close();
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await launchBrowser();
  try {
    for (const lang of ['zh', 'en'] as const) await capture(browser, lang);
  } finally {
    await browser.close();
  }
}

await main();
