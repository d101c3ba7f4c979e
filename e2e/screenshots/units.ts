/**
 * Screenshots of pages with big figures (issue 11 item 6, units): docs/screenshots/units/<page>-<lang>.png.
 * English reads "kt", "k CNY", "k trees", "MWh"; Chinese keeps 万/亿. Usage: npx tsx e2e/screenshots/units.ts [url]
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, dismissPending, screenshotBaseUrl, screenshotDir, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;

/** [file name, path, test id of the page root, languages, switch to the year view]. */
const PAGES: readonly (readonly [string, string, string, readonly ('zh' | 'en')[], boolean])[] = [
  ['carbon-year', '/Carbon', 'carbon-site', ['zh', 'en'], true],
  ['power-expense', '/EnergyManage/PowerExpense', 'energy-expense', ['zh', 'en'], false],
  ['power-overview', '/EnergyManage/PowerOverview', 'energy-pw-overview', ['en'], false],
];

async function capture(browser: Browser, lang: 'zh' | 'en') {
  fs.mkdirSync(path.join(screenshotDir, 'units'), { recursive: true });
  const page = await newPage(browser, { lang, width: 1600, height: 1000 });
  await loginAs(page, baseUrl, 'site');
  await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
  for (const [name, route, testId, langs, year] of PAGES) {
    if (!langs.includes(lang)) continue;
    await page.goto(`${baseUrl}${route}`);
    await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
    await page.getByTestId(testId).waitFor({ timeout: 20_000 });
    if (year) await page.getByTestId('period-picker').getByText(lang === 'en' ? 'Year' : '年', { exact: true }).click();
    await page.locator('[data-testid="energy-loading"]').first().waitFor({ state: 'detached', timeout: 20_000 }).catch(() => undefined);
    await shot(page, `units/${name}-${lang}`, { settleMs: 2500 });
  }
  await page.context().close();
  // The centre's carbon: the organisation's year, the largest tonnes and tree counts.
  if (lang === 'en') {
    const centre = await newPage(browser, { lang, width: 1600, height: 1000 });
    await loginAs(centre, baseUrl, 'centre');
    await centre.goto(`${baseUrl}/CentreCarbon`);
    await dismissPending(centre, { waitMs: 5000, mayStayOpen: true });
    await centre.getByTestId('centre-carbon-page').waitFor({ timeout: 20_000 });
    await centre.getByTestId('period-picker').getByText('Year', { exact: true }).click().catch(() => undefined);
    await shot(centre, `units/centre-carbon-year-${lang}`, { settleMs: 2500 });
    await centre.context().close();
  }
}

await captureAll(capture);
