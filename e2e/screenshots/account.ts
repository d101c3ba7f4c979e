/**
 * Screenshots of the first-start password change, the user-data page (zh, en) and the worker's "Me" page at
 * 390×844 (zh, en). Starts its own servers from the built app: one without the demo (SEED_DEMO=0, ADMIN_PASSWORD
 * set) and one with it (for a worker account).
 * Usage: node scripts/build-if-needed.mjs && npx tsx e2e/screenshots/account.ts
 * Writes docs/screenshots/account/<name>-<zh|en>.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from '../support/browser.js';
import { dismissPending, screenshotDir } from '../support/console.js';
import { startServer } from '../support/server.js';

const dir = path.join(screenshotDir, 'account');
fs.mkdirSync(dir, { recursive: true });

async function shot(page: Page, name: string, fullPage = true) {
  // Toasts of earlier steps gone; fonts and antd's motion settle.
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
  console.log('wrote', `docs/screenshots/account/${name}.png`);
}

const FIRST = 'First-Start-2026';
const CHANGED = 'Grid0ps-Admin!x';

async function main() {
  const browser = await launchBrowser();
  const fresh = await startServer({ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: FIRST, ORG_NAME: '滨海能源', ORG_NAME_EN: 'Binhai Energy' }, { demo: false });
  try {
    const page = await newPage(browser, { lang: 'zh', width: 1440, height: 900 });
    await loginAs(page, fresh.baseUrl, 'admin', FIRST);
    await page.getByTestId('force-password-change').waitFor();
    await page.getByTestId('new-password').fill('admin12');
    await shot(page, 'force-change-zh', false);
    await page.getByTestId('lang-en').click();
    await page.getByText('First login: change your password').waitFor();
    await shot(page, 'force-change-en', false);
    await page.getByTestId('lang-zh').click();
    await page.getByTestId('old-password').fill(FIRST);
    await page.getByTestId('new-password').fill(CHANGED);
    await page.getByTestId('confirm-password').fill(CHANGED);
    await page.getByTestId('change-password').click();
    await page.getByTestId('shell-header').waitFor({ timeout: 20_000 });
    await page.goto(`${fresh.baseUrl}/CentreUser`);
    await page.getByTestId('user-data-page').waitFor();
    await page.getByTestId('profile-name').fill('王建国');
    await page.getByTestId('profile-name-en').fill('Wang Jianguo');
    await page.getByTestId('profile-phone').fill('13800138000');
    await page.getByTestId('profile-email').fill('wang@binhai-energy.cn');
    await page.getByTestId('profile-save').click();
    await page.locator('[data-current="1"]').waitFor();
    await shot(page, 'user-data-zh');
    await page.getByTestId('pref-en').click();
    await page.getByText('User data').first().waitFor();
    await shot(page, 'user-data-en');
  } finally {
    await fresh.stop();
  }

  const demo = await startServer({ SIMULATOR: 'off', SEED_HISTORY_DAYS: '0' });
  try {
    for (const lang of ['zh', 'en'] as const) {
      const page = await newPage(browser, { lang, width: 390, height: 844 });
      await loginAs(page, demo.baseUrl, 'worker');
      await page.goto(`${demo.baseUrl}/WorkerUser`);
      await page.getByTestId('user-data-page').waitFor({ timeout: 20_000 });
      await page.locator('[data-current="1"]').waitFor();
      await dismissPending(page, { waitMs: 5_000 });
      await shot(page, `worker-user-${lang}`, false);
      await page.context().close();
    }
  } finally {
    await demo.stop();
    await browser.close();
  }
}

await main();
