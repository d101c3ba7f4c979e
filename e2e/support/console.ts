import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Frame, Locator, Page } from 'playwright-core';
import { PENDING_MUTED_KEY } from '../../apps/web/src/features/notices/pendingMuted.js';
import { launchBrowser } from './browser.js';

/** The pending-events dialog's two closing buttons ("acknowledged" and "later"). */
export const PENDING_BUTTONS = '[data-testid="pending-acknowledged"], [data-testid="pending-later"]';

export interface DismissOptions {
  /** How long to wait for the dialog to come up (ms); 0 (default) closes it only if it is up now. */
  waitMs?: number;
  /** Don't fail when the dialog does not close (it re-opens at once when new events arrive). */
  mayStayOpen?: boolean;
}

/**
 * Closes the pending-events dialog if it is (or, within `waitMs`, comes) up; it would cover the page. Then it
 * stays closed for the rest of this browser session: the console's "don't pop up again this session" is ticked
 * for the logged-in user (the key pendingMuted.ts reads). The live simulator raises new events at any moment,
 * and a dialog re-opening mid-click, mid-drag or mid-selection takes the pointer; tests whose subject is the
 * dialog read it before calling this, or open a new browser context. Resolves whether there was a dialog to
 * close. Works on a page or on a frame (the engine host's console).
 */
export async function dismissPending(
  page: Page | Frame,
  { waitMs = 0, mayStayOpen = false }: DismissOptions = {},
): Promise<boolean> {
  const button = page.locator(PENDING_BUTTONS).first();
  // Already muted for this user (newPage mutes from the login on, or an earlier call did): the dialog does not
  // come up by itself, so there is nothing to wait for.
  const muted = await page.evaluate((key) => {
    const user = JSON.parse(window.sessionStorage.getItem('userInfo') ?? 'null') as { id?: number } | null;
    return user?.id !== undefined && window.sessionStorage.getItem(key) === String(user.id);
  }, PENDING_MUTED_KEY);
  if (waitMs && !muted) await button.waitFor({ state: 'visible', timeout: waitMs }).catch(() => undefined);
  // Muted before closing, so that the dialog does not re-open over the closing animation either.
  await page.evaluate((key) => {
    const user = JSON.parse(window.sessionStorage.getItem('userInfo') ?? 'null') as { id?: number } | null;
    if (user?.id !== undefined) window.sessionStorage.setItem(key, String(user.id));
  }, PENDING_MUTED_KEY);
  if (!(await button.isVisible().catch(() => false))) return false;
  const dialog = page.locator('.pending-dialog');
  // A dialog re-opened just before the mute (an event raised meanwhile) stays up: close it again until it is gone.
  for (let attempt = 1; attempt <= 6; attempt++) {
    await button.click({ timeout: 5_000 }).catch(() => undefined);
    const closed = await dialog
      .waitFor({ state: 'hidden', timeout: 4_000 })
      .then(() => true)
      .catch(() => false);
    if (closed) return true;
  }
  if (!mayStayOpen) await dialog.waitFor({ state: 'hidden', timeout: 5_000 });
  return true;
}

/**
 * Picks the option labelled `text` of the antd Select `select`, and makes sure it was taken: the option list
 * can re-render (its query refetching) under the pointer, leaving the list open over the dialog's buttons.
 */
export async function chooseOption(page: Page, select: Locator, text: string, attempts = 3): Promise<void> {
  const openList = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').first();
  for (let attempt = 1; ; attempt++) {
    if (!(await openList.isVisible().catch(() => false))) await select.click();
    await openList.locator('.ant-select-item-option', { hasText: text }).first().click({ timeout: 10_000 });
    // The test id may sit on the Select's root or on its search input: read the chosen label from the root.
    const taken = await select
      .evaluate(
        (el, t) =>
          new Promise<boolean>((resolve) => {
            const root = el.closest('.ant-select') ?? el;
            // The list itself is portalled to <body>: the root's text is the chosen label (or the placeholder).
            const chosen = () => (root.textContent ?? '').includes(t);
            const started = Date.now();
            const check = () =>
              chosen()
                ? resolve(true)
                : Date.now() - started > 3_000
                  ? resolve(false)
                  : requestAnimationFrame(check);
            check();
          }),
        text,
      )
      .catch(() => false);
    if (taken) break;
    if (attempt >= attempts) {
      throw new Error(`chooseOption: "${text}" was not taken`);
    }
  }
  if (await openList.isVisible().catch(() => false)) await page.keyboard.press('Escape');
  await openList.waitFor({ state: 'hidden', timeout: 5_000 });
}

/** Clicks, closing the pending dialog first — also when it re-opens in between (new events arrive any time). */
export async function click(page: Page, target: Locator, attempts = 4): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await dismissPending(page);
    try {
      await target.click({ timeout: 5_000 });
      return;
    } catch (e) {
      if (attempt >= attempts) throw e;
    }
  }
}

export interface OpenOptions {
  /** Also wait (up to 20 s) until this loading placeholder has gone, then close the pending dialog again. */
  loading?: string;
}

/**
 * In-app navigation (history push + popstate, which the router follows, as the side menu does) instead of a
 * reload: the shell, the live client and the session's dismissed dialog stay. Closes the pending dialog first,
 * then waits for the page root `testId` (up to 20 s) or, without one, for the URL's path to be `route`.
 */
export async function open(
  page: Page,
  route: string,
  testId?: string,
  { loading }: OpenOptions = {},
): Promise<void> {
  await dismissPending(page);
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  if (testId) await page.getByTestId(testId).waitFor({ timeout: 20_000 });
  else await page.waitForURL((u) => u.pathname === route);
  if (loading) {
    await page
      .locator(`[data-testid="${loading}"]`)
      .first()
      .waitFor({ state: 'detached', timeout: 20_000 })
      .catch(() => undefined);
    await dismissPending(page);
  }
}

/**
 * Chooses a site in the header's site selector, as a centre user does: types `search`, picks the tree entry
 * titled `title`, waits for /SiteHome and closes the pending dialog the site brings (`dismiss`).
 */
export async function selectSite(
  page: Page,
  search: string,
  title: string,
  dismiss: DismissOptions = { waitMs: 4000 },
): Promise<void> {
  await click(page, page.getByTestId('site-selector'));
  await page.keyboard.type(search);
  await page.locator('.ant-select-tree-title', { hasText: title }).first().click();
  await page.waitForURL((u) => u.pathname === '/SiteHome');
  await dismissPending(page, dismiss);
}

/** A value the console keeps in sessionStorage (JSON), e.g. `token`, `proID`; `fallback` (null) when absent. */
export async function sessionValue<T = unknown>(
  page: Page,
  key: string,
  fallback: unknown = null,
): Promise<T> {
  return page.evaluate(([k, f]) => JSON.parse(window.sessionStorage.getItem(k) ?? JSON.stringify(f)) as T, [
    key,
    fallback,
  ] as const);
}

/** The project (site) the page has selected, from sessionStorage's `proID`. */
export const projectOf = (page: Page): Promise<number> => sessionValue<number>(page, 'proID');

// ---- screenshot scripts (`npx tsx e2e/screenshots/<name>.ts [url]`) ----

/** The server the screenshot scripts talk to: argv[2], GRIDOPS_URL or http://localhost:8080. */
export const screenshotBaseUrl = (
  process.argv[2] ??
  process.env.GRIDOPS_URL ??
  'http://localhost:8080'
).replace(/\/+$/, '');
/** Where the screenshot scripts write: docs/screenshots/. */
export const screenshotDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../docs/screenshots',
);

export interface ShotOptions {
  /** Time for charts, fonts and antd motion to settle first (ms). */
  settleMs?: number;
  /** The whole page (default) or only the viewport. */
  fullPage?: boolean;
  /** Close the pending dialog (if it is up) before the picture. */
  dismiss?: boolean;
  /** Wait (up to 10 s) for the last save's toast to go, so it does not cover the header. */
  afterToasts?: boolean;
}

/** Writes docs/screenshots/<name>.png after letting the page settle. */
export async function shot(
  page: Page,
  name: string,
  { settleMs = 1500, fullPage = true, dismiss = false, afterToasts = false }: ShotOptions = {},
): Promise<void> {
  if (afterToasts)
    await page
      .locator('.ant-message-notice')
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => undefined);
  await page.waitForTimeout(settleMs);
  if (dismiss) await dismissPending(page);
  const file = path.join(screenshotDir, `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage });
  console.log('wrote', path.relative(process.cwd(), file));
}

/** A screenshot script's main: one browser, `capture` once per language (zh, then en). */
export async function captureAll(
  capture: (browser: Browser, lang: 'zh' | 'en') => Promise<void>,
): Promise<void> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  const browser = await launchBrowser();
  try {
    for (const lang of ['zh', 'en'] as const) await capture(browser, lang);
  } finally {
    await browser.close();
  }
}
