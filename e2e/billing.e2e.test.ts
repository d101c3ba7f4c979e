import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pageApiData } from './support/api.js';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { dismissPending, open, sessionValue } from './support/console.js';

const baseUrl = inject('baseUrl');

interface Expense {
  range: { from: string; to: string };
  total: { cost: number; bands: { band: string; energy: number; cost: number }[] };
  bill?: { total: number };
}
interface Tariff {
  id: number;
  valid_to: string | null;
  months: { month: number; prices: Record<string, number> }[];
}

/** Fills an antd InputNumber by its test id (the id may sit on the input or on its wrapper). */
async function fillNumber(page: Page, testId: string, value: string) {
  const el = page.getByTestId(testId);
  const input = (await el.evaluate((e) => e.tagName)) === 'INPUT' ? el : el.locator('input').first();
  await input.fill(value);
  await input.blur();
}

/** Issue 14 item 5: a price changed on /RunSetup/BillingSet changes the expense report accordingly. */
describe('billing', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('a site user raises a band price of the current tariff and the expense report follows it', async () => {
    const page = await newPage(browser, { lang: 'zh' });
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
    const projectId = await sessionValue<number>(page, 'proID');
    const expense = (body: object) => pageApiData<Expense>(page, baseUrl, '/api/v6/energy/expense', { body: { project_id: projectId, ...body } });

    // The previous month is closed history: its figures only move with the tariff.
    const current = await expense({ period: 'month' });
    const prevDate = new Date(Date.parse(`${current.range.from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const before = await expense({ period: 'month', date: prevDate });
    const band = before.total.bands.filter((b) => b.energy > 0).sort((a, b) => b.energy - a.energy)[0]!;
    const prevMonth = Number(prevDate.slice(5, 7));
    const curMonth = Number(current.range.from.slice(5, 7));

    await open(page, '/EnergyManage/PowerExpense', 'energy-expense', { loading: 'energy-loading' });
    const card = page.getByTestId('ex-cost');
    await card.waitFor();
    await page.getByTestId('expense-bill').waitFor();
    const cardBefore = await card.innerText();

    const tariffs = await pageApiData<Tariff[]>(page, baseUrl, `/api/v6/billing/tariffs?project_id=${projectId}`, { method: 'GET' });
    const latest = tariffs.at(-1)!;
    const oldPrice = latest.months.find((m) => m.month === prevMonth)!.prices[band.band]!;
    const newPrice = Math.round((oldPrice + 0.5) * 1000) / 1000;

    await open(page, '/RunSetup/BillingSet', 'billing-page');
    await page.getByTestId(`billing-edit-${latest.id}`).click();
    await page.getByTestId('billing-form').waitFor();
    for (const m of new Set([prevMonth, curMonth])) {
      await page.getByTestId('billing-month').getByText(String(m), { exact: true }).click();
      await fillNumber(page, `billing-price-${band.band}`, String(newPrice));
    }
    await page.getByTestId('billing-save').click();
    await page.getByTestId('billing-form').waitFor({ state: 'detached' });

    // The previous month: that band's energy costs exactly Δprice more.
    const after = await expense({ period: 'month', date: prevDate });
    expect(after.total.cost - before.total.cost).toBeCloseTo(band.energy * (newPrice - oldPrice), 0);
    expect(after.bill!.total).toBeGreaterThan(before.bill!.total);

    // The page shows the new figure of the current month.
    await open(page, '/EnergyManage/PowerExpense', 'energy-expense', { loading: 'energy-loading' });
    await expect.poll(async () => page.getByTestId('ex-cost').innerText(), { timeout: 30_000 }).not.toBe(cardBefore);
    await page.context().close();
  });
});
