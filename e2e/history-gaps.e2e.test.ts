import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { dismissPending, open } from './support/console.js';
import { demoWithOutage } from './support/outage.js';
import type { RunningServer } from './support/server.js';

/**
 * Issue 26, item 2, in the browser: on a demo whose gateways were down from 6 h to 3 h ago (data this test
 * deleted from its own server's store) and which was restarted, the 24 h history curve shows exactly that
 * outage as a "no data" band — and no other hole: not where the seeded history meets the live simulator,
 * not at the restart.
 */
describe('history curves: gaps are drawn as "no data", the demo has none of its own', () => {
  let browser: Browser;
  let server: RunningServer;
  beforeAll(async () => {
    browser = await launchBrowser();
    server = (await demoWithOutage([6, 3])).server;
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const lang of ['zh', 'en'] as const) {
    it(`the 24 h curve of 1# transformer has one "no data" band, the outage (${lang})`, async () => {
      const page = await newPage(browser, { lang });
      await loginAs(page, server.baseUrl, 'site');
      await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
      await open(page, '/ElectricalRoom/AnalReport/HisdataCts', 'history-curves');
      const chart = page.getByTestId('curves-chart');
      await expect.poll(() => chart.getAttribute('data-samples'), { timeout: 60_000 }).not.toBe('0');
      expect(Number(await chart.getAttribute('data-series'))).toBeGreaterThan(0);
      // The outage, and nothing else: the seed reaches the simulator's start, and the restart was filled.
      await expect.poll(() => chart.getAttribute('data-gaps'), { timeout: 30_000 }).toBe('1');
      await expect.poll(() => page.getByTestId('curves-gaps').textContent()).toContain(lang === 'zh' ? '无数据' : 'without data');
      await page.context().close();
    });
  }
});
