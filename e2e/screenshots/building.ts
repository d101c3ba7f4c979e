/**
 * Screenshots of the smart-building page and its five sets, zh and en, as the Hangzhou site user `xihu`:
 * docs/screenshots/building/*.png (docs/smart-building.md).
 * Usage: npx tsx e2e/screenshots/building.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 */
import type { Browser } from 'playwright-core';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, click, dismissPending, open, screenshotBaseUrl, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;

async function capture(browser: Browser, lang: 'zh' | 'en') {
  const page = await newPage(browser, { lang, width: 1600, height: 1000 });
  // A shared machine under load serves the console slowly.
  page.setDefaultNavigationTimeout(180_000);
  page.setDefaultTimeout(120_000);
  await loginAs(page, baseUrl, 'xihu');
  await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
  await open(page, '/IntergralBuilding', 'building-page');
  await page.getByTestId('floor-3F').waitFor({ timeout: 30_000 });
  // Live values in (the chiller reports its set-point).
  await page.locator('[data-testid^="unit-chiller-"] [data-testid="setpoint-value"]:not([data-value=""])').first().waitFor({ timeout: 60_000 });
  await shot(page, `building/building-${lang}`, { dismiss: true, fullPage: true });
  // The confirmation step of a chiller set-point change (select-before-operate), cancelled.
  const row = page.locator('[data-testid^="unit-chiller-"]').first();
  const id = Number((await row.getAttribute('data-testid'))!.replace('unit-chiller-', ''));
  await page.locator(`[data-testid="sp-input-${id}"] input, input[data-testid="sp-input-${id}"]`).first().fill('8');
  await click(page, page.getByTestId(`sp-set-${id}`));
  await page.getByTestId('control-password').waitFor();
  await shot(page, `building/building-confirm-${lang}`, { fullPage: false });
  await click(page, page.getByTestId('control-cancel'));
  // A unit's schedule editor (its send goes through the same select-before-operate).
  const ahu = page.locator('[data-testid^="unit-ahu-"]').first();
  const ahuId = Number((await ahu.getAttribute('data-testid'))!.replace('unit-ahu-', ''));
  await click(page, page.getByTestId(`schedule-edit-${ahuId}`));
  await page.getByTestId(`schedule-editor-${ahuId}`).waitFor();
  await ahu.scrollIntoViewIfNeeded();
  await shot(page, `building/building-schedule-${lang}`, { fullPage: false });
  await page.keyboard.press('Escape');
  for (const [key, testId, name] of [
    ['BuildGroupSet', 'build-group-set', 'group'],
    ['BuildAirSet', 'build-air-set', 'air'],
    ['BuildOutdoorSet', 'build-outdoor-set', 'outdoor'],
    ['BuildWaterSet', 'build-water-set', 'water'],
    ['BuildPowerSet', 'build-power-set', 'power'],
  ] as const) {
    await open(page, `/RunSetup/${key}`, testId, { loading: 'state-loading' });
    await shot(page, `building/${name}-set-${lang}`, { dismiss: true });
  }
  await open(page, '/RunSetup/BuildGroupSet', 'build-group-set', { loading: 'state-loading' });
  await click(page, page.locator('[data-testid^="build-group-set-edit-"]').first());
  await page.getByTestId('building-add-floor').waitFor();
  await shot(page, `building/group-form-${lang}`, { fullPage: false });
  await page.keyboard.press('Escape');
  await open(page, '/RunSetup/BuildAirSet', 'build-air-set', { loading: 'state-loading' });
  await click(page, page.locator('[data-testid^="build-air-set-edit-"]').first());
  await page.getByTestId('set-sp-max').waitFor();
  await shot(page, `building/air-form-${lang}`, { fullPage: false });
  await page.keyboard.press('Escape');
  await page.context().close();
}

await captureAll(capture);
