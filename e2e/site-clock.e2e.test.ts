import type { OrgNode, Project } from '@gridops/contract';
import { formatInZone, formatSiteTimeFor } from '@gridops/format';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { dismissPending, open, projectOf } from './support/console.js';
import { pageApiData } from './support/api.js';

const baseUrl = inject('baseUrl');

const projectsOf = (nodes: OrgNode[]): Project[] => nodes.flatMap((n) => [...n.projects, ...projectsOf(n.children)]);

/**
 * Site times are the site's: a browser whose own zone is UTC or New York shows an event's time on the site's
 * clock (projects.timezone), rendered by the same site-clock formatter the console uses.
 */
describe('site clock in browsers of other zones', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(['UTC', 'America/New_York'])('a browser in %s shows event times on the site clock', async (browserZone) => {
    const page = await newPage(browser, { timezoneId: browserZone });
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(browserZone);
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
    const projectId = await projectOf(page);
    const tree = await pageApiData<OrgNode[]>(page, baseUrl, '/api/v6/org/tree', { method: 'GET' });
    const siteZone = projectsOf(tree).find((p) => p.id === projectId)!.timezone;
    expect(siteZone).toBeTruthy();

    await open(page, '/ElectricalRoom/EvnManage');
    const cell = page.getByTestId('event-time').first();
    await cell.waitFor({ timeout: 20_000 });
    const raisedAt = Date.parse((await cell.getAttribute('data-time'))!);
    const expected = formatInZone(raisedAt, siteZone);
    await expect.poll(() => cell.textContent()).toBe(expected);
    // The check means something: the browser's own clock would have shown another time.
    expect(formatInZone(raisedAt, browserZone)).not.toBe(expected);

    // The tooltip names the zone.
    await cell.hover();
    await expect.poll(() => page.locator('.ant-tooltip').last().textContent()).toContain(siteZone);
    await page.context().close();
  });

  /** Narrows an events page to one device (the keyword also matches device names) and reads one row's time. */
  async function eventTimeOn(page: Page, route: string, device: string, id: string): Promise<string> {
    await open(page, route, 'events-page');
    await page.getByTestId('event-keyword').locator('input').fill(device);
    await page.getByTestId('event-keyword').locator('input').press('Enter');
    const cell = page.getByTestId(`event-row-${id}`).getByTestId('event-time');
    await cell.waitFor({ timeout: 20_000 });
    return (await cell.textContent()) ?? '';
  }

  it('one event reads the same site time on the phone, the centre list and the site list (browser in UTC)', async () => {
    const viewer = 'UTC';
    // The worker's phone: an alarm of a site the site user also runs.
    const site = await newPage(browser, { timezoneId: viewer });
    await loginAs(site, baseUrl, 'site');
    await dismissPending(site, { waitMs: 5000, mayStayOpen: true });
    const projectId = await projectOf(site);
    const tree = await pageApiData<OrgNode[]>(site, baseUrl, '/api/v6/org/tree', { method: 'GET' });
    const siteZone = projectsOf(tree).find((p) => p.id === projectId)!.timezone;

    const phone = await newPage(browser, { timezoneId: viewer, width: 390, height: 844 });
    await loginAs(phone, baseUrl, 'worker');
    await dismissPending(phone, { waitMs: 5000, mayStayOpen: true });
    await open(phone, '/WorkerEvent', 'worker-events');
    const card = phone.locator(`[data-testid^="worker-event-"][data-project="${projectId}"]:not([data-device=""])`).first();
    await card.waitFor({ timeout: 20_000 });
    const id = (await card.getAttribute('data-testid'))!.replace('worker-event-', '');
    const device = (await card.getAttribute('data-device'))!;
    const raisedAt = Date.parse((await card.getByTestId('event-time').getAttribute('data-time'))!);
    const onSite = formatInZone(raisedAt, siteZone);
    const marked = formatSiteTimeFor(raisedAt, siteZone, viewer);
    // The mark means something: a browser in UTC does not read Shanghai's clock.
    expect(marked).toBe(`${onSite} (UTC+8)`);
    expect(await card.getByTestId('event-time').textContent()).toBe(marked);

    // The centre's list of every site marks the row's zone; the site's own list shows the site clock unmarked.
    const centre = await newPage(browser, { timezoneId: viewer });
    await loginAs(centre, baseUrl, 'centre');
    await dismissPending(centre, { waitMs: 5000, mayStayOpen: true });
    expect(await eventTimeOn(centre, '/CentreEvents', device, id)).toBe(marked);
    expect(await eventTimeOn(site, '/ElectricalRoom/EvnManage', device, id)).toBe(onSite);
    for (const p of [site, phone, centre]) await p.context().close();
  });
});
