import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AiEvent } from '@gridops/contract';
import { pageApiData } from './support/api.js';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { click, dismissPending, open, projectOf } from './support/console.js';
import { GatewayCommander, simulatedGateways } from './support/gateway.js';

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
  let commander: GatewayCommander;
  beforeAll(async () => {
    browser = await launchBrowser();
    commander = await GatewayCommander.connect('video-ai');
  });
  afterAll(async () => {
    await commander?.end();
    await browser?.close();
  });

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

  it('an AI detection sent over the gateway protocol shows on /AISecurity live and is confirmed into an event', async () => {
    const page = await newPage(browser, { lang: 'en' });
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 3000, mayStayOpen: true });
    await open(page, '/AISecurity', 'ai-security-page');
    await page.getByTestId('ai-wall').waitFor();
    const projectId = await projectOf(page);
    const before = await pageApiData<{ list: AiEvent[] }>(page, baseUrl, `/api/v6/ai/events?project_id=${projectId}&size=1`, { method: 'GET' });
    const lastId = before.list[0]?.id ?? 0;

    // The site's simulated gateway: its camera's edge AI box reports a worker without a helmet.
    const gw = simulatedGateways().find((g) => g.project_id === projectId && g.devices.some((d) => d.kind === 'camera'))!;
    const camera = gw.devices.find((d) => d.kind === 'camera')!;
    const result = await commander.command(gw.sn, 'ai_event', { device_sn: camera.sn, type: 'no_helmet' });
    expect(result.ok).toBe(true);

    // It appears on the live wall (the page re-reads every few seconds), newest first.
    const handle = await page.waitForFunction(
      (last) => {
        const ids = [...document.querySelectorAll('[data-testid^="ai-card-"]')].map((e) => Number(e.getAttribute('data-testid')!.slice('ai-card-'.length)));
        return ids.find((id) => id > last) ?? false;
      },
      lastId,
      { timeout: 30_000 },
    );
    const id = (await handle.jsonValue()) as number;
    await expect.poll(async () => (await page.getByTestId(`ai-card-${id}`).textContent()) ?? '').toContain('No helmet');
    await page.getByTestId(`ai-card-${id}`).getByTestId('ai-box').first().waitFor();

    await click(page, page.getByTestId(`ai-confirm-${id}`).first());
    await page.getByTestId(`ai-card-${id}`).getByText('Confirmed').waitFor();
    const reviewed = await pageApiData<{ list: AiEvent[] }>(page, baseUrl, `/api/v6/ai/events?project_id=${projectId}&status=confirmed&size=50`, { method: 'GET' });
    const eventId = reviewed.list.find((e) => e.id === id)?.event_id;
    expect(eventId).toEqual(expect.any(Number));

    await open(page, '/ElectricalRoom/EvnManage');
    const row = page.getByTestId(`event-row-${eventId}`);
    await row.waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toMatch(/No helmet \(AI, \d+% confidence\)/);
    await page.close();
  });
});
