import { chromium, type Browser, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, headless, with the flags this closed network needs (no background connections).
 * Playwright gives every launch a fresh temporary profile of its own.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A page in a fresh context (own sessionStorage and localStorage) with the browser language set, and the
 * browser's time zone when `timezoneId` is given (an IANA name; default the machine's).
 */
export async function newPage(
  browser: Browser,
  opts: { lang?: 'zh' | 'en'; width?: number; height?: number; timezoneId?: string } = {},
): Promise<Page> {
  const context = await browser.newContext({
    locale: opts.lang === 'en' ? 'en-US' : 'zh-CN',
    viewport: { width: opts.width ?? 1600, height: opts.height ?? 900 },
    ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
  });
  if (opts.lang) {
    await context.addInitScript((lang) => {
      if (!window.localStorage.getItem('gridops-lang')) window.localStorage.setItem('gridops-lang', lang);
    }, opts.lang);
  }
  return context.newPage();
}

/** Logs in through the login page, as a person would. */
export async function loginAs(page: Page, baseUrl: string, username: string, password = 'demo1234'): Promise<void> {
  await page.goto(`${baseUrl}/Login`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.endsWith('/Login') && !url.hash.includes('/Login'), { timeout: 20_000 });
}
