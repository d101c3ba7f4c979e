/**
 * Screenshots of the auxiliary devices for docs/pages/distribution.md and docs/control-config.md, zh and en:
 * docs/screenshots/run-setup/aux-<view>-<zh|en>.png — AuxDeviceSet (devices, a device's form, automation rules)
 * and AuxControl.
 * Usage: npx tsx e2e/screenshots/aux.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 * Switches the Suzhou site's fan on through the UI (select → password → simulated gateway), then shows the
 * set-point confirmation of the AC and the page with the control log.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, click, dismissPending, open, screenshotBaseUrl, screenshotDir, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;
const snap = (page: Page, name: string, lang: string, fullPage = true) => shot(page, `run-setup/aux-${name}-${lang}`, { fullPage, dismiss: true });

async function rowOf(page: Page, kind: string) {
  const row = page.locator(`[data-testid^="aux-device-"][data-kind="${kind}"]`).first();
  await row.waitFor({ timeout: 30_000 });
  return { row, id: Number((await row.getAttribute('data-testid'))?.replace('aux-device-', '')) };
}

async function capture(browser: Browser, lang: 'zh' | 'en') {
  const page = await newPage(browser, { lang, width: 1600, height: 1000 });
  await loginAs(page, baseUrl, 'site');
  await dismissPending(page, { waitMs: 5000 });
  await open(page, '/ElectricalRoom/AuxControl', 'aux-control');
  const fan = await rowOf(page, 'fan');
  if ((await fan.row.getAttribute('data-running')) !== 'true') {
    await click(page, page.getByTestId(`aux-op-${fan.id}-on`));
    await page.getByTestId('control-password').fill('demo1234');
    await click(page, page.getByTestId('control-execute'));
    await page.locator('[data-testid="control-result"]').waitFor({ timeout: 20_000 });
    await click(page, page.getByTestId('control-close'));
    await fan.row.locator('[data-state="true"]').waitFor({ timeout: 20_000 });
  }
  const ac = await rowOf(page, 'air_conditioner');
  await page.locator(`[data-testid="aux-sp-input-${ac.id}"] input, input[data-testid="aux-sp-input-${ac.id}"]`).first().fill('24');
  await click(page, page.getByTestId(`aux-sp-set-${ac.id}`));
  await page.getByTestId('control-password').waitFor();
  await snap(page, 'control-confirm', lang, false);
  await click(page, page.getByTestId('control-cancel'));
  await page.getByTestId('control-log').locator('[data-outcome]').first().waitFor({ timeout: 15_000 });
  await snap(page, 'control', lang);

  // /RunSetup/AuxDeviceSet: the devices with their set-point limits, one device's form, the automation rules.
  await open(page, '/RunSetup/AuxDeviceSet', 'aux-set', { loading: 'state-loading' });
  await page.locator('[data-testid^="aux-device-"]').first().waitFor();
  await snap(page, 'devices', lang);
  await click(page, page.locator('[data-testid^="aux-set-edit-"]').first());
  await page.getByTestId('aux-name').waitFor();
  await snap(page, 'device-form', lang, false);
  await page.keyboard.press('Escape');
  await click(page, page.getByTestId('aux-tab-automation'));
  await page.locator('[data-testid^="aux-rules-edit-"]').first().waitFor();
  await snap(page, 'automation', lang);
  await click(page, page.locator('[data-testid^="aux-rules-edit-"]').first());
  await page.getByTestId('aux-rule-name').waitFor();
  await snap(page, 'rule-form', lang, false);
  await page.keyboard.press('Escape');
  await page.close();
}

fs.mkdirSync(path.join(screenshotDir, 'run-setup'), { recursive: true });
await captureAll(capture);
