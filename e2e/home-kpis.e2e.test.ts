import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pageApiData } from './support/api.js';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { dismissPending, open } from './support/console.js';

const baseUrl = inject('baseUrl');

/** A tile's figure as a number in its base unit (万kWh and MWh scaled back to kWh). */
const shown = async (card: Locator): Promise<number> => {
  const text = await card.getByTestId('stat-value').first().innerText();
  const m = /-?[\d,]+(\.\d+)?/.exec(text);
  if (!m) throw new Error(`no number in "${text}"`);
  // "41.13MWh" in zh has no space before the unit, so look for the unit itself, not a word boundary.
  const scale = /万/.test(text) ? 10_000 : /MW/.test(text) ? 1_000 : 1;
  return Number(m[0].replace(/,/g, '')) * scale;
};


describe('home KPI strips (issue 26 item 9)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const stripValue = async (page: Page, testId: string) => {
    const card = page.getByTestId(testId);
    await card.getByTestId('stat-value').first().waitFor({ timeout: 60_000 });
    return shown(card);
  };

  it("site (zh): today's energy on /SiteHome's strip is the power overview's 今日用电, and the tiles say what they are", async () => {
    const page = await newPage(browser);
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
    await open(page, '/SiteHome', 'site-home');
    const strip = page.getByTestId('site-kpis');
    await strip.waitFor();
    const energy = page.getByTestId('kpi-energy-today');
    expect(await energy.locator('[data-quantity]').first().getAttribute('data-quantity')).toBe('consumption');
    // Suzhou has PV and storage: their tiles are there; every tile carries its definition.
    await page.getByTestId('kpi-pv-now').waitFor();
    await page.getByTestId('kpi-soc').waitFor();
    expect(await strip.locator('[data-definition]').count()).toBeGreaterThanOrEqual(8);

    const readDetail = async () => {
      await open(page, '/EnergyManage/PowerOverview', 'energy-pw-overview');
      return stripValue(page, 'pw-consumption-today');
    };
    const readStrip = async () => {
      await open(page, '/SiteHome', 'site-home');
      return stripValue(page, 'kpi-energy-today');
    };

    // Today's energy keeps growing while the simulator runs, so two pages are never read at the same instant:
    // the detail page's figure must lie between the strip's before and after it (same quantity, same source),
    // which a different quantity (grid import instead of consumption) or another computation would not.
    // The strip may first show what it fetched on the earlier visit (cached) and refreshes on live messages and
    // every 15 s, so the later read waits until it has caught up with the detail page's moment.
    const before = await readStrip();
    const middle = await readDetail();
    expect(before).toBeGreaterThan(0);
    expect(middle).toBeGreaterThanOrEqual(before);
    await open(page, '/SiteHome', 'site-home');
    await expect.poll(() => stripValue(page, 'kpi-energy-today'), { timeout: 90_000, interval: 1_000 }).toBeGreaterThanOrEqual(middle);

    // The transformer tile is the card's gauge: load rate = P / PF / kVA of the most loaded transformer.
    const projectId = Number(await page.getByTestId('site-home').getAttribute('data-project'));
    const kpi = await pageApiData<{ transformer: { device_id: number; load_pct: number } | null }>(page, baseUrl, '/api/v6/index/siteKpi', { body: { project_id: projectId } });
    expect(kpi.transformer).not.toBeNull();
    await page.context().close();
  });

  it("centre (en): the portfolio's energy today is the sum of its sites' strips", async () => {
    const page = await newPage(browser, { lang: 'en' });
    await loginAs(page, baseUrl, 'centre');
    await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
    await open(page, '/CentreHome', 'centre-home');
    await page.getByTestId('centre-kpis').waitFor();
    const sumOfSites = async () => {
      const c = await pageApiData<{ sites: { project_id: number }[] }>(page, baseUrl, '/api/v6/index/centreKpi', { body: {} });
      let total = 0;
      for (const s of c.sites) {
        const k = await pageApiData<{ energy_today_kwh: number | null }>(page, baseUrl, '/api/v6/index/siteKpi', { body: { project_id: s.project_id } });
        total += k.energy_today_kwh ?? 0;
      }
      return total;
    };
    const readCentre = async () => {
      await page.reload();
      await page.getByTestId('centre-kpis').waitFor();
      return stripValue(page, 'kpi-centre-energy');
    };
    // Σ sites before ≤ the centre's tile (rounded to what it shows) ≤ Σ sites after.
    const before = await sumOfSites();
    const centre = await readCentre();
    const after = await sumOfSites();
    // The tile shows two decimals of its unit (kWh, or MWh above 10 000 kWh).
    const step = centre >= 10_000 ? 10 : 0.01;
    expect(centre).toBeGreaterThanOrEqual(before - step);
    expect(centre).toBeLessThanOrEqual(after + step);
    expect(await page.getByTestId('kpi-worst-site').innerText()).toMatch(/%/);
    await page.context().close();
  });
});
