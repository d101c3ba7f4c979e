import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { pageApiData } from './support/api.js';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { click, dismissPending, open, projectOf } from './support/console.js';

const baseUrl = inject('baseUrl');

describe('monthly operation report', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('site (zh): generate last month, see the sections, download the PDF (Chinese text), add a recipient', async () => {
    const page = await newPage(browser);
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
    const projectId = await projectOf(page);

    await open(page, '/RunReport', 'run-report');
    await click(page, page.getByTestId('mr-generate'));
    const content = page.locator('[data-testid="mr-content"]:not([data-report=""])');
    await content.waitFor({ timeout: 120_000 });
    const month = await content.getAttribute('data-month');
    for (const id of ['mr-total-energy', 'mr-daily', 'mr-energy', 'mr-events', 'mr-gateways', 'mr-meta']) await page.getByTestId(id).waitFor();
    await page.getByText('能耗与电费').first().waitFor();

    const download = page.waitForEvent('download');
    await click(page, page.getByTestId('mr-download-pdf'));
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-report-')), 'r.pdf');
    const d = await download;
    expect(d.suggestedFilename()).toBe(`monthly-report-${projectId}-${month}.pdf`);
    await d.saveAs(file);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('月度运行报告');
    expect(text).toContain('能耗与电费');

    await open(page, '/RunSetup/MonthReportSet', 'month-report-set');
    await click(page, page.getByTestId(`month-report-set-edit-${projectId}`));
    const address = `e2e-${Date.now() % 100000}@example.com`;
    const box = page.getByTestId('mr-set-recipients');
    await box.fill(`${await box.inputValue()}\n${address}`.trim());
    await click(page, page.getByTestId('month-report-set-save'));
    await page.getByTestId(`mr-set-recipients-${projectId}`).filter({ hasText: address }).waitFor();
    const saved = await pageApiData<{ items: { project_id: number; recipients: string[] }[] }>(page, baseUrl, '/api/v6/month-report/settings', { method: 'GET' });
    expect(saved.items.find((s) => s.project_id === projectId)!.recipients).toContain(address);
    await page.context().close();
  });

  it('site (en): the report page in English', async () => {
    const page = await newPage(browser, { lang: 'en' });
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
    await open(page, '/RunReport', 'run-report');
    await page.locator('[data-testid="mr-content"]:not([data-report=""])').waitFor({ timeout: 60_000 });
    await page.getByText('Energy and cost').first().waitFor();
    await page.getByText('Gateway availability').first().waitFor();
    await page.context().close();
  });
});
