import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import type { Browser } from 'playwright-core';
import { pageApi } from './support/api.js';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { dismissPending, open, projectOf } from './support/console.js';

const baseUrl = inject('baseUrl');

describe('device templates (/RunSetup/DevTemplateSet) and the bulk import', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('copy a built-in template, refuse a duplicate key in the form, save; import a sheet with a bad row (nothing written), then the fixed sheet', async () => {
    const page = await newPage(browser, { lang: 'en' });
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
    await open(page, '/RunSetup/DevTemplateSet', 'dev-template-set');
    await page.getByTestId('copy-water_meter').click();
    await page.getByTestId('point-table').waitFor();
    const suffix = Date.now().toString(36).toUpperCase();
    const nameEn = `E2E water ${suffix}`;
    await page.getByTestId('template-name').fill(`E2E 水表 ${suffix}`);
    await page.getByTestId('template-name-en').fill(nameEn);
    const keyInputs = page.locator('[data-testid="point-table"] .ant-table-tbody tr.ant-table-row td:first-child input');
    await keyInputs.nth(1).fill('flow');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.getByText('Duplicate point key').first().waitFor();
    await keyInputs.nth(1).fill('EW');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.locator('.ant-modal').waitFor({ state: 'hidden' });
    await page.getByTestId('custom-templates').getByText(nameEn).waitFor();

    await open(page, '/RunSetup/DevMonitorSet', 'dev-monitor-set');
    const projectId = await projectOf(page);
    const gateways = await pageApi<{ sn: string }[]>(page, baseUrl, `/api/v6/gateway/list?project_id=${projectId}`, { method: 'GET' });
    const gw = gateways.data[0]!.sn;
    await page.getByRole('tab', { name: 'Devices', exact: true }).click();
    await page.getByTestId('device-table').waitFor();
    const sheet = async (rows: string[][]) =>
      writeXlsxFile([['gateway_sn', 'device_sn', 'name', 'name_en', 'template', 'room'], ...rows].map((r) => r.map((value) => ({ value })))).toBuffer();
    const upload = async (rows: string[][]) =>
      page.locator('input[type=file]').setInputFiles({ name: 'devices.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await sheet(rows) });
    const good = [gw, `WM-${suffix}`, `水表 ${suffix}`, `Water meter ${suffix}`, nameEn, ''];
    await upload([good, [gw, `WM2-${suffix}`, '', `Water meter 2 ${suffix}`, 'no-such-template', '']]);
    await page.getByTestId('import-report').waitFor();
    await page.getByText('No device template or kind "no-such-template"').waitFor();
    const before = await pageApi<{ sn: string }[]>(page, baseUrl, `/api/v6/gateway/devices?project_id=${projectId}`, { method: 'GET' });
    expect(before.data.some((d) => d.sn === `WM-${suffix}`)).toBe(false);
    await page.locator('.ant-modal-close').click();
    await upload([good]);
    await page.getByText('1 device(s) imported').waitFor();
    await page.locator('.ant-modal-close').click();
    await page.getByTestId('device-table').getByText(`Water meter ${suffix}`).waitFor();
    await page.context().close();
  }, 120_000);
});
