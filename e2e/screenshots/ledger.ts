/**
 * Screenshots of the equipment ledger (/Ledger): the device list with warranty states, a device's drawer
 * (nameplate, documents, history) and the printable QR label sheet of a room, zh and en, as the Suzhou site
 * user: docs/screenshots/ledger/*.png. Uses the demo seed's nameplates and test reports as they are.
 * Usage: npx tsx e2e/screenshots/ledger.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 */
import type { Browser } from 'playwright-core';
import { pageApiData } from '../support/api.js';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, click, dismissPending, open, projectOf, screenshotBaseUrl, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;

async function capture(browser: Browser, lang: 'zh' | 'en') {
  const page = await newPage(browser, { lang });
  await loginAs(page, baseUrl, 'site');
  await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
  const projectId = await projectOf(page);
  const items = (await pageApiData<{ items: { id: number; kind: string; doc_count: number; room_id: number | null }[] }>(page, baseUrl, `/api/v6/ledger/devices?project_id=${projectId}`, { method: 'GET' })).items;
  const transformer = items.find((d) => d.kind === 'transformer' && d.doc_count > 0) ?? items[0]!;

  await open(page, '/Ledger', 'ledger-table', { loading: 'state-loading' });
  await shot(page, `ledger/list-${lang}`, { dismiss: true });
  const form = page.getByTestId('ledger-nameplate-form');
  await click(page, page.getByTestId(`ledger-device-${transformer.id}`)).catch(async (e: unknown) => {
    if (!(await form.isVisible())) throw e;
  });
  await form.waitFor();
  await shot(page, `ledger/nameplate-${lang}`, { fullPage: false });
  await click(page, page.getByTestId('ledger-tab-documents'));
  await page.locator('[data-testid^="ledger-doc-"]').first().waitFor();
  await shot(page, `ledger/documents-${lang}`, { fullPage: false });
  await click(page, page.getByTestId('ledger-tab-history'));
  await page.getByTestId('ledger-history').waitFor().catch(() => undefined);
  await shot(page, `ledger/history-${lang}`, { fullPage: false });
  await page.keyboard.press('Escape');

  await open(page, `/Ledger?labels=${transformer.room_id}`, 'ledger-sheet');
  await page.locator('[data-testid="ledger-qr"]').first().waitFor();
  await shot(page, `ledger/labels-${lang}`, { dismiss: true });
  await page.emulateMedia({ media: 'print' });
  await shot(page, `ledger/labels-print-${lang}`, { fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await page.context().close();
}

await captureAll(capture);
