import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuxRule } from '@gridops/contract';
import { pageApiData } from './support/api.js';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { click, dismissPending, open, projectOf } from './support/console.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * An automation rule made on /RunSetup/AuxDeviceSet acts: the server evaluates it, switches the room's lights
 * on through the control flow (the simulated gateway executes the `aux` command), and AuxControl shows the
 * lights running and the control log entry by "自动控制：<rule>". (Switching a fan and adjusting a set-point by
 * hand with select-before-operate: e2e/aux-control.e2e.test.ts.)
 *
 * The shared e2e server runs without the automation tick (AUX_AUTOMATION_TICK_MS=0: the demo rules would switch
 * the fans other tests operate by hand), so this file starts its own server with the tick at 1 s. The rule's
 * condition holds at once (room temperature above −30 °C), so what the test waits for is the rule's own command.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ AUX_AUTOMATION_TICK_MS: '1000', SEED_HISTORY_DAYS: '0' });
  browser = await launchBrowser();
  // A second server's start: 154 s seen on a loaded machine; startServer itself gives up at 300 s.
}, 310_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Picks an option of the antd Select marked `testId` (in the open form) by its visible text. */
async function choose(page: Page, testId: string, text: string | RegExp): Promise<void> {
  await click(page, page.locator('.ant-modal').getByTestId(testId).locator('xpath=ancestor-or-self::div[contains(@class,"ant-select")][1]'));
  await click(page, page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: text }).first());
}

/** The text input of an antd field marked `testId` (on the input itself or on its wrapper). */
const inputOf = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"] input, input[data-testid="${testId}"]`).first();

describe('automation of auxiliary devices', { timeout: 240_000 }, () => {
  it('a rule made on AuxDeviceSet switches the room lights on; AuxControl shows them running and the log by the rule', async () => {
    const baseUrl = server.baseUrl;
    const page = await newPage(browser, { lang: 'zh' });
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 4000, mayStayOpen: true });
    const projectId = await projectOf(page);

    await open(page, '/RunSetup/AuxDeviceSet', 'aux-device-set-page');
    await click(page, page.getByTestId('aux-tab-automation'));
    await click(page, page.getByTestId('aux-rules-add'));
    await inputOf(page, 'aux-rule-name').fill('测试：有温度即开灯');
    await inputOf(page, 'aux-rule-name-en').fill('Test: lights on with any temperature');
    await choose(page, 'aux-rule-device', '配电室照明');
    await choose(page, 'aux-rule-point', '°C');
    await inputOf(page, 'aux-rule-on').fill('-30');
    await inputOf(page, 'aux-rule-off').fill('-40');
    await inputOf(page, 'aux-rule-min-on').fill('0');
    await inputOf(page, 'aux-rule-min-off').fill('0');
    await click(page, page.getByTestId('aux-rules-save'));
    await page.locator('.ant-message', { hasText: '已保存' }).waitFor();

    const rules = () => pageApiData<AuxRule[]>(page, baseUrl, `/api/v6/aux-automation?project_id=${projectId}`, { method: 'GET' });
    const rule = (await rules()).find((r) => r.name_en === 'Test: lights on with any temperature')!;
    expect(rule).toMatchObject({ above: true, on_threshold: -30, off_threshold: -40, enabled: true });
    // The server's evaluation claims the transition and sends the command (the rule's state says so).
    await expect.poll(async () => (await rules()).find((r) => r.id === rule.id)?.last_action, { timeout: 60_000 }).toBe('on');

    await open(page, '/ElectricalRoom/AuxControl', 'aux-control');
    const lights = page.getByTestId(`aux-device-${rule.device_id}`);
    await expect.poll(() => lights.getAttribute('data-running'), { timeout: 30_000 }).toBe('true');
    const log = page.getByTestId('control-log');
    const byRule = log.getByTestId('log-automation').filter({ hasText: '测试：有温度即开灯' });
    await expect.poll(() => byRule.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    expect(await byRule.first().innerText()).toContain('自动控制');
    // Its result row: the simulated gateway executed the command.
    const resultRow = log.locator('[data-outcome="succeeded"]').filter({ hasText: '测试：有温度即开灯' });
    await expect.poll(() => resultRow.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    expect(await resultRow.first().innerText()).toContain('配电室照明');
    await page.context().close();
  });
});
