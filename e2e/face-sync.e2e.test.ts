import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { makePng } from '../apps/server/src/test-support/png.js';
import { pageApiData } from './support/api.js';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { click, dismissPending, open, projectOf } from './support/console.js';
import { GatewayCommander, simulatedGateways } from './support/gateway.js';

const baseUrl = inject('baseUrl');

/**
 * Face terminals end to end: a person added with a photo to the demo access group is enrolled by the real
 * simulated door terminals (face_sync over the gateway command channel, acknowledged), the sync column turns
 * "synced", and a recognition the terminal reports shows in the records tab (pushed live).
 */
describe('face terminal sync', () => {
  let browser: Browser;
  let commander: GatewayCommander;
  beforeAll(async () => {
    browser = await launchBrowser();
    commander = await GatewayCommander.connect('face-sync');
  });
  afterAll(async () => {
    await commander?.end();
    await browser?.close();
  });

  it('site: add a person to a group, see the terminals synced, see their recognition record', async () => {
    const page = await newPage(browser, { lang: 'en' });
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
    const projectId = await projectOf(page);
    const name = `E2E Sync ${Date.now() % 100000}`;

    await open(page, '/FacerecManage', 'face-people');
    await click(page, page.getByTestId('face-people-add'));
    await page.getByTestId('face-name').fill('同步人员');
    await page.getByTestId('face-name-en').fill(name);
    await click(page, page.getByTestId('face-group'));
    await click(page, page.locator('.ant-select-item-option', { hasText: 'Maintenance crew' }));
    await page.getByTestId('face-photo-input').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: makePng(240, 240, 5) });
    await page.getByTestId('face-photo-preview').waitFor();
    await click(page, page.getByTestId('face-people-save'));
    await page.locator('.ant-message', { hasText: 'Saved' }).waitFor();

    const people = await pageApiData<{ items: { id: number; name_en: string }[] }>(page, baseUrl, `/api/v6/face/people?project_id=${projectId}`, { method: 'GET' });
    const person = people.items.find((p) => p.name_en === name)!;
    // The list re-reads while anything is pending: the cell turns synced once every terminal acknowledged.
    await page.locator(`[data-testid="face-sync-${person.id}"][data-state="synced"]`).waitFor({ timeout: 45_000 });
    await click(page, page.getByTestId(`face-sync-${person.id}`));
    await page.getByTestId('face-sync-drawer').getByText('Synced').first().waitFor();
    await page.keyboard.press('Escape');

    await click(page, page.getByTestId('face-tab-terminals'));
    await page.getByTestId('face-terminals').getByText('Room door face terminal').waitFor();

    // The terminal recognises the person now (the simulator's test hook), and the record arrives live.
    const gw = simulatedGateways().find((g) => g.project_id === projectId && g.devices.some((d) => d.kind === 'access_terminal'))!;
    const terminal = gw.devices.find((d) => d.kind === 'access_terminal')!;
    await click(page, page.getByTestId('face-tab-records'));
    await page.getByTestId('face-records').waitFor();
    await commander.command(gw.sn, 'face_event', { device_sn: terminal.sn, person_id: person.id });
    const row = page.locator(`[data-testid^="face-record-"][data-person="${person.id}"]`).first();
    await row.waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain(name);
    await click(page, row.locator('[data-testid^="face-record-view-"]'));
    await page.locator('[data-testid="face-snapshot-img"]').waitFor();
    await page.context().close();
  });
});
