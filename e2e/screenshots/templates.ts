/**
 * Screenshots of /RunSetup/DevTemplateSet (template list, the form with its points table) and of the bulk
 * import report on /RunSetup/DevMonitorSet, zh and en: docs/screenshots/templates/<view>-<zh|en>.png.
 * Usage: npx tsx e2e/screenshots/templates.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 */
import fs from 'node:fs';
import path from 'node:path';
import writeXlsxFile from 'write-excel-file/node';
import type { Browser } from 'playwright-core';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, dismissPending, open, screenshotBaseUrl, screenshotDir, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;
fs.mkdirSync(path.join(screenshotDir, 'templates'), { recursive: true });

async function capture(browser: Browser, lang: 'zh' | 'en') {
  const site = await newPage(browser, { lang, width: 1440, height: 900 });
  await loginAs(site, baseUrl, 'site');
  await dismissPending(site, { waitMs: 5000, mayStayOpen: true });
  await open(site, '/RunSetup/DevTemplateSet', 'dev-template-set');
  await site.getByTestId('builtin-templates').waitFor();

  // Copy the catalogue's environment sensor into a custom template, add a point, save.
  await site.getByTestId('copy-env_sensor').click();
  await site.getByTestId('point-table').waitFor();
  const suffix = Date.now().toString(36).toUpperCase();
  await site.getByTestId('template-name').fill(`机房环境-${suffix}`);
  await site.getByTestId('template-name-en').fill(`Server room environment ${suffix}`);
  await site.getByTestId('add-point').click();
  const rows = site.locator('[data-testid="point-table"] .ant-table-tbody tr.ant-table-row');
  const last = rows.last();
  const inputs = last.locator('input');
  await inputs.nth(0).fill('co2');
  await inputs.nth(1).fill('二氧化碳');
  await inputs.nth(2).fill('CO2');
  await inputs.nth(3).fill('ppm');
  await shot(site, `templates/form-${lang}`, { fullPage: false, settleMs: 600 });
  await site.locator('.ant-modal-footer .ant-btn-primary').click();
  await site.locator('.ant-modal').waitFor({ state: 'hidden' });
  await shot(site, `templates/list-${lang}`, { fullPage: false, settleMs: 800 });

  // A bulk import with one bad row: the report, nothing written.
  await open(site, '/RunSetup/DevMonitorSet', 'dev-monitor-set');
  await site.getByRole('tab', { name: lang === 'zh' ? '设备' : 'Devices', exact: true }).click();
  await site.getByTestId('device-table').waitFor();
  const header = ['gateway_sn', 'device_sn', 'name', 'name_en', 'template', 'room'];
  const data = [header, ['NO-SUCH-GW', 'M-900', '电表 900', 'Meter 900', 'meter', ''], ['', 'bad/sn', '', 'Meter 901', 'pump', '']];
  const buffer = await writeXlsxFile(data.map((r) => r.map((value) => ({ value })))).toBuffer();
  await site.locator('input[type=file]').setInputFiles({ name: 'devices.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
  await site.getByTestId('import-report').waitFor();
  await shot(site, `templates/import-report-${lang}`, { fullPage: false, settleMs: 600 });
  await site.context().close();
}

await captureAll(capture);
