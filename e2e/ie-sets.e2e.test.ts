import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pageApi, pageApiData } from './support/api.js';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { click, dismissPending, open, projectOf } from './support/console.js';

const baseUrl = inject('baseUrl');
const NAME = 'E2E充电用电';
const NAME_EN = 'E2E charging';

interface Category {
  id: number;
  key: string;
  name: string;
  version: number;
}
interface Meter {
  node_id: number;
  name: string;
  node_type: string;
  leaf: boolean;
  assignable: boolean;
  category_id: number | null;
  parent_id: number | null;
}

const categories = (page: Page, projectId: number) =>
  pageApiData<{ categories: Category[] }>(page, baseUrl, `/api/v6/ie/categories?project_id=${projectId}&energy_type=power`, { method: 'GET' }).then((d) => d.categories);
const meters = (page: Page, projectId: number) =>
  pageApiData<{ meters: Meter[] }>(page, baseUrl, `/api/v6/ie/meters?project_id=${projectId}&energy_type=power`, { method: 'GET' }).then((d) => d.meters);

describe('integrated-energy sets', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('site: add a use category, give a feeder to it, and see the integrated-energy page break electricity down by it', async () => {
    const page = await newPage(browser, { lang: 'zh' });
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
    const projectId = await projectOf(page);
    let created: Category | undefined;
    let feeder: Meter | undefined;
    try {
      // The category page: add one through the form.
      await open(page, '/RunSetup/IeElecTypeSet', 'ie-types');
      await page.getByTestId('ie-category-lighting_socket').waitFor();
      await click(page, page.getByTestId('ie-add-category'));
      await page.getByTestId('ie-category-name').fill(NAME);
      await page.getByTestId('ie-category-name-en').fill(NAME_EN);
      await click(page, page.getByTestId('ie-category-save'));
      created = (await categories(page, projectId)).find((c) => c.name === NAME);
      expect(created?.key).toBe(`c${created?.id}`);
      await page.getByTestId(`ie-category-${created!.key}`).waitFor();

      // The meters page: the charging feeder (not yet in a category, nothing below it in one) gets it.
      const list = await meters(page, projectId);
      const assignedBelow = (id: number): boolean => list.some((m) => m.parent_id === id && (m.category_id !== null || assignedBelow(m.node_id)));
      feeder = list.find((m) => m.assignable && m.category_id === null && m.parent_id !== null && !assignedBelow(m.node_id) && /充电/.test(m.name));
      expect(feeder, 'a charging feeder without a category').toBeDefined();
      await open(page, '/RunSetup/IeElecSet', 'ie-meters');
      const select = page.getByTestId(`ie-select-${feeder!.node_id}`);
      await select.waitFor();
      await click(page, select);
      await click(page, page.locator('.ant-select-item-option', { hasText: NAME }));
      await click(page, page.getByTestId('ie-save'));
      await page.locator('.ant-message', { hasText: '分项已保存' }).waitFor();
      expect((await meters(page, projectId)).find((m) => m.node_id === feeder!.node_id)?.category_id).toBe(created!.id);

      // The integrated-energy page lists it in the electricity breakdown, with the rest as "not sub-metered".
      await open(page, '/IntergralEnergy', 'integrated-page');
      await click(page, page.getByTestId('energy-tab-power'));
      await page.getByTestId(`integrated-category-${created!.key}`).waitFor();
      await page.getByTestId('integrated-category-unassigned').waitFor();
      expect(await page.getByTestId(`integrated-category-${created!.key}`).innerText()).toBe(NAME);
    } finally {
      // Leave the demo as it was for the other browser tests.
      if (feeder) await pageApi(page, baseUrl, '/api/v6/ie/meters', { method: 'PUT', body: { project_id: projectId, energy_type: 'power', assignments: [{ node_id: feeder.node_id, category_id: null }] } });
      const now = (await categories(page, projectId)).find((c) => c.name === NAME);
      if (now) await pageApi(page, baseUrl, `/api/v6/ie/categories/${now.id}?version=${now.version}`, { method: 'DELETE' });
      await page.context().close();
    }
  });
});
