import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { makePng } from '../apps/server/src/test-support/png.js';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { click, dismissPending, open } from './support/console.js';

const baseUrl = inject('baseUrl');
const CJK = /[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]/;

/** A real PNG: the server decodes and re-encodes every photo (lib/imageGuard). */
const PNG = makePng(120, 80);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('experts', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an expert registers from the login page, a centre user approves, the expert is in the library (zh; en without Chinese)', async () => {
    const suffix = Date.now().toString(36);
    // English names in the test data: english-everywhere reads the same server.
    const name = `E2E Expert ${suffix}`;
    const admin = await newPage(browser, { lang: 'zh' });
    await loginAs(admin, baseUrl, 'centre');
    await dismissPending(admin, { waitMs: 5000, mayStayOpen: true });
    await open(admin, '/WorkerProcess', 'expert-review-page');
    const code = (await admin.getByTestId('expert-invite').innerText()).trim();
    expect(code).toMatch(/^[0-9A-F]{10}$/);

    const expert = await newPage(browser, { lang: 'zh' });
    await expert.goto(`${baseUrl}/Login`);
    await expert.getByTestId('register-expert-link').click();
    await expert.getByTestId('register-expert-page').waitFor();
    await expert.getByTestId('expert-invite-code').fill(code);
    await expert.getByTestId('expert-name').fill(name);
    await expert.getByTestId('expert-name-en').fill(name);
    await expert.getByTestId('expert-phone').fill('+86 139 1234 5678');
    // The region in both languages (issue 26 item 8): each console shows its own.
    await expert.getByTestId('expert-region').fill('江苏苏州');
    await expert.getByTestId('expert-region-en').fill('Suzhou, Jiangsu');
    await expert.getByTestId('expert-specialities').click();
    await expert.locator('.ant-select-item-option', { hasText: '继电保护' }).click();
    await expert.keyboard.press('Escape');
    await expert.getByTestId('expert-cert-type-0').click();
    await expert.locator('.ant-select-item-option', { hasText: '高压电工作业' }).click();
    await expert.getByTestId('expert-cert-number-0').fill(`T-${suffix}`);
    await expert.getByTestId('expert-cert-issued-0').fill(day(-400));
    await expert.getByTestId('expert-cert-expires-0').fill(day(20));
    await expert.getByTestId('expert-cert-photo-0').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: PNG });
    await expert.getByText('已选择：licence.png').waitFor();
    await expert.getByTestId('expert-register-submit').click();
    await expert.getByTestId('register-expert-done').waitFor({ timeout: 20_000 });
    await expert.context().close();

    // The reviewer sees the registration with its certificate photo and approves it.
    await admin.reload();
    await admin.getByTestId('expert-review-page').waitFor({ timeout: 20_000 });
    await dismissPending(admin, { waitMs: 3000, mayStayOpen: true });
    const row = admin.locator('tr.ant-table-row', { hasText: name });
    await row.waitFor({ timeout: 20_000 });
    await click(admin, row.getByRole('button'));
    await admin.getByTestId('expert-cert-photo').first().waitFor();
    await admin.getByTestId('expert-approve').click();
    await row.waitFor({ state: 'detached', timeout: 20_000 });

    await open(admin, '/WorkerManage', 'expert-library-page');
    const libraryRow = admin.locator('tr.ant-table-row', { hasText: name });
    await libraryRow.waitFor({ timeout: 20_000 });
    expect(await libraryRow.innerText()).toContain('20 天后到期');
    expect(await libraryRow.getByTestId('expert-region-cell').innerText()).toBe('江苏苏州');
    // The demo's expert too: "江苏", not the pinyin it was once stored in.
    expect(await admin.locator('tr.ant-table-row', { hasText: '周建国' }).getByTestId('expert-region-cell').innerText()).toBe('江苏');
    await admin.context().close();

    // The library in English: no Chinese anywhere but the language switch.
    const en = await newPage(browser, { lang: 'en' });
    await loginAs(en, baseUrl, 'centre');
    await dismissPending(en, { waitMs: 5000, mayStayOpen: true });
    await open(en, '/WorkerManage', 'expert-library-page');
    await en.locator('tr.ant-table-row', { hasText: name }).waitFor({ timeout: 20_000 });
    expect(await en.locator('tr.ant-table-row', { hasText: name }).innerText()).toContain('Expires in 20 days');
    expect(await en.locator('tr.ant-table-row', { hasText: name }).getByTestId('expert-region-cell').innerText()).toBe('Suzhou, Jiangsu');
    expect(await en.locator('tr.ant-table-row', { hasText: 'Zhou Jianguo' }).getByTestId('expert-region-cell').innerText()).toBe('Jiangsu');
    const text = await en.getByTestId('expert-library-page').innerText();
    expect(text.split('\n').filter((l) => CJK.test(l))).toEqual([]);
    await en.context().close();
  });
});
