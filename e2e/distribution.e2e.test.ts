import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { downloadBytes, launchBrowser, loginAs, newPage } from './support/browser.js';
import { click, dismissPending, open, selectSite } from './support/console.js';

/**
 * Smart distribution pages on live simulator data (2 s interval): every page as `site` and as `centre` (after
 * picking the Suzhou site), values that change without a reload, and a breaker operated end to end:
 * password confirm → the simulated gateway opens it → the diagram turns it green/hollow → a control-log row.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const num = async (l: Locator, attr = 'data-value') => Number(await l.first().getAttribute(attr));

const pickSuzhou = (page: Page, lang: 'zh' | 'en') =>
  selectSite(page, lang === 'en' ? 'Suzhou' : '苏州', lang === 'en' ? 'Suzhou SIP PV-Storage-Charging Station' : '苏州工业园光储充站');

/** Opens every page and checks real values are there; on the two live tables, that they change. */
async function checkPages(page: Page) {
  await open(page, '/ElectricalRoom/index', 'elec-index');
  const tr = page.locator('[data-testid^="transformer-"]').first();
  await tr.waitFor();
  const load = Number(await tr.getAttribute('data-load-rate'));
  expect(load).toBeGreaterThan(0);
  expect(load).toBeLessThan(150);
  expect(await tr.getByTestId('tr-power').textContent()).toMatch(/\d.*kW/);
  expect(await page.getByTestId('gateway-card').textContent()).toContain('GW-SZIP-01');
  const generated = await page.locator('[data-generated]').getAttribute('data-generated');
  await expect.poll(() => page.locator('[data-generated]').getAttribute('data-generated'), { timeout: 20_000 }).not.toBe(generated);

  await open(page, '/ElectricalRoom/DevMonitor', 'dev-monitor');
  const pRow = page.locator('[data-testid^="pt-"][data-testid$="-P"]').first();
  await pRow.waitFor();
  expect(await page.locator('[data-testid="point-table"] [data-quality="fresh"]').count()).toBeGreaterThan(5);
  const now = await page.getByTestId('rt-now').getAttribute('data-now');
  const p0 = await num(pRow.locator('.pt-value'));
  expect(p0).toBeGreaterThan(0);
  // The page polls; the server's clock and the sampled power move on without a reload.
  await expect.poll(() => page.getByTestId('rt-now').getAttribute('data-now'), { timeout: 20_000 }).not.toBe(now);
  await expect.poll(() => num(pRow.locator('.pt-value')), { timeout: 30_000 }).not.toBe(p0);

  await click(page, page.getByTestId('tab-diagram'));
  await page.getByTestId('sld').waitFor();
  expect(await page.locator('[data-testid^="sld-QF-"][data-state="closed"]').count()).toBeGreaterThan(0);
  expect(await page.locator('[data-testid^="sld-p-FD-"]').first().textContent()).toMatch(/P .*\d.*kW/);
  await click(page, page.locator('[data-testid^="sld-FD-"]').first());
  await page.getByTestId('drawer-pt-P').waitFor();
  expect(await page.getByTestId('drawer-pt-P').textContent()).toMatch(/\d.*kW/);
  await page.locator('.ant-drawer [data-testid="chart"] canvas').first().waitFor({ timeout: 20_000 });
  await page.keyboard.press('Escape');

  await open(page, '/ElectricalRoom/ErgMonitor', 'erg-monitor');
  await page.getByTestId('storage-soc').first().waitFor();
  const soc = await num(page.getByTestId('storage-soc'));
  expect(soc).toBeGreaterThanOrEqual(5);
  expect(soc).toBeLessThanOrEqual(100);
  // From the energy statistics (a second, slower call than the live values).
  await expect.poll(() => page.getByTestId('efficiency').textContent(), { timeout: 15_000 }).toMatch(/\d+(\.\d)?%/);

  await open(page, '/ElectricalRoom/ElectricFire', 'electric-fire');
  await page.getByTestId('fire-ir').first().waitFor();
  expect(await num(page.getByTestId('fire-ir'))).toBeGreaterThan(0);
  expect(await page.locator('[data-testid^="fire-loop-"] [data-testid="chart"]').count()).toBeGreaterThan(0);

  await open(page, '/ElectricalRoom/AuxControl', 'aux-control');
  await page.getByTestId('aux-temp').first().waitFor();
  expect(await num(page.getByTestId('aux-temp'))).toBeGreaterThan(0);
  await page.locator('[data-testid^="aux-device-"]').first().waitFor();

  await open(page, '/ElectricalRoom/DevControl', 'dev-control');
  await page.locator('[data-testid^="target-"]').first().waitFor();
  expect(await page.locator('[data-testid="breaker-state"][data-state="closed"]').count()).toBeGreaterThan(0);
}

describe('smart distribution pages', () => {
  it('site user: every page shows live simulator values that update', async () => {
    const page = await newPage(browser, { lang: 'zh' });
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 4000 });
    await checkPages(page);
    await page.context().close();
  });

  it('centre user: a prompt to pick a site, then the same pages for Suzhou, and the control log', async () => {
    const page = await newPage(browser, { lang: 'en' });
    await loginAs(page, baseUrl, 'centre');
    await dismissPending(page, { waitMs: 4000 });
    await open(page, '/ElectricalRoom/index', 'elec-index-no-site');
    expect(await page.getByTestId('elec-index-no-site').textContent()).toContain('Select a site');
    await pickSuzhou(page, 'en');
    await checkPages(page);
    await open(page, '/CtrlLogs', 'ctrl-logs');
    await page.getByTestId('control-log').waitFor();
    await page.context().close();
  });

  it('operates a breaker end to end: wrong password refused, then open → diagram green → log row, then close again', async () => {
    const page = await newPage(browser, { lang: 'zh' });
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 4000 });
    await open(page, '/ElectricalRoom/DevControl', 'dev-control');
    // The first feeder (row 2; row 1 is the incomer, which would black out the whole room).
    const row = page.locator('[data-testid^="target-"]').nth(1);
    await row.waitFor();
    const deviceId = Number((await row.getAttribute('data-testid'))?.replace('target-', ''));
    expect(await row.getAttribute('data-closed')).toBe('true');

    // A wrong password ends the selection, and nothing is operated.
    await click(page, page.getByTestId(`op-${deviceId}-open`));
    await page.getByTestId('control-password').fill('wrong-password');
    await click(page, page.getByTestId('control-execute'));
    await page.locator('[data-testid="control-result"][data-result="error"]').waitFor();
    await click(page, page.getByTestId('control-close'));
    expect(await row.getAttribute('data-closed')).toBe('true');

    // Select → confirm with the password → the simulated gateway executes it.
    await click(page, page.getByTestId(`op-${deviceId}-open`));
    expect(await page.getByTestId('confirm-action').getAttribute('data-action')).toBe('open');
    expect(await page.getByTestId('confirm-target').textContent()).toBeTruthy();
    await page.getByTestId('control-password').fill('demo1234');
    await click(page, page.getByTestId('control-execute'));
    await page.locator('[data-testid="control-result"]').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('control-result').getAttribute('data-result')).toBe('succeeded');
    await click(page, page.getByTestId('control-close'));
    await expect.poll(() => row.getAttribute('data-closed'), { timeout: 20_000 }).toBe('false');

    // The log has the attempt: the refused password and the success.
    const log = page.getByTestId('control-log');
    await expect.poll(() => log.locator('[data-outcome="succeeded"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await log.locator('[data-outcome="bad_password"]').count()).toBeGreaterThan(0);

    // The diagram shows the breaker open (green, hollow) and its feeder de-energised.
    await open(page, '/ElectricalRoom/DevMonitor', 'dev-monitor');
    await click(page, page.getByTestId('tab-diagram'));
    const breaker = page.locator(`[data-testid^="sld-QF-"][data-device="${deviceId}"]`);
    await expect.poll(() => breaker.getAttribute('data-state'), { timeout: 20_000 }).toBe('open');
    expect(await breaker.locator('rect').getAttribute('stroke')).toBe('#52c41a');
    expect(await breaker.locator('rect').getAttribute('fill')).not.toBe('#52c41a');

    // Close it again, so the room is back as it was for the other tests.
    await open(page, '/ElectricalRoom/DevControl', 'dev-control');
    await click(page, page.getByTestId(`op-${deviceId}-close`));
    await page.getByTestId('control-password').fill('demo1234');
    await click(page, page.getByTestId('control-execute'));
    await page.locator('[data-testid="control-result"][data-result="succeeded"]').waitFor({ timeout: 20_000 });
    await click(page, page.getByTestId('control-close'));
    await expect.poll(() => row.getAttribute('data-closed'), { timeout: 20_000 }).toBe('true');
    await page.context().close();

    // The centre sees the rows in /CtrlLogs and exports them.
    const centre = await newPage(browser, { lang: 'zh' });
    await loginAs(centre, baseUrl, 'centre');
    await dismissPending(centre, { waitMs: 4000 });
    await open(centre, '/CtrlLogs', 'ctrl-logs');
    const rows = centre.locator('[data-testid="control-log"] [data-outcome="succeeded"]');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    expect(await centre.getByTestId('control-log').textContent()).toContain('李娜');
    const [download] = await Promise.all([centre.waitForEvent('download'), click(centre, centre.getByTestId('export-xlsx'))]);
    const bytes = await downloadBytes(download);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    await centre.context().close();
  });
});
