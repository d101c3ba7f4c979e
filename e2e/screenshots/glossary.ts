/**
 * Screenshots of issue 26 item 5 (one name per quantity): the power overview with a figure's definition open
 * (consumption vs grid import), and the loss analysis's supplied / to-children columns, zh and en.
 * Usage: node scripts/build-if-needed.mjs && npx tsx e2e/screenshots/glossary.ts
 * Writes docs/screenshots/glossary/<name>-<zh|en>.png.
 */
import { launchBrowser, loginAs, newPage } from '../support/browser.js';
import { dismissPending, open, shot } from '../support/console.js';
import { startServer } from '../support/server.js';

async function main() {
  const browser = await launchBrowser();
  const demo = await startServer();
  try {
    for (const lang of ['zh', 'en'] as const) {
      const page = await newPage(browser, { lang, width: 1440, height: 900, pending: 'muted' });
      await loginAs(page, demo.baseUrl, 'site');
      await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
      await open(page, '/EnergyManage/PowerOverview', 'energy-pw-overview');
      await page.getByTestId('pw-grid-import').getByTestId('stat-value').first().waitFor();
      await page.getByTestId('pw-consumption-month').locator('[data-quantity]').first().hover();
      await page.locator('.ant-tooltip').last().waitFor();
      await shot(page, `glossary/power-overview-${lang}`, { fullPage: false, settleMs: 1200 });
      await open(page, '/EnergyManage/PowerLoss', 'energy-loss');
      await page.getByTestId('loss-table').waitFor();
      await page.locator('[data-quantity="node_input"]').first().hover();
      await page.locator('.ant-tooltip').last().waitFor();
      await shot(page, `glossary/power-loss-${lang}`, { fullPage: false, settleMs: 1200 });
      await page.context().close();
    }
  } finally {
    await browser.close();
    await demo.stop();
  }
}

void main();
