import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { EventItem, WorkOrder } from '@gridops/contract';
import { pageApiData } from './support/api.js';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { chooseOption, dismissPending, open } from './support/console.js';
import { GatewayCommander, simulatedGateways } from './support/gateway.js';

const baseUrl = inject('baseUrl');
const GET = { method: 'GET' };

declare global {
  interface Window {
    __gridopsWorkerAlerts?: { at: number; vibrated: boolean; code: string }[];
  }
}

/** A small PNG made here (8×8, red): the phone resizes it with a canvas before upload. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000080000000808020000004b6d29dc0000001149444154789c637860608015310c2d09006e995001f75db2d70000000049454e44ae426082', 'hex');

/**
 * The operations loop in a real browser: a live alarm → "处理" on the event → a work order assigned to `worker`
 * → the worker's phone (390×844, touch) gets it pushed live, accepts, arrives, resolves with a photo → the site
 * verifies and closes → the order and its event are closed.
 */
describe('work order loop', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('alarm → work order → worker phone → verified and closed', async () => {
    const gateway = simulatedGateways().find((g) => g.project_name === '苏州工业园光储充站' && g.devices.some((d) => d.kind === 'env_sensor'))!;
    const sensor = gateway.devices.find((d) => d.kind === 'env_sensor')!.sn;
    const commander = await GatewayCommander.connect('workorder-loop');

    // The worker's phone first: it must get the order pushed, not find it by reloading.
    const phoneContext = await browser.newContext({ locale: 'zh-CN', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
    const phone = await phoneContext.newPage();
    await loginAs(phone, baseUrl, 'worker');
    await dismissPending(phone, { waitMs: 3000, mayStayOpen: true });
    await open(phone, '/WorkerSolve', 'worker-solve');

    const normalAt = await commander.stageFault(gateway.sn, sensor, 'water_leak', 'water', 0, 1);
    const site: Page = await newPage(browser);
    await loginAs(site, baseUrl, 'site');
    await dismissPending(site, { waitMs: 5000, mayStayOpen: true });
    await dismissPending(site);
    const projectId = gateway.project_id;
    let event: EventItem | undefined;
    await expect
      .poll(
        async () => {
          const r = await pageApiData<{ list: EventItem[] }>(site, baseUrl, `/api/v6/event/list?project_id=${projectId}&status=pending&size=50`, GET);
          event = r.list.find((e) => e.active && Date.parse(e.raised_at) >= normalAt - 5000 && e.device_name.length > 0);
          return event !== undefined;
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    const eventId = event!.id;

    // "处理" on the event: the work-order form comes prefilled; assign it to the worker.
    // From the event's detail drawer (the pending dialog's "立即处理" leads there too).
    await open(site, '/ElectricalRoom/EvnManage', 'events-page');
    await site.getByTestId(`event-row-${eventId}`).locator('td').nth(6).click();
    const eventDrawer = site.getByTestId('event-drawer');
    await eventDrawer.waitFor();
    await eventDrawer.getByTestId(`event-handle-${eventId}`).click();
    const form = site.getByTestId('event-workorder-form');
    await form.waitFor();
    expect(await site.getByTestId('wo-form-title').inputValue()).not.toBe('');
    await chooseOption(site, site.getByTestId('wo-form-assignee'), '王强');
    await site.getByTestId('event-handle-ok').click();
    let order: WorkOrder | undefined;
    await expect
      .poll(async () => {
        const r = await pageApiData<{ list: WorkOrder[] }>(site, baseUrl, `/api/v6/workorder/list?project_id=${projectId}&size=50`, GET);
        order = r.list.find((o) => o.event_id === eventId);
        return order?.state;
      }, { timeout: 20_000 })
      .toBe('assigned');
    const { id, code } = order!;

    // The phone: the push arrives (alert recorded, card shown), then accept, arrive, resolve with a photo.
    await phone.waitForFunction((c) => (window.__gridopsWorkerAlerts ?? []).some((a) => a.code === c), code, { timeout: 30_000 });
    const card = phone.getByTestId(`wo-card-${id}`);
    await card.waitFor();
    await card.getByTestId('wo-act-accept').tap();
    await expect.poll(() => card.getAttribute('data-state'), { timeout: 20_000 }).toBe('accepted');
    await card.getByTestId('wo-act-arrive').tap();
    await expect.poll(() => card.getAttribute('data-state'), { timeout: 20_000 }).toBe('onsite');
    await card.getByTestId('wo-act-resolve').tap();
    await phone.getByTestId('wo-cause').fill('排水泵浮球卡死，积水触发水浸');
    await phone.getByTestId('wo-action-taken').fill('清理积水，更换浮球开关');
    await phone.getByTestId('wo-parts').fill('浮球开关 ×1');
    await phone.getByTestId('wo-photo-input').setInputFiles({ name: 'site.png', mimeType: 'image/png', buffer: PNG });
    await phone.getByTestId('wo-photo-preview').first().waitFor();
    // The shell's alarm pop-ups (bottom right) may cover the button on a phone: close them as a person would.
    for (const x of await phone.locator('.ant-notification-notice-close').all()) await x.click().catch(() => undefined);
    await phone.getByTestId('wo-resolve-submit').tap();
    await expect.poll(() => card.getAttribute('data-state'), { timeout: 20_000 }).toBe('resolved');
    const resolved = await pageApiData<WorkOrder>(site, baseUrl, `/api/v6/workorder/${id}`, GET);
    expect(resolved.photo_ids).toHaveLength(1);

    // The site verifies and closes in the drawer; the event closes with the order.
    await commander.command(gateway.sn, 'clear_fault', { device_sn: sensor });
    await open(site, '/OperMainte/SolveTask', 'workorders-page');
    await site.getByTestId('wo-filter-state').click();
    await site.locator('.ant-select-item-option', { hasText: '全部' }).first().click();
    await site.getByTestId(`wo-row-${id}`).click();
    const drawer = site.getByTestId('wo-drawer');
    await drawer.getByTestId('wo-act-verify').click();
    await expect.poll(() => drawer.getByTestId('wo-state').first().getAttribute('data-state'), { timeout: 20_000 }).toBe('verified');
    await drawer.getByTestId('wo-act-close').click();
    await site.getByTestId('wo-close-confirm').click();
    await expect.poll(() => drawer.getByTestId('wo-state').first().getAttribute('data-state'), { timeout: 20_000 }).toBe('closed');
    const actions = await drawer.locator('[data-testid="wo-timeline-entry"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-action')));
    expect(actions).toEqual(['create', 'assign', 'accept', 'arrive', 'resolve', 'verify', 'close']);
    const after = await pageApiData<{ list: EventItem[] }>(site, baseUrl, `/api/v6/event/list?project_id=${projectId}&status=closed&size=100`, GET);
    expect(after.list.some((e) => e.id === eventId)).toBe(true);

    await phoneContext.close();
    await site.context().close();
    await commander.end();
  });
});
