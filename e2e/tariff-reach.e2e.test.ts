import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pageApiData } from './support/api.js';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { open, sessionValue } from './support/console.js';
import { startServer, type RunningServer } from './support/server.js';

interface Period { key: string; bands: { band: string; energy: number; cost: number }[]; tariffs: { name: string; version: number }[] }
interface Expense { range: { from: string; to: string }; periods: Period[] }
interface Tariff { id: number; name: string; version: number; valid_from: string; valid_to: string | null; months: { month: number; prices: Record<string, number> }[] }

/** Fills an antd InputNumber by its test id (the id may sit on the input or on its wrapper). */
async function fillNumber(page: Page, testId: string, value: string) {
  const el = page.getByTestId(testId);
  const input = (await el.evaluate((e) => e.tagName)) === 'INPUT' ? el : el.locator('input').first();
  await input.fill(value);
  await input.blur();
}

/** A table cell's number ("1,234.56" → 1234.56). */
const num = (text: string) => Number(text.replace(/[,\s]/g, ''));

/**
 * Issue 26 item 3: the tariff form opens on the site's month, says which months a price edit reaches
 * ("应用于：1–12月"), confirms what it saved and from when reports reprice, and the expense page prices the
 * current month at the new price and names the tariff version that priced each day. Its own server (a short
 * demo history, no simulator), so the shared demo's tariffs stay as the other tests expect them.
 */
describe('the reach of a tariff edit', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ SEED_HISTORY_DAYS: '4', SIMULATOR: 'off' }), launchBrowser()]);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('edits the peak price for all months, confirms it, and the expense page reads the new price', { timeout: 240_000 }, async () => {
    const baseUrl = server.baseUrl;
    const page = await newPage(browser, { lang: 'zh' });
    await loginAs(page, baseUrl, 'site');
    const projectId = await sessionValue<number>(page, 'proID');
    const expense = () => pageApiData<Expense>(page, baseUrl, '/api/v6/energy/expense', { body: { project_id: projectId, period: 'month' } });
    const tariffs = await pageApiData<Tariff[]>(page, baseUrl, `/api/v6/billing/tariffs?project_id=${projectId}`, { method: 'GET' });
    const before = await expense();
    const siteMonth = Number(before.range.from.slice(5, 7));
    // The open-ended tariff prices the current month; a past day of it with the most peak energy is read after.
    const tariff = tariffs.find((t) => t.valid_to === null)!;
    const peakOf = (p: Period) => p.bands.find((b) => b.band === 'peak')!;
    const day = [...before.periods].filter((p) => peakOf(p).energy > 0).sort((a, b) => peakOf(b).energy - peakOf(a).energy)[0]!;
    const oldPrice = tariff.months.find((m) => m.month === siteMonth)!.prices.peak!;
    const newPrice = Math.round((oldPrice + 0.0704) * 10_000) / 10_000;
    expect(peakOf(day).cost / peakOf(day).energy).toBeCloseTo(oldPrice, 2);

    await open(page, '/RunSetup/BillingSet', 'billing-page');
    // antd puts the test id on a radio button's hidden input: click its label.
    const scope = (s: 'this' | 'chosen' | 'all') => page.locator('label', { has: page.getByTestId(`billing-scope-${s}`) }).click();
    await page.getByTestId(`billing-edit-${tariff.id}`).click();
    await page.getByTestId('billing-form').waitFor();
    // It opens on the site's month, and a price typed reaches every month unless a narrower scope is chosen.
    await expect.poll(() => page.getByTestId('billing-month').locator('.ant-segmented-item-selected').innerText()).toBe(String(siteMonth));
    await expect.poll(() => page.getByTestId('billing-scope-reach').innerText()).toContain('应用于：1–12月');
    await scope('this');
    await expect.poll(() => page.getByTestId('billing-scope-reach').innerText()).toContain(`应用于：${siteMonth}月`);
    await scope('all');
    await expect.poll(() => page.getByTestId('billing-scope-reach').innerText()).toContain('应用于：1–12月');
    await fillNumber(page, 'billing-price-peak', String(newPrice));
    await page.getByTestId('billing-save').click();
    await page.getByTestId('billing-form').waitFor({ state: 'detached' });

    const saved = page.getByTestId('billing-saved');
    await saved.waitFor();
    expect(await saved.innerText()).toContain(`峰时电价 ${newPrice} 元/kWh，适用 1–12月`);
    expect(await page.getByTestId('billing-saved-repriced').innerText()).toContain(`电费报表自 ${tariff.valid_from} 起按新电价计价`);

    // The expense page: the day's peak cost is its peak energy at the new price, and the day names the tariff's new version.
    await open(page, '/EnergyManage/PowerExpense', 'energy-expense', { loading: 'energy-loading' });
    const caption = page.getByTestId(`ex-tariff-${day.key}`);
    await expect.poll(() => caption.innerText(), { timeout: 30_000 }).toContain(`${tariff.name} v${tariff.version + 1}`);
    const row = page.getByTestId('expense-period-table').locator(`tr[data-row-key="${day.key}"]`);
    // Columns: period, tariff, then energy and cost of each band (sharp, peak, flat, valley).
    const cells = row.locator('td');
    const energy = num(await cells.nth(4).innerText());
    const cost = num(await cells.nth(5).innerText());
    expect(energy).toBeCloseTo(peakOf(day).energy, 0);
    expect(cost / energy).toBeCloseTo(newPrice, 2);
    const after = (await expense()).periods.find((p) => p.key === day.key)!;
    expect(peakOf(after).cost / peakOf(after).energy).toBeCloseTo(newPrice, 3);
    await page.context().close();
  });
});
