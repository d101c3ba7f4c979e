import type { OrgNode, Project } from '@gridops/contract';
import { formatInZone } from '@gridops/format';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
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
});
