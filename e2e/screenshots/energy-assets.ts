/**
 * Screenshots of the energy-efficiency sets (PV arrays, wind turbines, storage systems, chargers) and the new-energy
 * overview with the clear-sky expected yield, zh and en, as the Suzhou site user: docs/screenshots/energy-assets/*.png.
 * Usage: npx tsx e2e/screenshots/energy-assets.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 */
import type { Browser } from 'playwright-core';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, click, dismissPending, open, screenshotBaseUrl, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;

async function capture(browser: Browser, lang: 'zh' | 'en') {
  const page = await newPage(browser, { lang });
  await loginAs(page, baseUrl, 'site');
  await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
  for (const [key, testId, name] of [
    ['PvSet', 'pv-set', 'pv'],
    ['FanSet', 'fan-set', 'wind'],
    ['EssSet', 'ess-set', 'ess'],
    ['ChargeSet', 'charge-set', 'chargers'],
  ] as const) {
    await open(page, `/RunSetup/${key}`, testId, { loading: 'state-loading' });
    // Storage: once the simulated PCS has answered its strategy ("On the PCS": applied).
    if (name === 'ess') await page.locator('[data-testid^="ess-sync-"][data-state="applied"]').first().waitFor({ timeout: 60_000 });
    await shot(page, `energy-assets/${name}-${lang}`, { dismiss: true });
  }
  // The storage form with its strategy, and the wind form's power curve.
  await open(page, '/RunSetup/EssSet', 'ess-set', { loading: 'state-loading' });
  await click(page, page.locator('[data-testid^="ess-set-edit-"]').first());
  await page.getByTestId('ess-start-0').waitFor();
  await shot(page, `energy-assets/ess-form-${lang}`, { fullPage: false });
  await page.keyboard.press('Escape');
  await open(page, '/RunSetup/FanSet', 'fan-set', { loading: 'state-loading' });
  await click(page, page.getByTestId('fan-set-add'));
  await shot(page, `energy-assets/wind-form-${lang}`, { fullPage: false });
  await page.keyboard.press('Escape');
  await open(page, '/EnergyManage/NewEnergyOverview', 'energy-ne-overview');
  await page.getByTestId('ne-triple-expected').waitFor();
  await shot(page, `energy-assets/new-energy-expected-${lang}`, { dismiss: true });
  await page.context().close();
}

await captureAll(capture);
