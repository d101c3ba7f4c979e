/**
 * Screenshots of the pages whose figures the fleet's physics drives (docs/energy-model.md, "Site physics"):
 * energy flow, power overview and loss, storage, micro-grid, in zh and en, as the Suzhou site user.
 * Usage: npx tsx e2e/screenshots/physics.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 */
import type { Browser } from 'playwright-core';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, dismissPending, screenshotBaseUrl, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;

/** [file name, route, test id of the page root]. */
const PAGES: readonly (readonly [string, string, string])[] = [
  ['energy-flow', '/EnergyManage', 'energy-flow'],
  ['energy-power-overview', '/EnergyManage/PowerOverview', 'energy-pw-overview'],
  ['energy-power-loss', '/EnergyManage/PowerLoss', 'energy-loss'],
  ['energy-storage-month', '/EnergyManage/StorageMonth', 'energy-st-month'],
  ['energy-storage-charge', '/EnergyManage/StorageCharge', 'energy-st-charge'],
  ['microgrid-home', '/EnergyHome', 'microgrid'],
];

async function capture(browser: Browser, lang: 'zh' | 'en') {
  const page = await newPage(browser, { lang, width: 1600, height: 1000 });
  await loginAs(page, baseUrl, 'site');
  await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
  for (const [name, route, testId] of PAGES) {
    await page.goto(`${baseUrl}${route}`);
    await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
    await page.getByTestId(testId).waitFor({ timeout: 20_000 });
    await page.locator('[data-testid="energy-loading"]').first().waitFor({ state: 'detached', timeout: 20_000 }).catch(() => undefined);
    // Let the lazy ECharts chunk, fonts and antd motion settle.
    await shot(page, `${name}-${lang}`, { settleMs: 1800 });
  }
  await page.context().close();
}

await captureAll(capture);
