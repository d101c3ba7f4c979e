import { chromium, type Browser, type Download, type Page } from 'playwright-core';
import { PENDING_MUTED_KEY } from '../../apps/web/src/features/notices/pendingMuted.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const launchOptions = {
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
};

/** Where the e2e project's one Chromium listens (set by its global setup for the test files). */
export const BROWSER_WS_ENV = 'GRIDOPS_E2E_BROWSER_WS';

/**
 * Debian's Chromium, headless, with the flags this closed network needs (no background connections). Under the
 * e2e project this connects to the run's one Chromium (globalSetup.ts) instead of starting another per file (each
 * start cost 1–3 s of CPU): every context stays a fresh profile of its own, and `close()` on a connected browser
 * closes this file's contexts and disconnects, leaving the shared Chromium to the others. Outside it (screenshot
 * scripts) it launches its own.
 */
export async function launchBrowser(): Promise<Browser> {
  const shared = process.env[BROWSER_WS_ENV];
  return shared ? chromium.connect(shared) : chromium.launch(launchOptions);
}

/** The run's shared Chromium, for the e2e global setup. */
export const launchBrowserServer = () => chromium.launchServer(launchOptions);

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
  opts: { lang?: 'zh' | 'en'; width?: number; height?: number; timezoneId?: string; pending?: 'muted' | 'shown' } = {},
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
  // The pending-events dialog muted from the login on ("don't pop up again this session" for whoever logs in), as
  // dismissPending would after its first close: it no longer opens over a test's clicks, and no test waits for it
  // to come up only to close it. Tests about the dialog (or reading it) ask for `pending: 'shown'`; screenshot
  // scripts (outside vitest) show it by default.
  if ((opts.pending ?? (process.env.VITEST ? 'muted' : 'shown')) === 'muted') {
    await context.addInitScript((key) => {
      const setItem = Storage.prototype.setItem;
      // The console keeps the logged-in user in sessionStorage's userInfo: the mute follows it.
      Storage.prototype.setItem = function (this: Storage, name: string, value: string) {
        setItem.call(this, name, value);
        if (this !== window.sessionStorage || name !== 'userInfo') return;
        try {
          const id = (JSON.parse(value) as { id?: number } | null)?.id;
          if (id !== undefined) setItem.call(this, key, String(id));
        } catch {
          // not JSON: nothing to mute for
        }
      };
    }, PENDING_MUTED_KEY);
  }
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`[csp-violation] ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile || '?'}:${e.lineNumber}`));
  });
  // Navigations (goto, waitForURL) end on their event; the limit only stops a hang, and a busy 2-core machine
  // needs more than Playwright's default 30 s for a first load of the console.
  context.setDefaultNavigationTimeout(90_000);
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
  // Waits for the login form itself, not for the page's `load` (every image and font): on a loaded machine that
  // took over the default 30 s while the form was long usable.
  await page.goto(`${baseUrl}/Login`, { waitUntil: 'commit' });
  await page.getByTestId('login-username').waitFor({ timeout: 90_000 });
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.endsWith('/Login') && !url.hash.includes('/Login'), { timeout: 60_000 });
}

/**
 * A download's bytes. Read through its stream, not `download.path()`: the path is not available to a browser
 * connected remotely (the e2e project's one shared Chromium).
 */
export async function downloadBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Resolves once the console's live client has subscribed to its topics (it logs that, spec §8). Call it before
 * the login: a live event pushed before the subscription is never delivered (clean session), so a test that
 * stages an event and waits for its pop-up must wait for this first.
 */
export function liveSubscribed(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('console', (m) => {
      if (m.text().includes('[live] subscribed')) resolve();
    });
  });
}

/** Every live-event pop-up the page ever shows, kept in `window.__liveEventTexts` (pop-ups leave after 10 s). */
export async function recordLivePopUps(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __liveEventTexts: string[] };
    w.__liveEventTexts = [];
    const seen = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('.live-event-notification')) {
        if (seen.has(el)) continue;
        seen.add(el);
        w.__liveEventTexts.push(el.textContent ?? '');
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The texts `recordLivePopUps` has kept so far. */
export const popUpTexts = (page: Page) => page.evaluate(() => (window as unknown as { __liveEventTexts: string[] }).__liveEventTexts);
