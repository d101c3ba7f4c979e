/**
 * Screenshots of the expert pages, zh and en: docs/screenshots/experts/{register,review,library}-<zh|en>.png.
 * Registers one expert per language (English names), shows the review drawer, approves, shows the library.
 * Usage: npx tsx e2e/screenshots/experts.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, dismissPending, open, screenshotBaseUrl, screenshotDir, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;

/** A sample certificate picture (PNG, a few kB), drawn by the browser: no real person's licence in the docs. */
async function samplePhoto(browser: Browser): Promise<Buffer> {
  const page = await newPage(browser, { width: 480, height: 300 });
  await page.setContent(
    `<div style="width:440px;height:260px;margin:20px;border:6px double #b8860b;background:#fdf6e3;font:16px sans-serif;padding:16px;box-sizing:border-box">
      <div style="font-size:20px;font-weight:bold;text-align:center;color:#8b4513">SPECIAL OPERATION CERTIFICATE</div>
      <div style="text-align:center;color:#555;margin-bottom:18px">Sample for documentation</div>
      <div>Type: High-voltage electrician</div><div>No.: T3201011988</div><div>Holder: sample</div>
      <div style="margin-top:18px;color:#a00">SAMPLE</div></div>`,
  );
  const png = await page.screenshot({ type: 'png' });
  await page.context().close();
  return png;
}
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function capture(browser: Browser, lang: 'zh' | 'en') {
  fs.mkdirSync(path.join(screenshotDir, 'experts'), { recursive: true });
  const PNG = await samplePhoto(browser);
  const admin = await newPage(browser, { lang, width: 1440, height: 860 });
  await loginAs(admin, baseUrl, 'centre');
  await dismissPending(admin, { waitMs: 5000, mayStayOpen: true });
  await open(admin, '/WorkerProcess', 'expert-review-page');
  const code = (await admin.getByTestId('expert-invite').innerText()).trim();

  const name = lang === 'en' ? 'Zhao Ming' : 'Wang Lei';
  const page = await newPage(browser, { lang, width: 1280, height: 1100 });
  await page.goto(`${baseUrl}/Login`);
  await page.getByTestId('register-expert-link').click();
  await page.getByTestId('expert-invite-code').fill(code);
  await page.getByTestId('expert-name').fill(name);
  await page.getByTestId('expert-name-en').fill(name);
  await page.getByTestId('expert-phone').fill('+86 139 1234 5678');
  await page.getByTestId('expert-region').fill('Jiangsu');
  await page.getByTestId('expert-specialities').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').nth(0).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').nth(3).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('expert-cert-type-0').click();
  await page.locator(`.ant-select-item-option[title="${lang === 'en' ? 'High-voltage electrician' : '高压电工作业'}"]`).click();
  await page.getByTestId('expert-cert-number-0').fill('T3201011988');
  await page.getByTestId('expert-cert-issued-0').fill(day(-1800));
  await page.getByTestId('expert-cert-expires-0').fill(day(18));
  await page.getByTestId('expert-cert-photo-0').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: PNG });
  await shot(page, `experts/register-${lang}`, { fullPage: true, settleMs: 800 });
  await page.getByTestId('expert-register-submit').click();
  await page.getByTestId('register-expert-done').waitFor({ timeout: 30_000 });
  await page.context().close();

  await admin.reload();
  await admin.getByTestId('expert-review-page').waitFor({ timeout: 20_000 });
  await dismissPending(admin, { waitMs: 3000, mayStayOpen: true });
  const row = admin.locator('tr.ant-table-row', { hasText: name });
  await row.waitFor();
  await row.getByRole('button').click();
  await admin.getByTestId('expert-cert-photo').first().waitFor();
  await shot(admin, `experts/review-${lang}`, { fullPage: false });
  await admin.getByTestId('expert-approve').click();
  await row.waitFor({ state: 'detached' });
  await open(admin, '/WorkerManage', 'expert-library-page');
  await admin.locator('tr.ant-table-row', { hasText: name }).first().waitFor();
  await shot(admin, `experts/library-${lang}`, { fullPage: false });
  await admin.context().close();
}

void captureAll(capture);
