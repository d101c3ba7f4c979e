/**
 * Screenshots of the events, history, analysis, security and robot pages, zh and en, as the `site` user.
 * Usage: npx tsx e2e/screenshots/analysis.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 * Writes docs/screenshots/analysis-<page>-<zh|en>.png.
 */
import type { Browser, Page } from 'playwright-core';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, dismissPending, screenshotBaseUrl, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;
const only = process.env.ONLY?.split(',');

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
  {
    name: 'curves-30d',
    path: '/ElectricalRoom/AnalReport/HisdataCts',
    ready: 'chart',
    // The fourth preset, "last 30 days": served from the quarter-hour rollups (the seeded month plus live data).
    before: async (p) => {
      await p.locator('[data-testid="range-preset"] .ant-segmented-item').nth(3).click();
      await p.locator('[data-testid="curves-chart"][data-source="quarter_hour"]').waitFor({ timeout: 20_000 });
      await p.waitForTimeout(1000);
    },
  },
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
  await dismissPending(page, { waitMs: 6000, mayStayOpen: true });
  for (const p of pages) {
    if (only && !only.includes(p.name)) continue;
    await page.goto(`${baseUrl}${p.path}`);
    await dismissPending(page, { waitMs: 6000, mayStayOpen: true });
    await page.getByTestId(p.ready).first().waitFor({ timeout: 30_000 });
    if (p.before) await p.before(page);
    await shot(page, `analysis-${p.name}-${lang}`, { fullPage: !p.viewportOnly });
  }
  await page.context().close();
}

await captureAll(capture);
