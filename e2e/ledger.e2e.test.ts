import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { demoPdf } from '../apps/server/src/seed/demoLedger.js';
import { pageApiData } from './support/api.js';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import type { Locator, Page } from 'playwright-core';
import { click, dismissPending, open, projectOf } from './support/console.js';

const baseUrl = inject('baseUrl');

interface LedgerItem {
  id: number;
  room_id: number | null;
  model: string;
  version: number;
  doc_count: number;
}

/** Clicks `target` until `shows` is visible: on a loaded machine a click can land after its timeout, and its retry then hits the drawer it opened. */
async function clickUntil(page: Page, target: Locator, shows: Locator) {
  await click(page, target).catch(async (e: unknown) => {
    if (!(await shows.isVisible())) throw e;
  });
  await shows.waitFor();
}

describe('equipment ledger', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('site (en): edit a nameplate, upload a document, open the room label sheet with its QR codes', async () => {
    const page = await newPage(browser, { lang: 'en' });
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
    const projectId = await projectOf(page);
    const devices = () => pageApiData<{ items: LedgerItem[] }>(page, baseUrl, `/api/v6/ledger/devices?project_id=${projectId}`, { method: 'GET' }).then((d) => d.items);
    const device = (await devices()).find((d) => d.room_id !== null && d.doc_count === 0)!;
    const model = `E2E-${Date.now() % 100000}`;

    await open(page, '/Ledger', 'ledger-table');
    await clickUntil(page, page.getByTestId(`ledger-device-${device.id}`), page.getByTestId('ledger-nameplate-form'));
    await page.getByTestId('ledger-model').fill(model);
    await click(page, page.getByTestId('ledger-nameplate-save'));
    await page.locator('.ant-message', { hasText: 'Nameplate saved' }).waitFor();
    await expect.poll(async () => (await devices()).find((d) => d.id === device.id)?.model).toBe(model);

    await click(page, page.getByTestId('ledger-tab-documents'));
    await page.getByTestId('ledger-doc-input').setInputFiles({ name: 'wiring diagram.pdf', mimeType: 'application/pdf', buffer: demoPdf(['Wiring diagram']) });
    await page.locator('[data-testid="ledger-docs"]', { hasText: 'wiring diagram.pdf' }).waitFor();
    await expect.poll(async () => (await devices()).find((d) => d.id === device.id)?.doc_count).toBe(1);
    await page.keyboard.press('Escape');

    const inRoom = (await devices()).filter((d) => d.room_id === device.room_id).length;
    await open(page, `/Ledger?labels=${device.room_id}`, 'ledger-sheet');
    const qr = page.getByTestId('ledger-qr');
    await expect.poll(() => qr.count()).toBe(inRoom + 1);
    // Every code drawn: the images decoded to a real size, and the codes are what the inspection phone reads.
    await expect.poll(() => qr.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0))).toBe(true);
    const codes = await page.getByTestId('ledger-label').evaluateAll((ls) => ls.map((l) => l.getAttribute('data-code')));
    expect(codes[0]).toBe(`GO1:R:${device.room_id}`);
    expect(codes).toContain(`GO1:D:${device.id}`);
    await page.context().close();
  });
});
