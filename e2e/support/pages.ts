import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { centrePages, sitePages, workerPages, type PageDef } from '../../apps/web/src/app/routes/pages.js';
import { repoRoot } from './server.js';

/**
 * The built pages of the console and how a page-scan test reads one (english-everywhere, no-internal-words):
 * every page of pages.ts that has a real module (a `page` of its own, or an entry in a feature's
 * pageModules.ts); the "under construction" frames are left out.
 */
export interface BuiltPage {
  key: string;
  path: string;
  /** The page's title in English and in Chinese (what `page-title` shows once it is open). */
  title: string;
  titleZh: string;
}

/** Keys of the feature pages: the entries of every features/<x>/pageModules.ts (`Key: async () => …`). */
export function featurePageKeys(): Set<string> {
  const features = path.join(repoRoot, 'apps/web/src/features');
  const keys = new Set<string>();
  for (const dir of fs.readdirSync(features)) {
    const file = path.join(features, dir, 'pageModules.ts');
    if (!fs.existsSync(file)) continue;
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/^\s+(\w+): async\b/gm)) keys.add(m[1]!);
  }
  return keys;
}

/** The built pages of one area with their full paths (a '' path is the parent's index page). */
export function builtPages(defs: readonly PageDef[], modules: Set<string>, parent = ''): BuiltPage[] {
  return defs.flatMap((d) => {
    const full = d.path.startsWith('/') ? d.path : d.path === '' ? parent : `${parent}/${d.path}`;
    if (d.children) return builtPages(d.children, modules, full);
    return d.page || modules.has(d.key) ? [{ key: d.key, path: full, title: d.en, titleZh: d.zh }] : [];
  });
}

/** Every key of pages.ts, parents included (the words a page must never show as text). */
export function allPageKeys(defs: readonly PageDef[] = [...centrePages, ...sitePages, ...workerPages]): string[] {
  return defs.flatMap((d) => [d.key, ...(d.children ? allPageKeys(d.children) : [])]);
}

export const pageModules = featurePageKeys();
export const BUILT_PAGES = {
  centre: builtPages(centrePages, pageModules),
  site: builtPages(sitePages, pageModules),
  worker: builtPages(workerPages, pageModules),
};

/** Counts the page's API requests still under way (the pages load their data through /api/). */
export function trackRequests(page: Page): () => number {
  let inflight = 0;
  const api = (u: string) => new URL(u).pathname.startsWith('/api/');
  page.on('request', (r) => void (api(r.url()) && inflight++));
  page.on('requestfinished', (r) => void (api(r.url()) && inflight--));
  page.on('requestfailed', (r) => void (api(r.url()) && inflight--));
  return () => inflight;
}

/** Waits until the page shows `title` and its data: no API request under way, no skeleton, no spinner. */
export async function settle(page: Page, inflight: () => number, title: string): Promise<void> {
  await expect.poll(() => page.getByTestId('page-title').first().textContent(), { timeout: 20_000 }).toBe(title);
  const idle = async () => inflight() === 0 && (await page.locator('.ant-skeleton, .ant-spin-spinning').count()) === 0 && inflight() === 0;
  // Twice in a row: a page whose second query starts when the first answers is not done after the first.
  for (let i = 0; i < 2; i++) await expect.poll(idle, { timeout: 30_000, interval: 300 }).toBe(true);
}
