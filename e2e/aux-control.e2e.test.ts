import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { click, dismissPending, open } from './support/console.js';

/**
 * Auxiliary devices on live simulator data: a fan switched on and an AC set-point adjusted from
 * /ElectricalRoom/AuxControl (select → password → the simulated gateway executes the `aux` command →
 * telemetry shows the new state), each with its control-log rows.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function confirm(page: Page) {
  await page.getByTestId('control-password').fill('demo1234');
  await click(page, page.getByTestId('control-execute'));
  await page.locator('[data-testid="control-result"]').waitFor({ timeout: 20_000 });
  expect(await page.getByTestId('control-result').getAttribute('data-result')).toBe('succeeded');
  await click(page, page.getByTestId('control-close'));
}

const idOf = async (page: Page, kind: string) => {
  const row = page.locator(`[data-testid^="aux-device-"][data-kind="${kind}"]`).first();
  await row.waitFor({ timeout: 30_000 });
  return { row, id: Number((await row.getAttribute('data-testid'))?.replace('aux-device-', '')) };
};

describe('auxiliary device control', { timeout: 240_000 }, () => {
  it('switches a fan on and adjusts an AC set-point; both in the control log', async () => {
    const page = await newPage(browser, { lang: 'zh' });
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 4000 });
    await open(page, '/ElectricalRoom/AuxControl', 'aux-control');

    const fan = await idOf(page, 'fan');
    await expect.poll(() => fan.row.getAttribute('data-running'), { timeout: 30_000 }).toBe('false');
    await click(page, page.getByTestId(`aux-op-${fan.id}-on`));
    expect(await page.getByTestId('confirm-action').getAttribute('data-action')).toBe('on');
    await confirm(page);
    await expect.poll(() => fan.row.getAttribute('data-running'), { timeout: 20_000 }).toBe('true');

    const ac = await idOf(page, 'air_conditioner');
    const input = page.locator(`[data-testid="aux-sp-input-${ac.id}"] input, input[data-testid="aux-sp-input-${ac.id}"]`).first();
    await input.fill('24');
    await click(page, page.getByTestId(`aux-sp-set-${ac.id}`));
    expect(await page.getByTestId('confirm-action').getAttribute('data-action')).toBe('setpoint');
    expect(await page.getByTestId('confirm-action').textContent()).toContain('24');
    await confirm(page);
    await expect.poll(() => ac.row.getByTestId('aux-setpoint').getAttribute('data-value'), { timeout: 20_000 }).toBe('24');

    const log = page.getByTestId('control-log');
    await expect.poll(() => log.locator('[data-outcome="succeeded"]').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    const text = await log.textContent();
    expect(text).toContain('1#精密空调');
    expect(text).toContain('temp_set=24');

    // Back as it was for the other tests.
    await click(page, page.getByTestId(`aux-op-${fan.id}-off`));
    await confirm(page);
    await expect.poll(() => fan.row.getAttribute('data-running'), { timeout: 20_000 }).toBe('false');
    await page.context().close();
  });
});
