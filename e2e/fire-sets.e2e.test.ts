import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { ArcDetector, FireLoop } from '@gridops/contract';
import { pageApiData } from './support/api.js';
import { downloadBytes, launchBrowser, loginAs, newPage } from './support/browser.js';
import { click, dismissPending, open, projectOf } from './support/console.js';

const baseUrl = inject('baseUrl');

describe('electrical fire sets', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("site: a loop's residual limit outside GB 14287.2 is refused on its field; a new limit shows on the fire page", async () => {
    const page = await newPage(browser, { lang: 'zh' });
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
    const projectId = await projectOf(page);
    const loops = () => pageApiData<{ items: FireLoop[] }>(page, baseUrl, `/api/v6/fire-loops?project_id=${projectId}`, { method: 'GET' }).then((d) => d.items);
    const [first] = await loops();

    await open(page, '/RunSetup/FireLoopSet', 'fire-loop-set');
    await click(page, page.getByTestId(`fire-loop-set-edit-${first!.id}`));
    const residual = page.getByTestId('fire-loop-residual');
    await residual.fill('1500');
    await click(page, page.getByTestId('fire-loop-set-save'));
    await page.locator('.ant-form-item-explain-error', { hasText: '20–1000 mA' }).waitFor();
    await residual.fill('250');
    await click(page, page.getByTestId('fire-loop-set-save'));
    await page.locator('.ant-message', { hasText: '已保存' }).waitFor();
    await page.getByTestId(`fire-loop-ir-${first!.id}`).filter({ hasText: '250' }).waitFor();

    await open(page, '/ElectricalRoom/ElectricFire', 'electric-fire');
    const limit = page.getByTestId(`fire-loop-${first!.device_id}`).getByTestId('fire-ir-limit');
    await limit.and(page.locator('[data-value="250"]')).waitFor();
    expect(await limit.innerText()).toContain('250');

    // Leave the demo's loop as it was.
    const after = (await loops()).find((l) => l.id === first!.id)!;
    const fields = { name: after.name, name_en: after.name_en, device_id: after.device_id, channel: after.channel, room_id: after.room_id, feeder_id: after.feeder_id, temp_limits: after.temp_limits, pre_alarm_pct: after.pre_alarm_pct, enabled: after.enabled, version: after.version };
    await pageApiData(page, baseUrl, `/api/v6/fire-loops/${first!.id}`, { method: 'PUT', body: { ...fields, residual_ma: first!.residual_ma } });
    await page.context().close();
  });

  it('site: the arc-fault table exported to .xlsx imports back as it is (each setting updated, nothing added)', async () => {
    const page = await newPage(browser, { lang: 'en' });
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
    const projectId = await projectOf(page);
    const arcs = () => pageApiData<{ items: ArcDetector[] }>(page, baseUrl, `/api/v6/arc-detectors?project_id=${projectId}`, { method: 'GET' }).then((d) => d.items);
    const before = await arcs();
    expect(before.length).toBeGreaterThan(0);

    await open(page, '/RunSetup/ArcFaultSet', 'arc-fault-set');
    const [download] = await Promise.all([page.waitForEvent('download'), click(page, page.getByTestId('arc-export'))]);
    const bytes = await downloadBytes(download);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    await page.locator('input[type=file]').setInputFiles({ name: 'arc-detectors.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: bytes });
    await page.locator('.ant-message', { hasText: `Imported: 0 added, ${before.length} updated` }).waitFor();
    const after = await arcs();
    expect(after.map((a) => ({ ...a, version: a.version - 1 }))).toEqual(before);
    await page.context().close();
  });
});
