/**
 * Screenshots of the events, history, analysis, security and robot pages, zh and en, as the `site` user.
 * Usage: npx tsx e2e/screenshots/analysis.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 * Writes docs/screenshots/analysis-<page>-<zh|en>.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from '../support/browser.js';

const baseUrl = (process.argv[2] ?? process.env.GRIDOPS_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const only = process.env.ONLY?.split(',');

async function dismissPending(page: Page) {
  const button = page.locator('[data-testid="pending-acknowledged"], [data-testid="pending-later"]').first();
  try {
    await button.waitFor({ state: 'visible', timeout: 6000 });
    await button.click();
    await page.locator('.pending-dialog').waitFor({ state: 'hidden' });
  } catch {
    // no dialog this time
  }
}

async function shot(page: Page, name: string, fullPage = true) {
  // Let charts, images and antd motion settle.
  await page.waitForTimeout(1500);
  const file = path.join(outDir, `analysis-${name}.png`);
  await page.screenshot({ path: file, fullPage });
  console.log('wrote', path.relative(process.cwd(), file));
}

/** Path, what to wait for, and an optional step before the picture. */
const pages: { name: string; path: string; ready: string; before?: (p: Page) => Promise<void>; viewportOnly?: boolean }[] = [
  { name: 'events', path: '/ElectricalRoom/EvnManage', ready: 'events-page' },
  {
    name: 'event-drawer',
    path: '/ElectricalRoom/EvnManage',
    ready: 'events-page',
    // The drawer is as tall as the window; a full-page picture would cut it off halfway.
    viewportOnly: true,
    before: async (p) => {
      await p.locator('[data-testid^="event-row-"]').first().locator('td').nth(3).click();
      await p.getByTestId('event-drawer').waitFor();
      await p.getByTestId('event-curve').locator('[data-testid="chart"], [data-testid="chart-empty"], .ant-empty').first().waitFor({ timeout: 15_000 });
    },
  },
  { name: 'stats', path: '/ElectricalRoom/AnalReport', ready: 'stats-table' },
  { name: 'curves', path: '/ElectricalRoom/AnalReport/HisdataCts', ready: 'chart' },
  { name: 'special', path: '/ElectricalRoom/AnalReport/SpecAnaly', ready: 'special-standard' },
  {
    name: 'special-load',
    path: '/ElectricalRoom/AnalReport/SpecAnaly',
    ready: 'special-standard',
    before: async (p) => {
      await p.getByTestId('special-tab-load-rate').click();
      await p.locator('[data-testid="special-load-rate"] [data-testid="chart"], [data-testid="special-load-rate"] [data-testid="state-empty"]').first().waitFor({ timeout: 30_000 });
    },
  },
  { name: 'security', path: '/ElectricalRoom/SecMonitor', ready: 'camera-grid' },
  { name: 'robot', path: '/ElectricalRoom/RobMonitor', ready: 'robot-inspections' },
];

async function capture(browser: Browser, lang: 'zh' | 'en') {
  const page = await newPage(browser, { lang, width: 1600, height: 1000 });
  await loginAs(page, baseUrl, 'site');
  await dismissPending(page);
  for (const p of pages) {
    if (only && !only.includes(p.name)) continue;
    await page.goto(`${baseUrl}${p.path}`);
    await dismissPending(page);
    await page.getByTestId(p.ready).first().waitFor({ timeout: 30_000 });
    if (p.before) await p.before(page);
    await shot(page, `${p.name}-${lang}`, !p.viewportOnly);
  }
  await page.context().close();
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
