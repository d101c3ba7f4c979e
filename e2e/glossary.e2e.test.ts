import { quantityDefinition } from '@gridops/contract';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { dismissPending, open } from './support/console.js';

const baseUrl = inject('baseUrl');
const value = async (card: Locator) => (await card.getByTestId('stat-value').first().innerText()).replace(/\s+/g, '');

/**
 * One name per quantity (issue 26 item 5): the monthly report's energy and the expense page's total are the same
 * figure — grid import — named and defined alike; the overview's TOU donut is grid import too, next to a
 * consumption that is a different quantity with its own definition.
 */
describe('energy glossary across pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('site (zh): last month’s grid import reads the same on the monthly report and the expense page, both named grid import', async () => {
    const page = await newPage(browser);
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 5000, mayStayOpen: true });

    await open(page, '/RunReport', 'run-report');
    const content = page.locator('[data-testid="mr-content"]:not([data-report=""])');
    // Last month's report: generated here unless another test already did.
    await page.locator('[data-testid="mr-content"], [data-testid="mr-not-generated"]').first().waitFor({ timeout: 60_000 });
    if ((await content.count()) === 0) await page.getByTestId('mr-generate').click();
    await content.waitFor({ timeout: 120_000 });
    const report = page.getByTestId('mr-total-energy');
    await expect.poll(() => report.locator('[data-quantity]').first().getAttribute('data-quantity')).toBe('grid_import');
    expect(await report.innerText()).toContain('电网购电量');
    const reported = await value(report);

    await open(page, '/EnergyManage/PowerExpense', 'energy-expense');
    await page.getByTestId('period-prev').click();
    const expense = page.getByTestId('ex-energy');
    await expect.poll(() => value(expense), { timeout: 30_000 }).toBe(reported);
    expect(await expense.locator('[data-quantity]').first().getAttribute('data-quantity')).toBe('grid_import');
    expect(await expense.innerText()).toContain('电网购电量');

    await open(page, '/EnergyManage/PowerOverview', 'energy-pw-overview');
    await page.getByTestId('pw-grid-import').getByTestId('stat-value').first().waitFor();
    expect(await page.getByTestId('pw-bands').locator('[data-quantity]').first().getAttribute('data-quantity')).toBe('grid_import');
    const consumption = page.getByTestId('pw-consumption-month').locator('[data-quantity]').first();
    expect(await consumption.getAttribute('data-quantity')).toBe('consumption');
    expect(await consumption.getAttribute('data-definition')).toBe(quantityDefinition('consumption', 'zh'));
    expect(await page.getByTestId('pw-branches').locator('[data-quantity]').first().getAttribute('data-quantity')).toBe('branch_energy');
    await page.context().close();
  });
});
