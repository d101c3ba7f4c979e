/**
 * Screenshots of the smart-distribution pages for docs/pages/distribution.md, zh and en:
 * docs/screenshots/distribution-<page>-<zh|en>.png.
 * Usage: npx tsx e2e/screenshots/distribution.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 * Run it against a server with the simulator running for a minute or two, so live values and curves exist.
 */
import type { Browser, Page } from 'playwright-core';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, dismissPending, open, screenshotBaseUrl, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;

/** docs/screenshots/distribution-<name>-<lang>.png; the pending dialog re-opens when new events arrive, so close it first. */
const snap = (page: Page, name: string, lang: string, fullPage = true) => shot(page, `distribution-${name}-${lang}`, { fullPage, dismiss: true });

async function capture(browser: Browser, lang: 'zh' | 'en') {
  const site = await newPage(browser, { lang, width: 1600, height: 1000 });
  await loginAs(site, baseUrl, 'site');
  await dismissPending(site, { waitMs: 5000 });

  await open(site, '/ElectricalRoom/index', 'elec-index');
  await site.locator('[data-testid^="transformer-"] [data-testid="chart"]').first().waitFor();
  await snap(site, 'index', lang);

  await open(site, '/ElectricalRoom/DevMonitor', 'dev-monitor');
  await site.getByTestId('point-table').locator('tbody tr').first().waitFor();
  await snap(site, 'devmonitor', lang);

  await dismissPending(site);
  await site.getByTestId('tab-diagram').click();
  await site.getByTestId('sld').waitFor();
  await snap(site, 'diagram', lang);
  await dismissPending(site);
  await site.locator('[data-testid^="sld-FD-"]').first().click();
  await site.getByTestId('drawer-points').waitFor();
  await site.locator('.ant-drawer [data-testid="chart"], .ant-drawer [data-testid="chart-empty"]').first().waitFor();
  await snap(site, 'diagram-drawer', lang, false);
  await site.keyboard.press('Escape');

  await open(site, '/ElectricalRoom/ErgMonitor', 'erg-monitor');
  await site.getByTestId('storage-soc').first().waitFor();
  await snap(site, 'ergmonitor', lang);

  await open(site, '/ElectricalRoom/ElectricFire', 'electric-fire');
  await site.getByTestId('fire-ir').first().waitFor();
  await snap(site, 'electricfire', lang);

  await open(site, '/ElectricalRoom/AuxControl', 'aux-control');
  await site.getByTestId('aux-temp').first().waitFor();
  await snap(site, 'auxcontrol', lang);

  await open(site, '/ElectricalRoom/DevControl', 'dev-control');
  await site.getByTestId('control-targets').waitFor();
  await snap(site, 'devcontrol', lang);
  // The confirm step of select-before-operate, cancelled again (nothing is operated).
  const openButton = site.locator('[data-testid$="-open"]').first();
  await dismissPending(site);
  await openButton.click();
  await site.getByTestId('control-password').waitFor();
  await snap(site, 'devcontrol-confirm', lang, false);
  await site.getByTestId('control-cancel').click();
  await site.context().close();

  const centre = await newPage(browser, { lang, width: 1600, height: 1000 });
  await loginAs(centre, baseUrl, 'centre');
  await dismissPending(centre, { waitMs: 5000 });
  await open(centre, '/CtrlLogs', 'ctrl-logs');
  await centre.getByTestId('control-log').waitFor();
  await centre.waitForTimeout(1000);
  await snap(centre, 'ctrllogs', lang);
  await open(centre, '/ElectricalRoom/index', 'elec-index-no-site');
  await snap(centre, 'no-site', lang, false);
  await centre.context().close();
}

await captureAll(capture);
