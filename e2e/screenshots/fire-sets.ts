/**
 * Screenshots of the electrical fire sets (monitoring loops, arc-fault detectors, the loop form) and the electrical
 * fire page drawing their limits, zh and en, as the Suzhou site user: docs/screenshots/fire-sets/*.png.
 * Usage: npx tsx e2e/screenshots/fire-sets.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 */
import type { Browser } from 'playwright-core';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, click, dismissPending, open, screenshotBaseUrl, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;

async function capture(browser: Browser, lang: 'zh' | 'en') {
  const page = await newPage(browser, { lang });
  await loginAs(page, baseUrl, 'site');
  await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
  await open(page, '/RunSetup/FireLoopSet', 'fire-loop-set', { loading: 'state-loading' });
  await shot(page, `fire-sets/loops-${lang}`, { dismiss: true });
  await click(page, page.locator('[data-testid^="fire-loop-set-edit-"]').first());
  await page.getByTestId('fire-loop-residual').waitFor();
  await shot(page, `fire-sets/loop-form-${lang}`, { fullPage: false });
  await page.keyboard.press('Escape');
  await open(page, '/RunSetup/ArcFaultSet', 'arc-fault-set', { loading: 'state-loading' });
  await shot(page, `fire-sets/arc-faults-${lang}`, { dismiss: true });
  await open(page, '/ElectricalRoom/ElectricFire', 'electric-fire');
  await page.locator('[data-testid="fire-ir-limit"]').first().waitFor();
  await shot(page, `fire-sets/electric-fire-${lang}`, { dismiss: true });
  await page.context().close();
}

await captureAll(capture);
