/**
 * Screenshots of the diagram draft (docs/diagram-draft.md), zh and en: the "Generate draft" dialog, the editor with
 * the draft of the demo's distribution room (unsaved), and the live view of the saved draft. Starts its own demo
 * server from the built app.
 * Usage: node scripts/build-if-needed.mjs && npx tsx e2e/screenshots/diagramDraft.ts
 * Writes docs/screenshots/site-setup/diagram-draft-*.png.
 */
import type { Page } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from '../support/browser.js';
import { click, dismissPending, open, shot } from '../support/console.js';
import { startServer } from '../support/server.js';

/** docs/screenshots/site-setup/<name>.png, once the last save's toast is gone. */
const siteShot = (page: Page, name: string, fullPage = true) =>
  shot(page, `site-setup/${name}`, { settleMs: 800, fullPage, afterToasts: true });

async function main() {
  const browser = await launchBrowser();
  const demo = await startServer();
  try {
    for (const lang of ['zh', 'en'] as const) {
      const page = await newPage(browser, { lang, width: 1600, height: 1000 });
      await loginAs(page, demo.baseUrl, 'site');
      await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
      await open(page, '/RunSetup/SingleLineSet', 'single-line-set');
      await page.getByTestId('sld-editor').waitFor();
      await page.locator('.react-flow__node').first().waitFor();
      await click(page, page.getByTestId('sld-new'));
      await page.getByTestId('sld-name').fill(lang === 'zh' ? '草图' : '草图 (en)');
      await page.getByTestId('sld-name-en').fill('Draft');
      await click(page, page.locator('#sld-name-ok'));
      await page.getByTestId('sld-canvas-empty').waitFor();

      await click(page, page.getByTestId('sld-draft'));
      await page.getByTestId('sld-draft-room').waitFor();
      await siteShot(page, `diagram-draft-dialog-${lang}`, false);
      await click(page, page.locator('#sld-draft-ok'));
      await page.getByTestId('sld-dirty').waitFor();
      await siteShot(page, `diagram-draft-${lang}`, false);

      await click(page, page.getByTestId('sld-save'));
      await page.getByTestId('sld-version').waitFor();
      await open(page, '/ElectricalRoom/DevMonitor', 'dev-monitor');
      await click(page, page.getByTestId('tab-diagram'));
      await page.getByTestId('sld').waitFor();
      await click(page, page.getByTestId('sld-diagram'));
      await page
        .locator('.ant-select-item-option')
        .filter({ hasText: lang === 'zh' ? '草图' : 'Draft' })
        .first()
        .click();
      await page
        .locator('[data-testid="sld"] [data-state="closed"], [data-testid="sld"] [data-state="open"]')
        .first()
        .waitFor({ timeout: 30_000 });
      await siteShot(page, `diagram-draft-live-${lang}`, false);
      await page.context().close();
    }
  } finally {
    await browser.close();
    await demo.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
