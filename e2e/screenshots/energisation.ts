/**
 * Screenshots of issue 26 item 6 (energisation): the Suzhou room's live single-line diagram with the 10 kV
 * incomer closed and opened (by the remote control, as an operator does), and the energy-flow page in both
 * states, zh and en.
 * Usage: node scripts/build-if-needed.mjs && npx tsx e2e/screenshots/energisation.ts
 * Writes docs/screenshots/energisation/<name>-<zh|en>.png.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from '../support/browser.js';
import { click, dismissPending, open, shot } from '../support/console.js';
import { startServer } from '../support/server.js';

async function sitePage(browser: Browser, baseUrl: string, lang: 'zh' | 'en'): Promise<Page> {
  const page = await newPage(browser, { lang, width: 1440, height: 900, pending: 'muted' });
  await loginAs(page, baseUrl, 'site');
  await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
  return page;
}

async function diagram(page: Page, state: 'live' | 'dead') {
  await open(page, '/ElectricalRoom/DevMonitor', 'dev-monitor');
  await click(page, page.getByTestId('tab-diagram'));
  await page.locator(`[data-testid="sld"] [data-type="busbar"][data-energisation="${state}"]`).first().waitFor({ timeout: 60_000 });
}

/** The incomer (first target of /ElectricalRoom/DevControl) opened or closed through the remote control. */
async function operateIncomer(page: Page, action: 'open' | 'close') {
  await open(page, '/ElectricalRoom/DevControl', 'dev-control');
  const row = page.locator('[data-testid^="target-"]').first();
  await row.waitFor();
  const id = (await row.getAttribute('data-testid'))!.replace('target-', '');
  await click(page, page.getByTestId(`op-${id}-${action}`));
  await page.getByTestId('control-password').fill('demo1234');
  await click(page, page.getByTestId('control-execute'));
  await page.locator('[data-testid="control-result"][data-result="succeeded"]').waitFor({ timeout: 30_000 });
  await click(page, page.getByTestId('control-close'));
}

async function main() {
  const browser = await launchBrowser();
  const demo = await startServer();
  try {
    for (const lang of ['zh', 'en'] as const) {
      const page = await sitePage(browser, demo.baseUrl, lang);
      await diagram(page, 'live');
      await shot(page, `energisation/sld-live-${lang}`, { fullPage: true });
      await open(page, '/EnergyManage', 'energy-flow');
      await page.getByTestId('flow-chart').getByTestId('chart').locator('canvas').first().waitFor({ timeout: 30_000 });
      await shot(page, `energisation/flow-live-${lang}`, { fullPage: false, settleMs: 3000 });
      await page.context().close();
    }
    const operator = await sitePage(browser, demo.baseUrl, 'zh');
    await operateIncomer(operator, 'open');
    for (const lang of ['zh', 'en'] as const) {
      const page = await sitePage(browser, demo.baseUrl, lang);
      await diagram(page, 'dead');
      await shot(page, `energisation/sld-incomer-open-${lang}`, { fullPage: true });
      await open(page, '/EnergyManage', 'energy-flow');
      await page.getByTestId('flow-deenergised').waitFor({ timeout: 30_000 });
      await shot(page, `energisation/flow-incomer-open-${lang}`, { fullPage: false });
      await page.context().close();
    }
    await operateIncomer(operator, 'close');
  } finally {
    await browser.close();
    await demo.stop();
  }
}

void main();
