/**
 * Screenshots of issue 30 (the operations-centre wall screen): /CentreWall as the centre user at 1920×1080 and
 * 3840×2160, zh and en, after the figures and the map have drawn.
 * Usage: node scripts/build-if-needed.mjs && npx tsx e2e/screenshots/wall.ts
 * Writes docs/screenshots/wall/wall-<1080|2160>-<zh|en>.png.
 */
import { launchBrowser, loginAs, newPage } from '../support/browser.js';
import { dismissPending, open, shot } from '../support/console.js';
import { startServer } from '../support/server.js';

const SIZES = [
  { name: '1080', width: 1920, height: 1080 },
  { name: '2160', width: 3840, height: 2160 },
] as const;

async function main() {
  const browser = await launchBrowser();
  const demo = await startServer();
  try {
    for (const lang of ['zh', 'en'] as const) {
      for (const size of SIZES) {
        const page = await newPage(browser, { lang, width: size.width, height: size.height, pending: 'muted', timezoneId: 'Asia/Shanghai' });
        await loginAs(page, demo.baseUrl, 'centre');
        await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
        await open(page, '/CentreWall', 'wall');
        await page.locator('[data-testid="wall"][data-generated]:not([data-generated=""])').waitFor({ timeout: 120_000 });
        await page.getByTestId('wall-map').locator('canvas').first().waitFor({ timeout: 60_000 });
        await page.getByTestId('wall-curve').locator('canvas').first().waitFor({ timeout: 60_000 });
        await shot(page, `wall/wall-${size.name}-${lang}`, { fullPage: false, settleMs: 2500 });
        await page.context().close();
      }
    }
  } finally {
    await browser.close();
    await demo.stop();
  }
}

void main();
