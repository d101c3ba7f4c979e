import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { pageApiData } from './support/api.js';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { click, dismissPending, open, projectOf } from './support/console.js';

const baseUrl = inject('baseUrl');

interface PvArray {
  id: number;
  version: number;
  tilt_deg: number;
  name: string;
}
interface Ess {
  id: number;
  version: number;
  schedule: unknown[];
  sync?: { state: string; at: string | null } | null;
}

describe('energy-efficiency sets', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('site: re-tilt a PV array and see the expected yield follow; an overlapping storage period is refused on its field', async () => {
    const page = await newPage(browser, { lang: 'zh' });
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
    const projectId = await projectOf(page);
    const arrays = () => pageApiData<{ items: PvArray[] }>(page, baseUrl, `/api/v6/assets/pv?project_id=${projectId}`, { method: 'GET' }).then((d) => d.items);
    const expectedToday = () =>
      pageApiData<{ expected_kwh: { today: number } | null }>(page, baseUrl, '/api/v6/energy/newEnergyOverview', { body: { project_id: projectId } }).then((d) => d.expected_kwh!.today);

    const [first] = await arrays();
    const before = await expectedToday();
    await open(page, '/RunSetup/PvSet', 'pv-set');
    await click(page, page.getByTestId(`pv-set-edit-${first!.id}`));
    const tilt = page.getByTestId('pv-tilt');
    await tilt.fill('60');
    await click(page, page.getByTestId('pv-set-save'));
    await page.locator('.ant-message', { hasText: '已保存' }).waitFor();
    const after = (await arrays()).find((a) => a.id === first!.id)!;
    expect(after.tilt_deg).toBe(60);
    // A steeper plane changes what the clear sky gives it: the overview's expectation moved.
    expect(await expectedToday()).not.toBe(before);
    await open(page, '/EnergyManage/NewEnergyOverview', 'energy-ne-overview');
    await page.getByTestId('ne-triple-expected').waitFor();

    // Storage: a second period that overlaps the night charge is refused by the server, on that period's start.
    await open(page, '/RunSetup/EssSet', 'ess-set');
    const [ess] = await pageApiData<{ items: Ess[] }>(page, baseUrl, `/api/v6/assets/ess?project_id=${projectId}`, { method: 'GET' }).then((d) => d.items);
    await click(page, page.getByTestId(`ess-set-edit-${ess!.id}`));
    await click(page, page.getByTestId('ess-add-period'));
    const n = ess!.schedule.length;
    await page.getByTestId(`ess-start-${n}`).fill('05:00');
    await page.getByTestId(`ess-end-${n}`).fill('07:00');
    await click(page, page.getByTestId('ess-set-save'));
    await page.getByTestId('ess-set-refusal').waitFor();
    expect(await page.getByTestId('ess-set-refusal').innerText()).toContain('策略时段不能重叠');
    const still = await pageApiData<{ items: Ess[] }>(page, baseUrl, `/api/v6/assets/ess?project_id=${projectId}`, { method: 'GET' }).then((d) => d.items[0]!);
    expect(still.version).toBe(ess!.version);
    // Moved clear of the night charge, the period saves; the server sends the strategy to the PCS's gateway and
    // the simulated PCS's controller takes it (docs/energy-assets.md): the row says "已生效" (applied).
    await page.getByTestId(`ess-start-${n}`).fill('06:00');
    const savedAt = Date.now();
    await click(page, page.getByTestId('ess-set-save'));
    await page.locator('.ant-message', { hasText: '已保存' }).waitFor();
    // Applied is also the state before the save (the demo's strategy): wait for the answer to this save, whose
    // time is after it, then for the list to show it.
    await expect
      .poll(
        async () => {
          const row = (await pageApiData<{ items: Ess[] }>(page, baseUrl, `/api/v6/assets/ess?project_id=${projectId}`, { method: 'GET' })).items[0]!;
          return row.schedule.length === n + 1 && row.sync?.state === 'applied' && Date.parse(row.sync.at ?? '') >= savedAt;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const sync = page.getByTestId(`ess-sync-${ess!.id}`);
    await expect.poll(() => sync.getAttribute('data-state'), { timeout: 30_000 }).toBe('applied');
    await expect.poll(() => sync.innerText(), { timeout: 30_000 }).toBe('已生效');

    // Leave the demo's array and strategy as they were.
    await pageApiData(page, baseUrl, `/api/v6/assets/pv/${first!.id}`, { method: 'PUT', body: { ...after, tilt_deg: first!.tilt_deg, id: undefined, project_id: undefined } });
    const saved = await pageApiData<{ items: Ess[] }>(page, baseUrl, `/api/v6/assets/ess?project_id=${projectId}`, { method: 'GET' }).then((d) => d.items[0]!);
    expect(saved.schedule).toHaveLength(n + 1);
    await pageApiData(page, baseUrl, `/api/v6/assets/ess/${ess!.id}`, { method: 'PUT', body: { ...saved, schedule: ess!.schedule, id: undefined, project_id: undefined, sync: undefined } });
    await page.context().close();
  });
});
