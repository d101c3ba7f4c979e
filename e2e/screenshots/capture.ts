/**
 * Screenshots of the console for docs: login, centre home, site home and the pending dialog, in zh and en.
 * Usage: npx tsx e2e/screenshots/capture.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from '../support/browser.js';

const baseUrl = (process.argv[2] ?? process.env.GRIDOPS_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

const pendingButton = (page: Page) => page.locator('[data-testid="pending-acknowledged"], [data-testid="pending-later"]').first();

async function dismissPending(page: Page) {
  try {
    await pendingButton(page).waitFor({ state: 'visible', timeout: 6000 });
    await pendingButton(page).click();
    await page.locator('.pending-dialog').waitFor({ state: 'hidden' });
  } catch {
    // no dialog this time
  }
}

async function shot(page: Page, name: string) {
  // Let charts, fonts and antd motion settle.
  await page.waitForTimeout(800);
  const file = path.join(outDir, `${name}.png`);
  await page.screenshot({ path: file });
  console.log('wrote', path.relative(process.cwd(), file));
}

async function capture(browser: Browser, lang: 'zh' | 'en') {
  const login = await newPage(browser, { lang });
  await login.goto(`${baseUrl}/Login`);
  await login.getByTestId('login-submit').waitFor();
  await shot(login, `login-${lang}`);
  await login.context().close();

  const centre = await newPage(browser, { lang });
  await loginAs(centre, baseUrl, 'centre');
  await centre.getByTestId('centre-home').waitFor();
  await centre.locator('.pending-dialog').waitFor({ timeout: 8000 }).catch(() => undefined);
  await shot(centre, `pending-dialog-${lang}`);
  await dismissPending(centre);
  await shot(centre, `centre-home-${lang}`);
  await centre.context().close();

  const site = await newPage(browser, { lang });
  await loginAs(site, baseUrl, 'site');
  await site.getByTestId('site-home').waitFor();
  await site.locator('.pending-dialog').waitFor({ timeout: 8000 }).catch(() => undefined);
  await shot(site, `pending-dialog-site-${lang}`);
  await dismissPending(site);
  await site.getByTestId('weather-sun').waitFor();
  await shot(site, `site-home-${lang}`);
  await site.context().close();
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
