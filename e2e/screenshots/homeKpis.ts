/**
 * Screenshots of issue 26 item 9 (live KPI strips): /SiteHome's strip as the Suzhou site user and /CentreHome's
 * portfolio strip as the centre user, zh and en.
 * Usage: node scripts/build-if-needed.mjs && npx tsx e2e/screenshots/homeKpis.ts
 * Writes docs/screenshots/home-kpis/<site|centre>-<zh|en>.png.
 */
import { launchBrowser, loginAs, newPage } from '../support/browser.js';
import { dismissPending, open, shot } from '../support/console.js';
import { startServer } from '../support/server.js';

async function main() {
  const browser = await launchBrowser();
  const demo = await startServer();
  try {
    for (const lang of ['zh', 'en'] as const) {
      const site = await newPage(browser, { lang, width: 1440, height: 900, pending: 'muted' });
      await loginAs(site, demo.baseUrl, 'site');
      await dismissPending(site, { waitMs: 5000, mayStayOpen: true });
      await open(site, '/SiteHome', 'site-home');
      await site.getByTestId('kpi-transformer').getByTestId('stat-value').waitFor({ timeout: 60_000 });
      await shot(site, `home-kpis/site-${lang}`, { fullPage: false });
      await site.context().close();

      const centre = await newPage(browser, { lang, width: 1440, height: 900, pending: 'muted' });
      await loginAs(centre, demo.baseUrl, 'centre');
      await dismissPending(centre, { waitMs: 5000, mayStayOpen: true });
      await open(centre, '/CentreHome', 'centre-home');
      await centre.getByTestId('kpi-centre-energy').getByTestId('stat-value').waitFor({ timeout: 120_000 });
      await shot(centre, `home-kpis/centre-${lang}`, { fullPage: false });
      await centre.context().close();
    }
  } finally {
    await browser.close();
    await demo.stop();
  }
}

void main();
