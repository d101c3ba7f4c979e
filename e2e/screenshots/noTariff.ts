/**
 * Screenshots of issue 25 item 5: a site without a tariff (the expense report's and the power overview's cost
 * cells say "未配置电价 / No tariff" with a link to the tariff page), and the tariff form filled from a provincial
 * TOU preset (zh, en). Starts its own demo server from the built app and deletes that site's tariffs through the API.
 * Usage: node scripts/build-if-needed.mjs && npx tsx e2e/screenshots/noTariff.ts
 * Writes docs/screenshots/site-setup/<name>-<zh|en>.png.
 */
import type { Page } from 'playwright-core';
import { pageApi } from '../support/api.js';
import { launchBrowser, loginAs, newPage } from '../support/browser.js';
import { dismissPending, open, shot, sessionValue } from '../support/console.js';
import { startServer } from '../support/server.js';

/** docs/screenshots/site-setup/<name>.png, once the last save's toast is gone. */
const siteShot = (page: Page, name: string, fullPage = true) =>
  shot(page, `site-setup/${name}`, { settleMs: 800, fullPage, afterToasts: true });

async function main() {
  const browser = await launchBrowser();
  const demo = await startServer();
  try {
    for (const lang of ['zh', 'en'] as const) {
      const page = await newPage(browser, { lang, width: 1440, height: 900 });
      await loginAs(page, demo.baseUrl, 'site');
      await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
      if (lang === 'zh') {
        const projectId = await sessionValue<number>(page, 'proID');
        const list = await pageApi<Array<{ id: number }>>(
          page,
          demo.baseUrl,
          `/api/v6/billing/tariffs?project_id=${projectId}`,
          { method: 'GET' },
        );
        for (const x of list.data)
          await pageApi(page, demo.baseUrl, `/api/v6/billing/tariffs/${x.id}`, { method: 'DELETE' });
      }
      await open(page, '/EnergyManage/PowerExpense', 'energy-expense');
      await page.getByTestId('cost-unknown-notice').waitFor();
      await siteShot(page, `expense-no-tariff-${lang}`, false);
      await open(page, '/EnergyManage/PowerOverview', 'energy-pw-overview');
      await page.getByTestId('cost-unknown-notice').waitFor();
      await siteShot(page, `overview-no-tariff-${lang}`, false);
      await open(page, '/RunSetup/BillingSet');
      await page.getByTestId('billing-add').click();
      await page.getByTestId('billing-preset').click();
      await page
        .locator('.ant-select-item-option', {
          hasText: lang === 'zh' ? '江苏 一般工商业' : 'Jiangsu, general industrial & commercial',
        })
        .click();
      await page.getByTestId('billing-preset-hint').waitFor();
      // July: the summer month with the preset's critical-peak hours.
      await page.getByTestId('billing-month').getByText('7', { exact: true }).click();
      await siteShot(page, `tariff-preset-${lang}`, false);
      await page.context().close();
    }
  } finally {
    await browser.close();
    await demo.stop();
  }
}

await main();
