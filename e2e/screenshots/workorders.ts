/**
 * Screenshots of the work-order pages, zh and en: docs/screenshots/operations/workorder-{solvetask,centresolve,
 * drawer,workersolve,workerevent}-<zh|en>.png. Reads the demo seed's orders (every state); the worker pages at
 * 390×844 with touch.
 * Usage: npx tsx e2e/screenshots/workorders.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, dismissPending, open, screenshotBaseUrl, screenshotDir, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;

async function capture(browser: Browser, lang: 'zh' | 'en') {
  fs.mkdirSync(path.join(screenshotDir, 'operations'), { recursive: true });
  const site = await newPage(browser, { lang, width: 1440, height: 900 });
  await loginAs(site, baseUrl, 'site');
  await dismissPending(site, { waitMs: 5000, mayStayOpen: true });
  await open(site, '/OperMainte/SolveTask', 'workorders-page');
  await site.locator('[data-testid^="wo-row-"]').first().waitFor();
  await shot(site, `operations/workorder-solvetask-${lang}`, { dismiss: true });
  await site.locator('[data-testid^="wo-row-"][data-state="resolved"]').first().click();
  await site.getByTestId('wo-timeline').waitFor();
  await shot(site, `operations/workorder-drawer-${lang}`, { fullPage: false, dismiss: true });
  await site.context().close();

  const centre = await newPage(browser, { lang, width: 1440, height: 900 });
  await loginAs(centre, baseUrl, 'centre');
  await dismissPending(centre, { waitMs: 5000, mayStayOpen: true });
  await open(centre, '/CentreSolve', 'workorders-page');
  await centre.locator('[data-testid^="wo-row-"]').first().waitFor();
  await shot(centre, `operations/workorder-centresolve-${lang}`, { dismiss: true });
  await centre.context().close();

  const ctx = await browser.newContext({ locale: lang === 'en' ? 'en-US' : 'zh-CN', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  await ctx.addInitScript((l) => window.localStorage.setItem('gridops-lang', l), lang);
  const phone = await ctx.newPage();
  await loginAs(phone, baseUrl, 'worker');
  await dismissPending(phone, { waitMs: 4000, mayStayOpen: true });
  await open(phone, '/WorkerSolve', 'worker-solve');
  await phone.locator('[data-testid^="wo-card-"]').first().waitFor();
  await shot(phone, `operations/workorder-workersolve-${lang}`, { fullPage: false, dismiss: true });
  await open(phone, '/WorkerEvent', 'worker-events');
  await shot(phone, `operations/workorder-workerevent-${lang}`, { fullPage: false, dismiss: true });
  await ctx.close();
}

await captureAll(capture);
