/**
 * Screenshots of issue 26 item 1 (one site clock): a browser in UTC reading Shanghai sites — the centre's event list
 * (every row on its site's clock, marked "(UTC+8)"), the site's own list (unmarked site clock) and the worker's
 * phone (390×844), zh and en.
 * Usage: node scripts/build-if-needed.mjs && npx tsx e2e/screenshots/siteClock.ts
 * Writes docs/screenshots/site-clock/<name>-<zh|en>.png.
 */
import { launchBrowser, loginAs, newPage } from '../support/browser.js';
import { dismissPending, open, shot } from '../support/console.js';
import { startServer } from '../support/server.js';

async function main() {
  const browser = await launchBrowser();
  const demo = await startServer();
  try {
    for (const lang of ['zh', 'en'] as const) {
      const centre = await newPage(browser, { lang, width: 1440, height: 900, timezoneId: 'UTC', pending: 'muted' });
      await loginAs(centre, demo.baseUrl, 'centre');
      await dismissPending(centre, { waitMs: 5000, mayStayOpen: true });
      await open(centre, '/CentreEvents', 'events-page');
      await centre.getByTestId('event-time').first().waitFor();
      await shot(centre, `site-clock/centre-events-utc-${lang}`, { fullPage: false });
      await centre.context().close();

      const site = await newPage(browser, { lang, width: 1440, height: 900, timezoneId: 'UTC', pending: 'muted' });
      await loginAs(site, demo.baseUrl, 'site');
      await dismissPending(site, { waitMs: 5000, mayStayOpen: true });
      await open(site, '/ElectricalRoom/EvnManage', 'events-page');
      await site.getByTestId('event-time').first().waitFor();
      await shot(site, `site-clock/site-events-utc-${lang}`, { fullPage: false });
      await site.context().close();

      const phone = await newPage(browser, { lang, width: 390, height: 844, timezoneId: 'UTC', pending: 'muted' });
      await loginAs(phone, demo.baseUrl, 'worker');
      await dismissPending(phone, { waitMs: 5000, mayStayOpen: true });
      await open(phone, '/WorkerEvent', 'worker-events');
      await phone.getByTestId('event-time').first().waitFor();
      await shot(phone, `site-clock/worker-events-utc-${lang}`, { fullPage: false });
      await phone.context().close();
    }
  } finally {
    await browser.close();
    await demo.stop();
  }
}

void main();
