/**
 * Screenshots of the integrated-energy sets and the integrated-energy breakdown, zh and en, as the Hangzhou
 * site user (the demo site that meters electricity, water, gas and heat): docs/screenshots/ie-sets/*.png.
 * Usage: npx tsx e2e/screenshots/ie-sets.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 */
import type { Browser } from 'playwright-core';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, click, dismissPending, open, screenshotBaseUrl, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;

async function capture(browser: Browser, lang: 'zh' | 'en') {
  const page = await newPage(browser, { lang });
  await loginAs(page, baseUrl, 'xihu');
  await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
  const pages = [
    ['IeElecSet', 'ie-meters', 'elec-meters'],
    ['IeElecTypeSet', 'ie-types', 'elec-types'],
    ['IeWaterSet', 'ie-meters', 'water-meters'],
    ['IeGasTypeSet', 'ie-types', 'gas-types'],
    ['IeHeatSet', 'ie-meters', 'heat-meters'],
  ] as const;
  for (const [key, testId, name] of pages) {
    await open(page, `/RunSetup/${key}`, testId, { loading: 'state-loading' });
    await shot(page, `ie-sets/${name}-${lang}`, { dismiss: true });
  }
  await open(page, '/IntergralEnergy', 'integrated-page');
  await click(page, page.getByTestId('energy-tab-power'));
  await page.getByTestId('integrated-category-table').waitFor();
  await shot(page, `ie-sets/integrated-breakdown-${lang}`, { settleMs: 1200, dismiss: true });
  await page.context().close();
}

await captureAll(capture);
