/**
 * Screenshots of issue 26 item 2 (history without holes): a demo whose gateways were down from 6 h to 3 h ago
 * and which was restarted (e2e/support/outage.ts) — the 24 h history curve of 1# transformer with its one
 * "no data" band (and no hole where the seed meets the live simulator), and the event drawer's ±1 h curve.
 * Usage: node scripts/build-if-needed.mjs && npx tsx e2e/screenshots/historyGaps.ts
 * Writes docs/screenshots/history/<name>-<zh|en>.png.
 */
import { launchBrowser, loginAs, newPage } from '../support/browser.js';
import { dismissPending, open, shot } from '../support/console.js';
import { demoWithOutage } from '../support/outage.js';

async function main() {
  const browser = await launchBrowser();
  const { server } = await demoWithOutage([6, 3]);
  try {
    for (const lang of ['zh', 'en'] as const) {
      const page = await newPage(browser, { lang, width: 1440, height: 900, pending: 'muted' });
      await loginAs(page, server.baseUrl, 'site');
      await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
      await open(page, '/ElectricalRoom/AnalReport/HisdataCts', 'history-curves');
      await page.locator('[data-testid="curves-chart"][data-gaps="1"]').waitFor({ timeout: 60_000 });
      await shot(page, `history/curves-gap-${lang}`, { fullPage: false, settleMs: 2500 });

      await open(page, '/ElectricalRoom/EvnManage', 'events-page');
      const row = page.locator('tr[data-testid^="event-row-"]').first();
      await row.waitFor({ timeout: 30_000 });
      await row.locator('td').nth(6).click();
      const curve = page.getByTestId('event-curve');
      await curve.locator('[data-testid="chart"], .ant-empty').first().waitFor({ timeout: 30_000 });
      await curve.scrollIntoViewIfNeeded();
      await shot(page, `history/event-curve-${lang}`, { fullPage: false, settleMs: 2500 });
      await page.context().close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

void main();
