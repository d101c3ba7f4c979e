/**
 * Screenshots of data entry (/RunSetup/DataEntrySet): the manual meters with the chosen meter's readings,
 * consumption chart and replacement, and the reading form, zh and en, as the Suzhou site user (the demo seeds
 * the meters and readings): docs/screenshots/data-entry/*.png.
 * Usage: npx tsx e2e/screenshots/data-entry.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 */
import type { Browser } from 'playwright-core';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, click, dismissPending, open, screenshotBaseUrl, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;

async function capture(browser: Browser, lang: 'zh' | 'en') {
  const page = await newPage(browser, { lang });
  await loginAs(page, baseUrl, 'site');
  await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
  await open(page, '/RunSetup/DataEntrySet', 'manual-meters', { loading: 'state-loading' });
  await page.locator('[data-testid^="reading-used-"]').first().waitFor();
  await page.locator('[data-testid="readings-panel"] canvas').first().waitFor();
  await shot(page, `data-entry/meters-readings-${lang}`, { dismiss: true });
  await click(page, page.getByTestId('readings-add'));
  await page.getByTestId('reading-value').waitFor();
  await click(page, page.getByTestId('reading-replacement'));
  await page.getByTestId('reading-old-final').waitFor();
  await shot(page, `data-entry/reading-form-${lang}`, { fullPage: false });
  await page.context().close();
}

await captureAll(capture);
