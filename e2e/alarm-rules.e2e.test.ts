import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AlarmRuleList, EventItem } from '@gridops/contract';
import { pageApiData } from './support/api.js';
import { launchBrowser, loginAs, liveSubscribed, newPage, popUpTexts, recordLivePopUps } from './support/browser.js';
import { click, dismissPending, open } from './support/console.js';
import { GatewayCommander, simulatedGateways } from './support/gateway.js';

/**
 * Issue 14 item 1 end to end: the site user overrides a shipped alarm rule for one simulated device on
 * /RunSetup/AlarmRuleSet, previews it against the device's stored history (the count is shown), saves it — and
 * the very next sample the gateway sends raises the event, which pops up in the same browser. Every wait is on
 * an event (the page's elements, the gateway's telemetry, the live pop-up), never on time.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
let commander: GatewayCommander;


/** Picks an option of the antd Select whose input has `id`, by its visible title. */
async function choose(page: Page, id: string, title: string): Promise<void> {
  await click(page, page.locator(`.ant-drawer #${id}`).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'));
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: title }).first().click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  commander = await GatewayCommander.connect('alarm-rules');
});
afterAll(async () => {
  await commander?.end();
  await browser?.close();
});

describe('alarm rules in the browser', () => {
  it('overrides a rule on a demo device, previews it against history, saves it, and the next sample raises the event', async () => {
    const gateway = simulatedGateways().find((g) => g.project_name === '苏州工业园光储充站' && g.devices.some((d) => d.kind === 'env_sensor'));
    expect(gateway).toBeDefined();
    const sensor = gateway!.devices.find((d) => d.kind === 'env_sensor')!;
    const page = await newPage(browser, { lang: 'zh' });
    // Every pop-up is kept as it comes (they leave after 10 s), so the check below cannot miss one.
    await recordLivePopUps(page);
    const live = liveSubscribed(page);
    await loginAs(page, baseUrl, 'site');
    await live;
    const ruleName = `门关闭测试${Date.now() % 100000}`;
    let created: number | null = null;
    try {
      await dismissPending(page, { waitMs: 4000, mayStayOpen: true });
      await open(page, '/RunSetup/AlarmRuleSet', 'alarm-rules');
      const list = await pageApiData<AlarmRuleList>(page, baseUrl, `/api/v6/alarm-rules?project_id=${gateway!.project_id}`, { method: 'GET' });
      const door = list.rules.find((r) => r.scope === 'default' && r.device_kind === 'env_sensor' && r.point_key === 'door');
      expect(door, 'the shipped door rule').toBeDefined();
      await click(page, page.getByTestId(`alarm-rule-override-${door!.id}`));
      await page.getByTestId('alarm-rule-form').waitFor();

      // The draft: "door closed (0) is an alarm" on this one sensor, level Ⅲ, type alarm — true of nearly every sample.
      await choose(page, 'device_id', sensor.name);
      await page.locator('.ant-drawer #threshold').fill('0');
      await page.locator('.ant-drawer #off_delay_s').fill('0');
      await choose(page, 'level', 'Ⅲ级');
      await choose(page, 'event_type', '告警');
      await page.locator('.ant-drawer #name').fill(ruleName);
      await page.locator('.ant-drawer #name_en').fill(`Door closed test ${ruleName.slice(5)}`);

      // Preview against the stored history: the count is shown next to the current rule's.
      await click(page, page.getByTestId('alarm-rule-preview-run'));
      const count = page.getByTestId('preview-draft-count');
      await count.waitFor({ timeout: 60_000 });
      expect(Number(await count.getAttribute('data-count'))).toBeGreaterThanOrEqual(0);
      expect(await page.getByTestId('preview-current-count').textContent()).toMatch(/次/);

      // Save, then wait for the gateway's next sample with the door closed: it raises the event, live.
      const nextClosed = await commander.nextTelemetry(gateway!.sn, sensor.sn, 'door', 0);
      await click(page, page.getByTestId('alarm-rule-save'));
      await page.getByTestId('alarm-rule-form').waitFor({ state: 'detached', timeout: 20_000 });
      const after = await pageApiData<AlarmRuleList>(page, baseUrl, `/api/v6/alarm-rules?project_id=${gateway!.project_id}`, { method: 'GET' });
      created = after.rules.find((r) => r.name === ruleName)?.id ?? null;
      expect(created).not.toBeNull();
      await nextClosed();
      // First the server: the rule raised its event (found by the rule's name in the message). Then the browser:
      // that event came up as a pop-up with its level.
      const savedAt = Date.now() - 60_000;
      await expect
        .poll(
          async () => {
            const r = await pageApiData<{ list: EventItem[] }>(page, baseUrl, `/api/v6/event/list?project_id=${gateway!.project_id}&from=${encodeURIComponent(new Date(savedAt).toISOString())}&size=50`, { method: 'GET' });
            return r.list.some((e) => e.message.includes(ruleName));
          },
          { timeout: 90_000 },
        )
        .toBe(true);
      await expect.poll(async () => (await popUpTexts(page)).filter((t) => t.includes(ruleName)), { timeout: 30_000 }).not.toEqual([]);
      expect((await popUpTexts(page)).find((t) => t.includes(ruleName))).toContain('Ⅲ级');
    } finally {
      if (created !== null) {
        const now = await pageApiData<AlarmRuleList>(page, baseUrl, `/api/v6/alarm-rules?project_id=${gateway!.project_id}`, { method: 'GET' });
        const r = now.rules.find((x) => x.id === created);
        if (r) await pageApiData(page, baseUrl, `/api/v6/alarm-rules/${r.id}?version=${r.version}`, { method: 'DELETE' });
      }
      await page.context().close();
    }
  });
});
