import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cspViolations, launchBrowser, loginAs, newPage } from './support/browser.js';
import { clearLanguagePreference } from './support/api.js';
import { dismissPending } from './support/console.js';

const baseUrl = inject('baseUrl');

const HAN = /[\u3400-\u9fff]/;

/**
 * Visible text of the page without the language switch (its "中文" label is meant for Chinese readers). People's
 * names and postal addresses are included: they have English forms (e2e/english-everywhere.e2e.test.ts).
 */
const visibleText = (page: Page) =>
  page.evaluate(() => {
    const clone = document.body.cloneNode(true) as HTMLElement;
    clone.querySelectorAll('[data-testid="lang-switch"], script, style').forEach((n) => n.remove());
    return clone.innerText;
  });

describe('language switch and voice alarm', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    // The header switch stored 'en' for centre on the shared server; later files log in as centre in Chinese.
    await clearLanguagePreference(baseUrl, 'centre');
  });

  it('switching to English changes the visible strings of the centre home and keeps the choice', async () => {
    const page = await newPage(browser);
    await loginAs(page, baseUrl, 'centre');
    await page.getByTestId('centre-home').waitFor();
    await dismissPending(page, { waitMs: 8_000, mayStayOpen: true });
    expect(await page.getByTestId('page-title').textContent()).toBe('中心首页');
    await page.getByTestId('lang-en').click();
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Centre home');
    expect(await page.evaluate(() => localStorage.getItem('gridops-lang'))).toBe('en');
    await page.waitForTimeout(1500); // localised data (site names) refetches
    await dismissPending(page, { waitMs: 2000, mayStayOpen: true });
    const text = await visibleText(page);
    expect(text.split('\n').filter((l) => HAN.test(l))).toEqual([]);
    expect(cspViolations(page)).toEqual([]);
    await page.context().close();
  });

  for (const user of ['site', 'worker'] as const) {
    it(`the ${user} home has no Chinese left in English`, async () => {
      const page = await newPage(browser, { lang: 'en' });
      await loginAs(page, baseUrl, user);
      await page.getByTestId(`${user}-home`).waitFor();
      await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
      await page.waitForTimeout(1000);
      const text = await visibleText(page);
      expect(text.split('\n').filter((l) => HAN.test(l))).toEqual([]);
      expect(cspViolations(page)).toEqual([]);
      await page.context().close();
    });
  }

  it('the login page in English', async () => {
    const page = await newPage(browser, { lang: 'en' });
    await page.goto(`${baseUrl}/Login`);
    expect(await page.getByTestId('login-submit').textContent()).toBe('Log in');
    expect(await page.getByTestId('product-name').textContent()).toContain('Energy & Facility Operations');
    expect(cspViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('turning the voice alarm on speaks "语音报警已开启"', async () => {
    const page = await newPage(browser);
    await loginAs(page, baseUrl, 'site');
    await page.getByTestId('site-home').waitFor();
    await dismissPending(page, { waitMs: 8_000, mayStayOpen: true });
    await page.getByTestId('voice-toggle').click();
    await expect.poll(() => page.evaluate(() => window.__gridopsSpoken ?? [])).toContain('语音报警已开启');
    expect(await page.getByTestId('voice-toggle').getAttribute('data-on')).toBe('1');
    expect(cspViolations(page)).toEqual([]);
    await page.context().close();
  });
});

declare global {
  interface Window {
    __gridopsSpoken?: string[];
  }
}
