/**
 * Screenshots of issue 26 item 8 (no internal words): the microgrid page's storage strategy, which names the
 * settings page by its title (not "EssSet"), and the expert library with the region in the reader's language,
 * zh and en.
 * Usage: node scripts/build-if-needed.mjs && npx tsx e2e/screenshots/words.ts
 * Writes docs/screenshots/words/<name>-<zh|en>.png.
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
      await open(site, '/EnergyHome', 'microgrid');
      await site.getByTestId('storage-strategy').waitFor({ timeout: 30_000 });
      await site.getByTestId('storage-strategy').scrollIntoViewIfNeeded();
      await shot(site, `words/energy-home-${lang}`, { fullPage: false });
      await site.context().close();

      const centre = await newPage(browser, { lang, width: 1440, height: 900, pending: 'muted' });
      await loginAs(centre, demo.baseUrl, 'centre');
      await dismissPending(centre, { waitMs: 5000, mayStayOpen: true });
      await open(centre, '/WorkerManage', 'expert-library-page');
      await centre.getByTestId('expert-region-cell').first().waitFor();
      await shot(centre, `words/experts-${lang}`, { fullPage: false });
      await centre.context().close();
    }
  } finally {
    await browser.close();
    await demo.stop();
  }
}

void main();
