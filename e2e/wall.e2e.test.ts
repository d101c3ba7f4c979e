import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pageApiData } from './support/api.js';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { click, open, sessionValue } from './support/console.js';
import { GatewayCommander, simulatedGateways } from './support/gateway.js';

/**
 * The operations-centre wall screen (issue 30) at 1920×1080, as the centre user: opened from the centre home,
 * a marker for every demo station, the portfolio figures equal to those of the pages they come from, and a
 * staged breaker trip that makes its station pulse and tops the alarm ticker (pushed on the live channel).
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
let commander: GatewayCommander;

// Hefei's UPS feeder: no other browser test stages faults at Hefei.
const hefei = simulatedGateways().find((g) => g.project_name === '合肥高新区数据中心')!;
const feeder = hefei.devices.find((d) => d.kind === 'feeder' && d.sn.endsWith('F04')) ?? hefei.devices.find((d) => d.kind === 'feeder')!;

const wallNumber = async (page: Page, id: string) => Number(await page.getByTestId(id).getAttribute('data-value'));
const wallAttr = async (page: Page, id: string, attr: string) => Number(await page.getByTestId(id).getAttribute(attr));
const generated = (page: Page) => page.getByTestId('wall').getAttribute('data-generated');

beforeAll(async () => {
  browser = await launchBrowser();
  commander = await GatewayCommander.connect('wall');
});
afterAll(async () => {
  // Closing the breaker clears the trip, whatever the test reached.
  await commander?.command(hefei.sn, 'breaker', { device_sn: feeder.sn, close: true }).catch(() => undefined);
  await commander?.end();
  await browser?.close();
});

describe('the wall screen (issue 30)', () => {
  let page: Page;

  beforeAll(async () => {
    page = await newPage(browser, { lang: 'zh', width: 1920, height: 1080 });
    await loginAs(page, baseUrl, 'centre');
    await open(page, '/CentreHome', 'centre-home');
    await click(page, page.getByTestId('open-wall'));
    await page.waitForURL((u) => u.pathname.endsWith('/CentreWall') || u.hash.includes('/CentreWall'));
    await page.locator('[data-testid="wall"]:not([data-generated=""])').waitFor({ timeout: 90_000 });
  });
  afterAll(async () => page?.context().close());

  it('fills 1920×1080 without scrolling and draws a marker for every demo station', async () => {
    const box = await page.evaluate(() => ({ w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight }));
    expect(box).toEqual({ w: 1920, h: 1080 });
    await page.getByTestId('wall-map').locator('canvas').first().waitFor({ timeout: 60_000 });
    const ids = [...new Set(simulatedGateways().map((g) => g.project_id))];
    expect(ids.length).toBeGreaterThanOrEqual(5);
    for (const id of ids) await page.getByTestId(`wall-marker-${id}`).waitFor({ state: 'attached' });
    expect(await page.locator('[data-testid^="wall-marker-"]').count()).toBe(ids.length);
  });

  it("tells the centre home's figures: today's energy, cost, generation and carbon lie between two reads of the wall", async () => {
    // The simulator keeps these growing, so the detail answer is read between two wall answers: the same
    // quantity lies between them (a different one, e.g. grid import for consumption, would not).
    const kpi = () => pageApiData<{ energy_today_kwh: number; cost_today: number; generation_today_kwh: number; carbon_today_kg: number }>(page, baseUrl, '/api/v6/index/centreKpi', { body: {} });
    const tiles = { energy_today_kwh: 'wall-energy', cost_today: 'wall-cost', generation_today_kwh: 'wall-generation', carbon_today_kg: 'wall-carbon' } as const;
    const before: Record<string, number> = {};
    for (const [k, id] of Object.entries(tiles)) before[k] = await wallNumber(page, id);
    const firstAt = await generated(page);
    const middle = await kpi();
    // Wait for a later wall answer, then each figure has caught up with the detail's moment.
    await expect.poll(() => generated(page), { timeout: 90_000 }).not.toBe(firstAt);
    for (const [k, id] of Object.entries(tiles)) {
      const m = middle[k as keyof typeof middle];
      expect(m).toBeGreaterThanOrEqual(before[k]!);
      await expect.poll(() => wallNumber(page, id), { timeout: 90_000 }).toBeGreaterThanOrEqual(m);
    }
    expect(before.energy_today_kwh).toBeGreaterThan(0);
  });

  it('counts pending events as the centre home does, overdue orders as the work-order list, active alarms as the sites\' distribution pages', async () => {
    const orgId = await sessionValue<number>(page, 'organID');
    const pending = () => pageApiData<{ total: number }>(page, baseUrl, '/api/v6/index/eventNotice', { body: { org_id: orgId } }).then((r) => r.total);
    await expect.poll(async () => (await wallAttr(page, 'wall-events', 'data-pending')) - (await pending()), { timeout: 90_000 }).toBe(0);
    const overdue = () => pageApiData<{ total: number }>(page, baseUrl, '/api/v6/workorder/list?overdue=true&size=1', { method: 'GET' }).then((r) => r.total);
    await expect.poll(async () => (await wallNumber(page, 'wall-overdue')) - (await overdue()), { timeout: 90_000 }).toBe(0);
    const ids = [...new Set(simulatedGateways().map((g) => g.project_id))];
    const activeByLevel = async () => {
      const sum = [0, 0, 0, 0];
      for (const id of ids) {
        const d = await pageApiData<{ alarms: { by_level: Record<string, number> } }>(page, baseUrl, `/api/v6/distribution/overview?project_id=${id}`, { method: 'GET' });
        for (let l = 1; l <= 4; l++) sum[l - 1]! += d.alarms.by_level[String(l)] ?? 0;
      }
      return sum;
    };
    const wallLevels = async () => Promise.all([1, 2, 3, 4].map((l) => wallNumber(page, `wall-level-${l}`)));
    await expect.poll(async () => JSON.stringify(await wallLevels()) === JSON.stringify(await activeByLevel()), { timeout: 90_000 }).toBe(true);
  });

  it('a staged breaker trip makes its station pulse and tops the ticker, pushed on the live channel', async () => {
    const normalAt = await commander.stageFault(hefei.sn, feeder.sn, 'breaker_trip', 'breaker', 1, 0);
    const query = `/api/v6/event/list?project_id=${hefei.project_id}&from=${encodeURIComponent(new Date(normalAt).toISOString())}&type=3`;
    let eventId = 0;
    await expect
      .poll(async () => {
        const list = (await pageApiData<{ list: { id: number; device_id: number | null }[] }>(page, baseUrl, query, { method: 'GET' })).list;
        eventId = list[0]?.id ?? 0;
        return eventId;
      }, { timeout: 60_000 })
      .toBeGreaterThan(0);
    await page.locator(`[data-testid="wall-ticker-row"][data-event="${eventId}"]`).waitFor({ timeout: 30_000 });
    expect(await page.locator(`[data-testid="wall-ticker-row"][data-event="${eventId}"]`).getAttribute('data-project')).toBe(String(hefei.project_id));
    await expect.poll(() => page.getByTestId(`wall-marker-${hefei.project_id}`).getAttribute('data-pulsing'), { timeout: 30_000 }).toBe('true');
    // The station's card comes up with it.
    await expect.poll(() => page.getByTestId('wall-card').getAttribute('data-project'), { timeout: 30_000 }).toBe(String(hefei.project_id));
  });
});
