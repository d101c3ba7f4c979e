/**
 * Screenshots of issue 26 item 4 (billing-grade bills): the expense report's bill with the maximum vs declared
 * demand, the over-declaration surcharge, the power factor with its standard and source (kWh/kvarh) and the
 * adjustment, and last month's monthly report with its power-factor and 力调 lines, zh and en. Starts its own demo
 * server from the built app.
 * Usage: node scripts/build-if-needed.mjs && npx tsx e2e/screenshots/billGrade.ts
 * Writes docs/screenshots/billing/<name>-<zh|en>.png.
 */
import { launchBrowser, loginAs, newPage } from '../support/browser.js';
import { click, dismissPending, open, shot } from '../support/console.js';
import { startServer } from '../support/server.js';

async function main() {
  const browser = await launchBrowser();
  const demo = await startServer();
  try {
    for (const lang of ['zh', 'en'] as const) {
      const page = await newPage(browser, { lang, width: 1600, height: 900 });
      await loginAs(page, demo.baseUrl, 'site');
      await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
      await open(page, '/EnergyManage/PowerExpense', 'energy-expense', { loading: 'energy-loading' });
      await page.getByTestId('expense-bill').waitFor();
      await page.locator('[data-testid^="bill-pf-"]').first().waitFor();
      await page.locator('[data-testid="ex-stack"] canvas').first().waitFor({ timeout: 30_000 }).catch(() => undefined);
      await shot(page, `billing/expense-bill-${lang}`, { settleMs: 5000, fullPage: true });
      await open(page, '/RunReport', 'run-report', { loading: 'state-loading' });
      const content = page.locator('[data-testid="mr-content"]:not([data-report=""])');
      await page.locator('[data-testid="mr-content"]').waitFor();
      if ((await content.count()) === 0) {
        await click(page, page.getByTestId('mr-generate'));
        await content.waitFor({ timeout: 180_000 });
        await open(page, '/RunReport', 'run-report', { loading: 'state-loading' });
        await content.waitFor();
      }
      await page.getByTestId('mr-bill').waitFor();
      await shot(page, `billing/month-report-${lang}`, { dismiss: true, fullPage: true, afterToasts: true });
      await page.context().close();
    }
  } finally {
    await browser.close();
    await demo.stop();
  }
}

await main();
