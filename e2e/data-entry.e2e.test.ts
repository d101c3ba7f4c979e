import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { formatInZone } from '@gridops/format';
import { pageApiData } from './support/api.js';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { click, dismissPending, open, projectOf } from './support/console.js';

const baseUrl = inject('baseUrl');
const ZONE = 'Asia/Shanghai';

interface Reading {
  id: number;
  value: number;
  consumption: number | null;
}

describe('data entry', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('site: enter a reading and see its consumption; a decreasing reading is refused on its field', async () => {
    const page = await newPage(browser, { lang: 'zh' });
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
    const projectId = await projectOf(page);
    // This test's own meter (diesel: no metering tree, so no other page's figures move) with a first reading.
    const meter = await pageApiData<{ id: number; version: number }>(page, baseUrl, '/api/v6/data-entry/meters', {
      body: { project_id: projectId, energy_type: 'diesel', name: `发电机油表 ${Date.now()}`, name_en: 'Generator fuel meter', multiplier: 1, room_id: null, tree_parent_id: null },
    });
    const now = Date.now();
    await pageApiData(page, baseUrl, '/api/v6/data-entry/readings', {
      body: { meter_id: meter.id, read_at: new Date(now - 26 * 3_600_000).toISOString(), value: 100, replacement: false, old_final_value: null, note: '', photo: null },
    });
    const readings = () => pageApiData<{ items: Reading[] }>(page, baseUrl, `/api/v6/data-entry/meters/${meter.id}/readings`, { method: 'GET' }).then((d) => d.items);

    await open(page, '/RunSetup/DataEntrySet', 'manual-meters');
    await click(page, page.getByTestId(`manual-meter-open-${meter.id}`));
    await page.getByTestId('readings-panel').getByText('发电机油表').first().waitFor();
    await click(page, page.getByTestId('readings-add'));
    await page.getByTestId('reading-read-at').fill(formatInZone(now - 2 * 3_600_000, ZONE, 'YYYY-MM-DD HH:mm'));
    await page.getByTestId('reading-value').fill('137.5');
    await click(page, page.getByTestId('readings-save'));
    await page.locator('.ant-message', { hasText: '已保存' }).waitFor();
    const entered = (await readings()).find((r) => r.value === 137.5)!;
    expect(entered.consumption).toBe(37.5);
    await page.getByTestId(`reading-used-${entered.id}`).filter({ hasText: '37.5' }).waitFor();

    // A later reading below it: refused by the server, the message on the reading field, nothing stored.
    await click(page, page.getByTestId('readings-add'));
    await page.getByTestId('reading-read-at').fill(formatInZone(now - 3_600_000, ZONE, 'YYYY-MM-DD HH:mm'));
    await page.getByTestId('reading-value').fill('120');
    await click(page, page.getByTestId('readings-save'));
    const fieldError = page.locator('.ant-form-item', { has: page.getByTestId('reading-value') }).locator('.ant-form-item-explain-error');
    await fieldError.waitFor();
    expect(await fieldError.innerText()).toContain('读数不能小于上一次读数 137.5');
    expect(await readings()).toHaveLength(2);

    await pageApiData(page, baseUrl, `/api/v6/data-entry/meters/${meter.id}?version=${meter.version}`, { method: 'DELETE' });
    await page.context().close();
  });
});
