/**
 * Screenshots of the monthly operation report (/RunReport) and its settings (/RunSetup/MonthReportSet), zh and
 * en, as the Suzhou site user: docs/screenshots/monthly-report/*.png. Generates last month's report first when
 * the monthly job has not yet (a fresh server makes it ~30 s after start).
 * Usage: npx tsx e2e/screenshots/monthly-report.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 */
import type { Browser } from 'playwright-core';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, click, dismissPending, open, screenshotBaseUrl, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;

async function capture(browser: Browser, lang: 'zh' | 'en') {
  const page = await newPage(browser, { lang });
  await loginAs(page, baseUrl, 'site');
  await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
  await open(page, '/RunReport', 'run-report', { loading: 'state-loading' });
  const content = page.locator('[data-testid="mr-content"]:not([data-report=""])');
  await page.locator('[data-testid="mr-content"]').waitFor();
  if ((await content.count()) === 0) {
    await click(page, page.getByTestId('mr-generate'));
    await content.waitFor({ timeout: 180_000 });
    // Opened afresh, so the daily chart is drawn once and its bars have finished growing when the shot is taken.
    await open(page, '/RunReport', 'run-report', { loading: 'state-loading' });
    await content.waitFor();
  }
  await page.getByTestId('mr-gateways').waitFor();
  await shot(page, `monthly-report/run-report-${lang}`, { dismiss: true });
  await open(page, '/RunSetup/MonthReportSet', 'month-report-set', { loading: 'state-loading' });
  await shot(page, `monthly-report/settings-${lang}`, { dismiss: true });
  await click(page, page.locator('[data-testid^="month-report-set-edit-"]').first());
  await page.getByTestId('mr-set-recipients').waitFor();
  await shot(page, `monthly-report/settings-form-${lang}`, { fullPage: false });
  await page.keyboard.press('Escape');
  await page.context().close();
}

await captureAll(capture);
