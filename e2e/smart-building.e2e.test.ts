import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { click, dismissPending, open } from './support/console.js';

/**
 * Smart building on live simulator data (docs/smart-building.md): the Hangzhou office tower's chiller gets a
 * new chilled-water set-point from /IntergralBuilding (select → password → the simulated gateway executes the
 * `building` command), the chiller reports the new set-point, and the page's control log shows the steps.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('smart building', { timeout: 240_000 }, () => {
  it('changes a chiller set-point with select-before-operate; the simulated chiller follows; the control log has it', async () => {
    const page = await newPage(browser, { lang: 'zh' });
    await loginAs(page, baseUrl, 'xihu');
    await dismissPending(page, { waitMs: 4000 });
    await open(page, '/IntergralBuilding', 'building-page');

    const row = page.locator('[data-testid^="unit-chiller-"][data-name="Chiller 2"]');
    await row.waitFor({ timeout: 30_000 });
    const id = Number((await row.getAttribute('data-testid'))!.replace('unit-chiller-', ''));
    // Once the simulated chiller has reported.
    await expect.poll(() => row.getByTestId('setpoint-value').getAttribute('data-value'), { timeout: 60_000 }).not.toBe('');
    const current = Number(await row.getByTestId('setpoint-value').getAttribute('data-value'));
    const target = current === 8.5 ? 9 : 8.5;
    await page.locator(`[data-testid="sp-input-${id}"] input, input[data-testid="sp-input-${id}"]`).first().fill(String(target));
    await click(page, page.getByTestId(`sp-set-${id}`));
    expect(await page.getByTestId('confirm-action').getAttribute('data-action')).toBe('setpoint');
    expect(await page.getByTestId('confirm-action').textContent()).toContain(String(target));
    await page.getByTestId('control-password').fill('demo1234');
    await click(page, page.getByTestId('control-execute'));
    await page.locator('[data-testid="control-result"]').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('control-result').getAttribute('data-result')).toBe('succeeded');
    await click(page, page.getByTestId('control-close'));

    // The simulated chiller now reports the new set-point (its next telemetry).
    await expect.poll(() => row.getByTestId('setpoint-value').getAttribute('data-value'), { timeout: 30_000 }).toBe(String(target));
    const log = page.getByTestId('control-log');
    await expect.poll(async () => (await log.textContent()) ?? '', { timeout: 20_000 }).toContain(`chw_set=${target}`);
    expect(await log.textContent()).toContain('2#冷水机组');
    await page.context().close();
  });

  it("changes an AHU's schedule with select-before-operate; the page and the log show the new hours", async () => {
    const page = await newPage(browser, { lang: 'zh' });
    await loginAs(page, baseUrl, 'xihu');
    await dismissPending(page, { waitMs: 4000 });
    await open(page, '/IntergralBuilding', 'building-page');
    const row = page.locator('[data-testid^="unit-ahu-"][data-name="AHU 2F"]');
    await row.waitFor({ timeout: 30_000 });
    const id = Number((await row.getAttribute('data-testid'))!.replace('unit-ahu-', ''));
    const shown = page.getByTestId(`schedule-${id}`);
    const before = (await shown.textContent()) ?? '';
    const toEveryday = before.startsWith('工作日');
    await click(page, page.getByTestId(`schedule-edit-${id}`));
    await click(page, page.getByTestId(`schedule-days-${id}`));
    await click(page, page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: toEveryday ? '每天' : '工作日' }));
    await click(page, page.getByTestId(`schedule-send-${id}`));
    expect(await page.getByTestId('confirm-action').getAttribute('data-action')).toBe('schedule');
    expect(await page.getByTestId('confirm-action').textContent()).toContain('运行时段改为');
    await page.getByTestId('control-password').fill('demo1234');
    await click(page, page.getByTestId('control-execute'));
    await page.locator('[data-testid="control-result"]').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('control-result').getAttribute('data-result')).toBe('succeeded');
    await click(page, page.getByTestId('control-close'));
    const expected = `${toEveryday ? '每天' : '工作日'}${before.slice(before.indexOf(' '))}`;
    await expect.poll(async () => shown.textContent(), { timeout: 20_000 }).toBe(expected);
    const log = page.getByTestId('control-log');
    await expect.poll(async () => (await log.textContent()) ?? '', { timeout: 20_000 }).toContain(`schedule=${toEveryday ? 'everyday' : 'weekdays'}`);
    await page.context().close();
  });

  it('shows the page in English', async () => {
    const page = await newPage(browser, { lang: 'en' });
    await loginAs(page, baseUrl, 'xihu');
    await dismissPending(page, { waitMs: 4000 });
    await open(page, '/IntergralBuilding', 'building-page');
    await page.getByTestId('floor-3F').waitFor({ timeout: 30_000 });
    const text = (await page.getByTestId('building-page').textContent()) ?? '';
    expect(text).toContain('Chiller plant');
    expect(text).toContain('Office tower');
    expect(text).not.toMatch(/[\u4e00-\u9fff]/);
    await page.context().close();
  });
});
