import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { EventItem } from '@gridops/contract';
import { pageApiData } from './support/api.js';
import { launchBrowser, loginAs, liveSubscribed, newPage, popUpTexts, recordLivePopUps } from './support/browser.js';
import { dismissPending, open } from './support/console.js';
import { GatewayCommander, simulatedGateways } from './support/gateway.js';

/**
 * The live-data issue end to end: a fault staged on a simulated gateway goes through ingest and the alarm
 * engine, and reaches the browser of the site's user as a notification and in the pending list — and never
 * reaches the user of the other group.
 *
 * Every wait is on an event (the gateway's command result and telemetry, the page's live subscription, the
 * notification, the API's event), never on time: the whole e2e suite shares one server and its simulator.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
let commander: GatewayCommander;


const HAN = /[\u3400-\u9fff]/;


/** A site's environment sensor: its gateway and device serials. */
function envSensorOf(projectName: string) {
  const gateway = simulatedGateways().find((g) => g.project_name === projectName && g.devices.some((d) => d.kind === 'env_sensor'));
  expect(gateway, `a simulated gateway of ${projectName} with an environment sensor`).toBeDefined();
  return { gateway: gateway!.sn, device: gateway!.devices.find((d) => d.kind === 'env_sensor')!.sn, projectId: gateway!.project_id };
}

beforeAll(async () => {
  browser = await launchBrowser();
  commander = await GatewayCommander.connect('live-alarm');
});
afterAll(async () => {
  await commander?.end();
  await browser?.close();
});

describe('live alarms in the browser', () => {
  it('shows a staged smoke alarm to the site user with its level and in the pending list, and keeps it from the other group', async () => {
    const suzhou = envSensorOf('苏州工业园光储充站');
    const hangzhou = envSensorOf('杭州滨江商业综合体');

    const site = await newPage(browser, { lang: 'zh', pending: 'shown' });
    const other = await newPage(browser, { lang: 'zh', pending: 'shown' });
    await recordLivePopUps(site);
    await recordLivePopUps(other);
    const siteLive = liveSubscribed(site);
    const otherLive = liveSubscribed(other);
    await loginAs(site, baseUrl, 'site');
    await loginAs(other, baseUrl, 'xihu');
    await Promise.all([siteLive, otherLive]);

    try {
      // Smoke in the Suzhou room: a level-4 alarm rule (demoRules.ts), no on-delay.
      const normalAt = await commander.stageFault(suzhou.gateway, suzhou.device, 'smoke', 'smoke', 0, 1);

      const popUp = site.locator('.live-event-notification').filter({ hasText: 'Ⅳ级' }).filter({ hasText: '苏州工业园光储充站' }).filter({ hasText: '烟雾' });
      await popUp.first().waitFor({ state: 'visible', timeout: 30_000 });
      expect(await popUp.first().textContent()).toContain('告警');

      // The event the server raised for it, after the last normal sample…
      const raised = await pageApiData<{ list: EventItem[] }>(site, baseUrl, `/api/v6/event/list?project_id=${suzhou.projectId}&type=2&level=4&from=${encodeURIComponent(new Date(normalAt).toISOString())}`, { method: 'GET' });
      const smoke = raised.list.find((e) => e.message.includes('烟雾'));
      expect(smoke, 'the smoke event raised after the fault was staged').toBeDefined();
      // …is in the site user's pending list (what the badge counts), which the live event refreshed.
      await site.getByTestId(`pending-handle-${smoke!.id}`).waitFor({ timeout: 15_000 });
      expect(Number(await site.locator('[data-testid="notice-badge"] .ant-badge-count').first().getAttribute('title'))).toBeGreaterThan(0);

      // The other group's user: a smoke alarm of their own site reaches them (pushed after Suzhou's, on the same
      // live topic, so it arrives after anything about Suzhou would have) — and nothing about Suzhou ever did.
      await commander.stageFault(hangzhou.gateway, hangzhou.device, 'smoke', 'smoke', 0, 1);
      await other.locator('.live-event-notification').filter({ hasText: '杭州滨江商业综合体' }).filter({ hasText: '烟雾' }).first().waitFor({ timeout: 30_000 });
      const otherTexts = await popUpTexts(other);
      expect(otherTexts.some((t) => t.includes('杭州'))).toBe(true);
      expect(otherTexts.filter((t) => t.includes('苏州'))).toEqual([]);
      expect((await popUpTexts(site)).filter((t) => t.includes('杭州'))).toEqual([]);
    } finally {
      // Leave both sensors as they were for whatever runs next.
      await commander.command(suzhou.gateway, 'clear_fault', { device_sn: suzhou.device });
      await commander.command(hangzhou.gateway, 'clear_fault', { device_sn: hangzhou.device });
      await site.context().close();
      await other.context().close();
    }
  });
  it('in English, an alarm raised live pops up, is spoken and is listed in English, with no Chinese', async () => {
    const suzhou = envSensorOf('苏州工业园光储充站');
    const site = await newPage(browser, { lang: 'en', pending: 'shown' });
    await recordLivePopUps(site);
    const live = liveSubscribed(site);
    await loginAs(site, baseUrl, 'site');
    await live;
    try {
      await site.getByTestId('site-home').waitFor();
      await dismissPending(site, { waitMs: 8_000, mayStayOpen: true });
      if ((await site.getByTestId('voice-toggle').getAttribute('data-on')) !== '1') await site.getByTestId('voice-toggle').click();
      await expect.poll(() => site.getByTestId('voice-toggle').getAttribute('data-on')).toBe('1');

      // Smoke in the Suzhou room (level-4 rule "烟雾告警" / "Smoke detected").
      const normalAt = await commander.stageFault(suzhou.gateway, suzhou.device, 'smoke', 'smoke', 0, 1);
      const popUp = site.locator('.live-event-notification').filter({ hasText: 'Smoke detected' });
      await popUp.first().waitFor({ state: 'visible', timeout: 30_000 });
      expect(await popUp.first().textContent()).not.toMatch(HAN);

      // The voice alarm speaks the English sentence (site, device, cause), not the server's Chinese text.
      await expect.poll(() => site.evaluate(() => (window.__gridopsSpoken ?? []).filter((x) => x.includes('Smoke detected'))), { timeout: 15_000 }).not.toEqual([]);
      const spoken = await site.evaluate(() => window.__gridopsSpoken ?? []);
      expect(spoken.filter((x) => HAN.test(x))).toEqual([]);

      const raised = await pageApiData<{ list: EventItem[] }>(site, baseUrl, `/api/v6/event/list?project_id=${suzhou.projectId}&type=2&level=4&from=${encodeURIComponent(new Date(normalAt).toISOString())}`, { method: 'GET' });
      const smoke = raised.list.find((e) => e.message_key === 'alarm.digital' && JSON.stringify(e.message_params).includes('Smoke detected'));
      expect(smoke, 'the smoke event, answered with its message key').toBeDefined();

      // The live event list in English: the row reads the English sentence and has no Chinese.
      await open(site, '/ElectricalRoom/EvnManage', 'events-page');
      const row = site.getByTestId(`event-row-${smoke!.id}`);
      await row.waitFor({ timeout: 20_000 });
      expect(await row.getByTestId('event-message').textContent()).toContain('Smoke detected');
      expect(await row.textContent()).not.toMatch(HAN);
    } finally {
      await commander.command(suzhou.gateway, 'clear_fault', { device_sn: suzhou.device });
      await site.context().close();
    }
  });
});

declare global {
  interface Window {
    __gridopsSpoken?: string[];
  }
}
