/**
 * Screenshots of the console for docs: login, centre home, site home, the pending dialog and the events page
 * opened from it, in zh and en.
 * Usage: npx tsx e2e/screenshots/capture.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 */
import type { Browser } from 'playwright-core';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, dismissPending, screenshotBaseUrl, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;

async function capture(browser: Browser, lang: 'zh' | 'en') {
  const login = await newPage(browser, { lang });
  await login.goto(`${baseUrl}/Login`);
  await login.getByTestId('login-submit').waitFor();
  await shot(login, `login-${lang}`, { settleMs: 800, fullPage: false });
  await login.context().close();

  const centre = await newPage(browser, { lang });
  await loginAs(centre, baseUrl, 'centre');
  await centre.getByTestId('centre-home').waitFor();
  await centre.locator('.pending-dialog').waitFor({ timeout: 8000 }).catch(() => undefined);
  await shot(centre, `pending-dialog-${lang}`, { settleMs: 800, fullPage: false });
  await dismissPending(centre, { waitMs: 6000, mayStayOpen: true });
  await shot(centre, `centre-home-${lang}`, { settleMs: 800, fullPage: false });
  await centre.context().close();

  const site = await newPage(browser, { lang });
  await loginAs(site, baseUrl, 'site');
  await site.getByTestId('site-home').waitFor();
  await site.locator('.pending-dialog').waitFor({ timeout: 8000 }).catch(() => undefined);
  await shot(site, `pending-dialog-site-${lang}`, { settleMs: 800, fullPage: false });
  // "Handle now" opens the events page on that event: what the operator is told there.
  if (await site.getByTestId('pending-handle-first').isVisible()) {
    await site.getByTestId('pending-handle-first').click();
    await site.getByTestId('active-event').waitFor();
    await shot(site, `events-active-${lang}`, { settleMs: 1000, fullPage: false, dismiss: true });
    await site.goto(`${baseUrl}/SiteHome`);
  }
  await dismissPending(site, { waitMs: 6000, mayStayOpen: true });
  await site.getByTestId('weather-sun').waitFor();
  await shot(site, `site-home-${lang}`, { settleMs: 800, fullPage: false });
  await site.context().close();
}

await captureAll(capture);
