/**
 * Issue 11 item 6 in pictures: the site home and two readings pages in English, names included (addresses,
 * gateways, devices, people): docs/screenshots/english/<page>-en.png.
 * Usage: npx tsx e2e/screenshots/english.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 */
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser, loginAs, newPage } from '../support/browser.js';
import { dismissPending, open, screenshotBaseUrl, screenshotDir, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;

/** [file name, route, test id of the page root]. */
const PAGES: readonly (readonly [string, string, string])[] = [
  ['site-home', '/SiteHome', 'site-home'],
  ['power-readings', '/EnergyManage/PowerReadings', 'energy-pw-readings'],
  ['new-energy-readings', '/EnergyManage/NewEnergyReadings', 'energy-ne-readings'],
];

fs.mkdirSync(path.join(screenshotDir, 'english'), { recursive: true });
const browser = await launchBrowser();
try {
  const page = await newPage(browser, { lang: 'en', width: 1600, height: 1000 });
  await loginAs(page, baseUrl, 'site');
  await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
  for (const [name, route, testId] of PAGES) {
    await open(page, route, testId);
    await page.locator('.ant-skeleton').first().waitFor({ state: 'detached', timeout: 20_000 }).catch(() => undefined);
    await shot(page, `english/${name}-en`, { settleMs: 1800, dismiss: true });
  }
  await page.context().close();
} finally {
  await browser.close();
}
