import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatNumber, formatTrees, scaleUnit } from '@gridops/format';
import type { Browser, Page } from 'playwright-core';
import { pageApiData } from './support/api.js';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { dismissPending, open, projectOf, selectSite } from './support/console.js';

const baseUrl = inject('baseUrl');

/** The same API the page calls, with the page's own token; `lang` is sent as accept-language. */
const post = <T>(page: Page, path: string, body: unknown, lang = 'zh-CN') =>
  pageApiData<T>(page, baseUrl, path, { body, lang });

/**
 * How the console prints a number: its own formatter (thousands separators, fixed digits, half away from zero
 * on the decimal value — toLocaleString rounds the binary float and can land one cent lower).
 */
const fmt = (v: number, digits = 2) => formatNumber(v, digits);
const statValue = (page: Page, testId: string) =>
  page.getByTestId(testId).getByTestId('stat-value').innerText();

interface CarbonSite {
  year: number;
  total_kg: number;
  trees: number;
  by_month: { month: string; total_kg: number }[];
}

describe('carbon, integrated energy and micro-grid pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('site: /Carbon shows the API figures (tonnes, 万棵) and the factors with their sources', async () => {
    const page = await newPage(browser, { lang: 'zh' });
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
    await open(page, '/Carbon', 'carbon-site');
    const year = Number(await page.getByTestId('carbon-site').getAttribute('data-year'));
    const d = await post<CarbonSite>(page, '/api/v6/energy/carbon', {
      project_id: await projectOf(page),
      year,
    });
    const jan = d.by_month[0]!;
    expect(await page.getByTestId(`carbon-row-${jan.month}`).innerText()).toBe(fmt(jan.total_kg / 1000));
    const trees = await statValue(page, 'carbon-trees');
    // The one tree formatter of @gridops/format: the same figure and rounding as every other page.
    expect(trees).toBe(formatTrees(d.trees, 'zh').text);
    expect(await page.getByTestId('factor-carbon-power').getAttribute('data-value')).toBe('0.5703');
    expect(await page.getByTestId('factors-carbon').innerText()).toContain('生态环境部');
    // Year view: the card is the API's year total.
    await page.getByTestId('period-picker').getByText('年', { exact: true }).click();
    const yearCard = async () => {
      const now = await post<CarbonSite>(page, '/api/v6/energy/carbon', { project_id: await projectOf(page), year });
      const want = fmt(now.total_kg / 1000 > 10_000 ? now.total_kg / 1000 / 10_000 : now.total_kg / 1000);
      const shown = await statValue(page, 'carbon-total').catch(() => '');
      return shown.startsWith(want) ? [] : [`${shown} vs ${want}`];
    };
    await expect.poll(yearCard, { timeout: 30_000, interval: 700 }).toEqual([]);
    await page.context().close();
  });

  it('site: /IntergralEnergy matches the API and sets the layout energy-type class', async () => {
    const page = await newPage(browser, { lang: 'en' });
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
    await open(page, '/IntergralEnergy', 'integrated');
    const range = (await page.getByTestId('integrated').getAttribute('data-range'))!.split('_');
    const d = await post<{ rows: { energy_type: string; value: number; coal_kgce: number }[] }>(
      page,
      '/api/v6/energy/integrated',
      {
        project_id: await projectOf(page),
        period: 'custom',
        from: range[0],
        to: range[1],
      },
    );
    const power = d.rows.find((r) => r.energy_type === 'power')!;
    // en: kWh above 10000 scales to MWh (GWh above 10⁷), never "10k kWh".
    // The current month grows while the simulator runs: same unit, and the number within the last minutes' energy.
    const text = await page.getByTestId('integrated-value-power').innerText();
    const want = scaleUnit(power.value, 'kWh', { lang: 'en' });
    expect(text.endsWith(` ${want.unit}`)).toBe(true);
    expect(text).not.toContain('10k');
    const shown = Number(text.replace(/[^\d.]/g, '')) * want.divisor;
    expect(Math.abs(shown - power.value)).toBeLessThan(Math.max(20, power.value * 0.002));
    const root = page.getByTestId('layout-root');
    for (const type of ['water', 'heat', 'gas', 'power']) {
      await page.getByTestId(`energy-tab-${type}`).click();
      await page.waitForFunction(
        (t) => document.querySelector('[data-testid="layout-root"]')?.getAttribute('data-energy') === t,
        type,
      );
      expect(await root.getAttribute('class')).toContain(`energy-${type}`);
      expect(await page.getByTestId(`integrated-card-${type}`).getAttribute('data-selected')).toBe('1');
    }
    expect(await page.getByTestId('factor-coal-power').getAttribute('data-value')).toBe('0.1229');
    expect(await page.getByTestId('integrated-page').innerText()).not.toMatch(/carbon\.|energySetup\./);
    await page.context().close();
  });

  it('site: /EnergyHome shows the live balance, strategy and today, and refreshes', async () => {
    const page = await newPage(browser, { lang: 'zh' });
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
    await open(page, '/EnergyHome', 'microgrid');
    const d = await post<{
      storage: { strategy: string; capacity_kwh: number };
      today: { consumption: number; self_sufficiency_pct: number | null };
    }>(page, '/api/v6/energy/microgrid', { project_id: await projectOf(page) });
    expect(await page.getByTestId('storage-strategy').innerText()).toBe(d.storage.strategy);
    for (const end of ['source', 'grid', 'load', 'storage', 'charging'])
      expect(await page.getByTestId(`balance-kw-${end}`).textContent()).toMatch(/kW|MW/);
    // Today's energy grows as the simulator runs; the page and the API agree within a few kWh.
    const text = (await statValue(page, 'today-consumption')).replace(/[^\d.]/g, '');
    const shownKwh = (await statValue(page, 'today-consumption')).includes('万')
      ? Number(text) * 10_000
      : Number(text);
    expect(Math.abs(shownKwh - d.today.consumption)).toBeLessThan(Math.max(50, d.today.consumption * 0.02));
    const first = await page.getByTestId('microgrid').getAttribute('data-at');
    await page.waitForFunction(
      (at) => document.querySelector('[data-testid="microgrid"]')?.getAttribute('data-at') !== at,
      first,
      { timeout: 20_000 },
    );
    await page.context().close();
  });

  it('centre: /CentreCarbon ranks the sites as the API does; site pages ask for a site first', async () => {
    const page = await newPage(browser, { lang: 'zh' });
    await loginAs(page, baseUrl, 'centre');
    await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
    await open(page, '/CentreCarbon', 'centre-carbon-page');
    // The first aggregation over every site can take a while on a busy machine; an error state fails at once.
    await page
      .locator('[data-testid="centre-carbon"], [data-testid="state-error"]')
      .first()
      .waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('state-error').count()).toBe(0);
    const year = Number(await page.getByTestId('centre-carbon').getAttribute('data-year'));
    type CentreCarbon = { total_kg: number; ranking: { project_id: number; total_kg: number; rank: number }[] };
    // This year's totals grow with the simulator's live data and the page refreshes when it likes, so a separate
    // API answer and the page can be a cent apart for longer than any wait: the page is held to the newest answer
    // it received itself, and that answer to a fresh one of the API within a few kilograms.
    let pageAnswer: CentreCarbon | null = null;
    page.on('response', (r) => {
      if (new URL(r.url()).pathname !== '/api/v6/energy/centreCarbon' || !r.ok()) return;
      // The page also asks for last year, for the comparison.
      if ((r.request().postDataJSON() as { year?: number } | null)?.year !== year) return;
      void r
        .json()
        .then((b: { data?: CentreCarbon }) => {
          if (b.data) pageAnswer = b.data;
        })
        .catch(() => undefined);
    });
    await page.reload();
    await page.getByTestId('centre-carbon').waitFor({ timeout: 60_000 });
    await expect.poll(() => pageAnswer !== null, { timeout: 30_000 }).toBe(true);
    const fresh = await post<CentreCarbon>(page, '/api/v6/energy/centreCarbon', { year });
    for (const r of fresh.ranking) {
      const seen = pageAnswer!.ranking.find((x) => x.project_id === r.project_id);
      expect(seen, `site ${r.project_id} in the page's answer`).toBeDefined();
      expect(Math.abs(seen!.total_kg - r.total_kg)).toBeLessThan(Math.max(100, r.total_kg * 0.001));
    }
    const mismatches = async () => {
      const d = pageAnswer!;
      const rows = page.locator('[data-testid="ranking-table"] tbody tr.ant-table-row');
      const out: string[] = [];
      if ((await rows.count()) !== d.ranking.length) out.push(`rows ${await rows.count()} vs ${d.ranking.length}`);
      const maxT = Math.max(...d.ranking.map((r) => r.total_kg / 1000));
      const div = scaleUnit(maxT, 't', { lang: 'zh' }).divisor;
      for (const r of d.ranking) {
        const shown = await page.getByTestId(`rank-total-${r.project_id}`).innerText();
        const want = fmt(r.total_kg / 1000 / div);
        if (shown !== want) out.push(`site ${r.project_id}: ${shown} vs ${want}`);
      }
      const totalT = d.total_kg / 1000;
      const shownTotal = await statValue(page, 'centre-total');
      const wantTotal = scaleUnit(totalT, 't', { lang: 'zh' }).text;
      if (shownTotal !== wantTotal) out.push(`total: ${shownTotal} vs ${wantTotal}`);
      return out;
    };
    await expect.poll(mismatches, { timeout: 30_000, interval: 700 }).toEqual([]);

    for (const [path, id] of [
      ['/Carbon', 'need-site'],
      ['/IntergralEnergy', 'need-site'],
      ['/EnergyHome', 'need-site'],
    ] as const)
      await open(page, path, id);
    await selectSite(page, '杭州', '杭州滨江商业综合体', { waitMs: 5000, mayStayOpen: true });
    await open(page, '/IntergralEnergy', 'integrated');
    // This site meters all four energy types.
    for (const type of ['power', 'water', 'gas', 'heat'])
      await page.getByTestId(`integrated-card-${type}`).waitFor();
    await open(page, '/Carbon', 'carbon-site');
    await page.context().close();
  });
});
