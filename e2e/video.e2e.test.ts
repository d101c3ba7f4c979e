import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { dismissPending, open } from './support/console.js';

const baseUrl = inject('baseUrl');
const hasFfmpeg = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;

/** A fingerprint of what an <img> shows now (drawn into a canvas), so a test can wait for the picture to change. */
async function waitForNewFrame(page: Page, testId: string) {
  await page.waitForFunction(
    (id) => {
      const img = document.querySelector<HTMLImageElement>(`[data-testid="${id}"]`);
      if (!img || img.naturalWidth === 0) return false;
      const c = document.createElement('canvas');
      c.width = 160;
      c.height = 90;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0, 160, 90);
      const data = ctx.getImageData(0, 0, 160, 90).data;
      let h = 0;
      for (let i = 0; i < data.length; i += 7) h = (h * 31 + data[i]!) | 0;
      const w = window as unknown as { __frames?: Set<number> };
      w.__frames ??= new Set();
      w.__frames.add(h);
      return w.__frames.size >= 2;
    },
    testId,
    { timeout: 30_000, polling: 200 },
  );
}

describe('live video', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it.skipIf(!hasFfmpeg)('SecMonitor plays the demo cameras and their frames advance (skipped only when ffmpeg is not installed)', async () => {
    const page = await newPage(browser, { lang: 'zh' });
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 3000, mayStayOpen: true });
    await open(page, '/ElectricalRoom/SecMonitor', 'security-page');
    await page.getByTestId('camera-wall').waitFor();
    const players = page.locator('[data-testid^="live-player-"][data-kind="mjpeg"]');
    await players.first().waitFor();
    expect(await players.count()).toBeGreaterThanOrEqual(2);
    await waitForNewFrame(page, 'live-mjpeg');

    // The engine host's `securityvideo` message opens the dialog on that camera, playing.
    await page.evaluate(() => window.postMessage({ key: 'ueMessage', type: 'securityvideo', value: '' }, '*'));
    await page.getByTestId('video-dialog').locator('[data-testid="live-mjpeg"]').waitFor();
    await page.close();
  });
});
