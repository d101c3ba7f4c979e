/**
 * Screenshots of event texts rendered in the UI language (issue 11 item 6): a live pop-up and the site's events
 * page in zh, the same page after switching to English (no reload), and the site home's recent events, written to
 * docs/screenshots/events-live/. Starts its own built server with random simulator faults, so live events come.
 * Usage: npx tsx e2e/screenshots/eventTexts.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser, loginAs, newPage } from '../support/browser.js';
import { dismissPending, open, screenshotDir } from '../support/console.js';
import { startServer } from '../support/server.js';

const dir = path.join(screenshotDir, 'events-live');
fs.mkdirSync(dir, { recursive: true });
const server = await startServer({ SIM_FAULT_RATE: '0.1' });
const browser = await launchBrowser();
try {
  const page = await newPage(browser, { lang: 'zh' });
  await loginAs(page, server.baseUrl, 'site');
  await page.getByTestId('site-home').waitFor();
  await dismissPending(page, { waitMs: 8000, mayStayOpen: true });
  // A live event (random simulator fault) pops up; then the events page lists it.
  await page.locator('.live-event-notification').first().waitFor({ timeout: 120_000 });
  await page.screenshot({ path: path.join(dir, 'live-popup-zh.png') });
  await open(page, '/ElectricalRoom/EvnManage', 'events-page');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: path.join(dir, 'events-zh.png') });
  await page.getByTestId('lang-en').click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: path.join(dir, 'events-en-switched.png') });
  // The site home's recent events, in English after the switch.
  await open(page, '/SiteHome', 'site-home');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: path.join(dir, 'site-home-events-en.png') });
  await page.context().close();
} finally {
  await browser.close();
  await server.stop();
}
