/**
 * Screenshots of issue 26 item 10 (the worker's phone, 390×844): the pending dialog as cards, the inspection list
 * grouped today / overdue / later, the events list and the worker's home, zh and en.
 * Usage: node scripts/build-if-needed.mjs && npx tsx e2e/screenshots/workerPhone.ts
 * Writes docs/screenshots/phone/worker-<pending|home|inspect|events>-<zh|en>.png.
 */
import { launchBrowser, loginAs, newPage } from '../support/browser.js';
import { open, shot } from '../support/console.js';
import { startServer } from '../support/server.js';

const phone = { width: 390, height: 844 } as const;

async function main() {
  const browser = await launchBrowser();
  const demo = await startServer();
  try {
    for (const lang of ['zh', 'en'] as const) {
      const withDialog = await newPage(browser, { lang, ...phone, pending: 'shown' });
      await loginAs(withDialog, demo.baseUrl, 'worker');
      const dialog = withDialog.locator('.pending-dialog');
      await dialog.getByTestId('pending-cards').waitFor({ timeout: 60_000 });
      // shot() lets the page settle 1.5 s first: the modal's zoom-in has ended by then.
      await shot(withDialog, `phone/worker-pending-${lang}`, { fullPage: false });
      await withDialog.context().close();

      const page = await newPage(browser, { lang, ...phone, pending: 'muted' });
      await loginAs(page, demo.baseUrl, 'worker');
      for (const [route, testId, name] of [
        ['/WorkerHome', 'worker-shell', 'home'],
        ['/WorkerInspect', 'worker-inspect', 'inspect'],
        ['/WorkerEvent', 'worker-events', 'events'],
      ] as const) {
        await open(page, route, testId);
        await page.locator('.ant-skeleton').first().waitFor({ state: 'detached', timeout: 30_000 }).catch(() => undefined);
        await shot(page, `phone/worker-${name}-${lang}`, { fullPage: false });
      }
      await page.context().close();
    }
  } finally {
    await browser.close();
    await demo.stop();
  }
}

void main();
