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

const violations = new WeakMap<Page, string[]>();

/**
 * What the server's Content-Security-Policy blocked on this page (any frame): the browser's own "Refused to …"
 * console errors and `securitypolicyviolation` events. The console must work under its CSP: tests expect none.
 */
export const cspViolations = (page: Page): string[] => violations.get(page) ?? [];

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
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`[csp-violation] ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile || '?'}:${e.lineNumber}`));
  });
  const page = await context.newPage();
  const seen: string[] = [];
  violations.set(page, seen);
  page.on('console', (m) => {
    const text = m.text();
    if (text.includes('[csp-violation]') || text.includes('Content Security Policy')) seen.push(text);
  });
  return page;
}

/** Logs in through the login page, as a person would. */
export async function loginAs(page: Page, baseUrl: string, username: string, password = 'demo1234'): Promise<void> {
  await page.goto(`${baseUrl}/Login`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.endsWith('/Login') && !url.hash.includes('/Login'), { timeout: 20_000 });
}
