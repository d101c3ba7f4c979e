/**
 * Screenshots of the smart-distribution pages for docs/pages/distribution.md, zh and en:
 * docs/screenshots/distribution-<page>-<zh|en>.png.
 * Usage: npx tsx e2e/screenshots/distribution.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 * Run it against a server with the simulator running for a minute or two, so live values and curves exist.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from '../support/browser.js';

const baseUrl = (process.argv[2] ?? process.env.GRIDOPS_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

/** The pending-events dialog re-opens when new events arrive; close it before screenshots and clicks. */
async function dismissPending(page: Page, waitMs = 0) {
  const button = page.locator('[data-testid="pending-acknowledged"], [data-testid="pending-later"]').first();
  if (waitMs) await button.waitFor({ state: 'visible', timeout: waitMs }).catch(() => undefined);
  if (await button.isVisible().catch(() => false)) {
    await button.click();
    await page.locator('.pending-dialog').waitFor({ state: 'hidden' });
  }
}

async function shot(page: Page, name: string, lang: string, fullPage = true) {
  // Let charts (lazy ECharts chunk, animations) and fonts settle.
  await page.waitForTimeout(1500);
  await dismissPending(page);
  const file = path.join(outDir, `distribution-${name}-${lang}.png`);
  await page.screenshot({ path: file, fullPage });
  console.log('wrote', path.relative(process.cwd(), file));
}

/**
 * Navigates inside the app (history push + popstate, which the router follows) instead of reloading: a reload
 * would bring the pending-events dialog back over the page.
 */
async function open(page: Page, route: string, testId: string) {
  await dismissPending(page);
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await page.getByTestId(testId).waitFor({ timeout: 20_000 });
}

async function capture(browser: Browser, lang: 'zh' | 'en') {
  const site = await newPage(browser, { lang, width: 1600, height: 1000 });
  await loginAs(site, baseUrl, 'site');
  await dismissPending(site, 5000);

  await open(site, '/ElectricalRoom/index', 'elec-index');
  await site.locator('[data-testid^="transformer-"] [data-testid="chart"]').first().waitFor();
  await shot(site, 'index', lang);

  await open(site, '/ElectricalRoom/DevMonitor', 'dev-monitor');
  await site.getByTestId('point-table').locator('tbody tr').first().waitFor();
  await shot(site, 'devmonitor', lang);

  await dismissPending(site);
  await site.getByTestId('tab-diagram').click();
  await site.getByTestId('sld').waitFor();
  await shot(site, 'diagram', lang);
  await dismissPending(site);
  await site.locator('[data-testid^="sld-FD-"]').first().click();
  await site.getByTestId('drawer-points').waitFor();
  await site.locator('.ant-drawer [data-testid="chart"], .ant-drawer [data-testid="chart-empty"]').first().waitFor();
  await shot(site, 'diagram-drawer', lang, false);
  await site.keyboard.press('Escape');

  await open(site, '/ElectricalRoom/ErgMonitor', 'erg-monitor');
  await site.getByTestId('storage-soc').first().waitFor();
  await shot(site, 'ergmonitor', lang);

  await open(site, '/ElectricalRoom/ElectricFire', 'electric-fire');
  await site.getByTestId('fire-ir').first().waitFor();
  await shot(site, 'electricfire', lang);

  await open(site, '/ElectricalRoom/AuxControl', 'aux-control');
  await site.getByTestId('aux-temp').first().waitFor();
  await shot(site, 'auxcontrol', lang);

  await open(site, '/ElectricalRoom/DevControl', 'dev-control');
  await site.getByTestId('control-targets').waitFor();
  await shot(site, 'devcontrol', lang);
  // The confirm step of select-before-operate, cancelled again (nothing is operated).
  const openButton = site.locator('[data-testid$="-open"]').first();
  await dismissPending(site);
  await openButton.click();
  await site.getByTestId('control-password').waitFor();
  await shot(site, 'devcontrol-confirm', lang, false);
  await site.getByTestId('control-cancel').click();
  await site.context().close();

  const centre = await newPage(browser, { lang, width: 1600, height: 1000 });
  await loginAs(centre, baseUrl, 'centre');
  await dismissPending(centre, 5000);
  await open(centre, '/CtrlLogs', 'ctrl-logs');
  await centre.getByTestId('control-log').waitFor();
  await centre.waitForTimeout(1000);
  await shot(centre, 'ctrllogs', lang);
  await open(centre, '/ElectricalRoom/index', 'elec-index-no-site');
  await shot(centre, 'no-site', lang, false);
  await centre.context().close();
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await launchBrowser();
  try {
    for (const lang of ['zh', 'en'] as const) await capture(browser, lang);
  } finally {
    await browser.close();
  }
}

await main();
