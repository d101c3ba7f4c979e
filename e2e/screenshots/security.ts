/**
 * Screenshots of live video and AI security, zh and en: docs/screenshots/security/<view>-<zh|en>.png —
 * /RunSetup/SecMonitorSet (cameras and the form), /ElectricalRoom/SecMonitor playing, the engine's
 * `securityvideo` dialog, /AISecurity (after confirming one detection and marking one a false positive). Needs a
 * server with ffmpeg (the demo cameras then stream) and AI detections (e.g. SIM_AI_RATE=120 for a few minutes).
 * Usage: npx tsx e2e/screenshots/security.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, click, dismissPending, open, screenshotBaseUrl, screenshotDir, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;
fs.mkdirSync(path.join(screenshotDir, 'security'), { recursive: true });

/** Resolves once every live MJPEG <img> on the page has drawn a frame. */
async function framesDrawn(page: Page) {
  await page.getByTestId('live-mjpeg').first().waitFor();
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('[data-testid="live-mjpeg"]')].every((i) => i.naturalWidth > 0), undefined, { timeout: 30_000 });
}

async function capture(browser: Browser, lang: 'zh' | 'en') {
  const page = await newPage(browser, { lang, width: 1440, height: 900 });
  await loginAs(page, baseUrl, 'site');
  await dismissPending(page, { waitMs: 5000, mayStayOpen: true });

  await open(page, '/RunSetup/SecMonitorSet', 'sec-monitor-set');
  await page.getByTestId('camera-table').waitFor();
  await shot(page, `security/secmonitorset-${lang}`, { fullPage: false, settleMs: 800 });
  await click(page, page.getByTestId('camera-add'));
  await page.getByTestId('camera-name').fill(lang === 'zh' ? '2#配电室·门口摄像机' : 'Room 2 entrance');
  await page.getByTestId('camera-stream').fill('rtsp://admin:secret@10.0.0.21:554/stream1');
  await page.locator('.ant-modal-footer .ant-btn-primary').click();
  await page.locator('.ant-form-item-explain-error').first().waitFor();
  await shot(page, `security/secmonitorset-form-${lang}`, { fullPage: false, settleMs: 500 });
  await page.keyboard.press('Escape');

  await open(page, '/ElectricalRoom/SecMonitor', 'security-page');
  await framesDrawn(page);
  await shot(page, `security/secmonitor-${lang}`, { fullPage: false, settleMs: 1500, dismiss: true });

  await page.evaluate(() => window.postMessage({ key: 'ueMessage', type: 'securityvideo', value: '' }, '*'));
  await page.getByTestId('video-dialog').waitFor();
  await framesDrawn(page);
  await shot(page, `security/securityvideo-dialog-${lang}`, { fullPage: false, settleMs: 1500 });
  await page.keyboard.press('Escape');

  await open(page, '/AISecurity', 'ai-security-page');
  await page.locator('[data-testid^="ai-card-"]').first().waitFor({ timeout: 120_000 });
  for (const id of ['ai-confirm-', 'ai-false-']) {
    const button = page.locator(`[data-testid^="${id}"]`).first();
    if (await button.count()) await click(page, button);
    await page.waitForTimeout(800);
  }
  await shot(page, `security/aisecurity-${lang}`, { fullPage: true, settleMs: 2000, dismiss: true });
  await page.close();
}

await captureAll(capture);
