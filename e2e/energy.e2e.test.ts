import { formatNumber, scaleUnit } from '@gridops/format';
import type { Browser, Locator, Page } from 'playwright-core';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pageApiData } from './support/api.js';
import { downloadBytes, launchBrowser, loginAs, newPage } from './support/browser.js';
import { dismissPending, open as openRoute, selectSite } from './support/console.js';

/**
 * /EnergyManage on the seeded 400-day history plus the live simulator: every page as `site` and as `centre`
 * (after picking the Suzhou site), figures on screen equal to the API's after the same formatting, an .xlsx
 * export read back, flagged loss rows and the zero-base '-'. Past periods are used where figures must match
 * exactly; live figures (today, this year, kW) are compared within a small tolerance.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PAGES: readonly (readonly [string, string])[] = [
  ['', 'energy-flow'],
  ['/NewEnergyOverview', 'energy-ne-overview'],
  ['/NewEnergyStats', 'energy-ne-stats'],
  ['/NewEnergyReadings', 'energy-ne-readings'],
  ['/NewEnergyMom', 'energy-ne-mom'],
  ['/NewEnergyYoy', 'energy-ne-yoy'],
  ['/StorageCharge', 'energy-st-charge'],
  ['/StorageDischarge', 'energy-st-discharge'],
  ['/StorageReadings', 'energy-st-readings'],
  ['/StorageMonth', 'energy-st-month'],
  ['/StorageYear', 'energy-st-year'],
  ['/PowerOverview', 'energy-pw-overview'],
  ['/PowerStats', 'energy-pw-stats'],
  ['/PowerReadings', 'energy-pw-readings'],
  ['/PowerMonth', 'energy-pw-month'],
  ['/PowerYear', 'energy-pw-year'],
  ['/PowerLoss', 'energy-loss'],
  ['/PowerExpense', 'energy-expense'],
];

/** In-app navigation under /EnergyManage, then wait for the page root and for its first answer (no skeleton left). */
const open = (page: Page, sub: string, testId: string) => openRoute(page, `/EnergyManage${sub}`, testId, { loading: 'energy-loading' });

/** The energy API the page calls, with the page's own token. */
const api = <T>(page: Page, path: string, body: unknown) => pageApiData<T>(page, baseUrl, `/api/v6/energy/${path}`, { body });

const projectOf = async (page: Page) => Number(await page.locator('[data-project]').first().getAttribute('data-project'));
const text = async (l: Locator) => ((await l.first().innerText()) ?? '').replace(/\s+/g, '');
/** As the StatCard shows a quantity (spec §9 scaling, 2 decimals). */
const shown = (v: number, unit: string, precision = 2) => scaleUnit(v, unit, { lang: 'zh', precision }).text.replace(/\s+/g, '');
/** A displayed scaled quantity back to raw units, for live values compared within a tolerance. */
function parseShown(s: string): number {
  const n = Number(s.replace(/[^\d.-]/g, ''));
  return s.includes('万') ? n * 10_000 : s.includes('MW') ? n * 1000 : n;
}
/** One column scale, as the tables use (the largest value decides the unit). */
function columnText(v: number, all: number[], unit = 'kWh') {
  const max = Math.max(...all.map((x) => Math.abs(x)));
  return formatNumber(v / scaleUnit(max, unit, { lang: 'zh' }).divisor, 2);
}
/** A date inside last month, as the period picker's "previous" button gives (browser-local calendar). */
function lastMonth(): string {
  const d = new Date();
  const m = new Date(d.getFullYear(), d.getMonth() - 1, 15);
  return `${m.getFullYear()}-${String(m.getMonth() + 1).padStart(2, '0')}-15`;
}

interface Stats {
  unit: string;
  total: { value: number; mom_value: number | null; yoy_value: number | null };
  buckets: { key: string; value: number; mom_value: number | null; yoy_value: number | null; mom_pct: number | null; yoy_pct: number | null }[];
  nodes: { name: string; value: number; mom_value: number | null }[];
}

async function download(page: Page) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').first().click()]);
  expect(dl.suggestedFilename()).toMatch(/\.xlsx$/);
  const [sheet] = await readXlsxFile(await downloadBytes(dl));
  return sheet?.data ?? [];
}

/** Every page opens for this user and shows content, not an error or the site prompt. */
async function openAll(page: Page) {
  for (const [sub, testId] of PAGES) {
    await open(page, sub, testId);
    expect(await page.getByTestId('energy-error').count(), sub).toBe(0);
    expect(await page.getByTestId('energy-need-site').count(), sub).toBe(0);
  }
}

async function checkFigures(page: Page) {
  const pid = await projectOf(page);
  const past = lastMonth();

  // Statistics (power use): last month's total, its bases and the by-period table equal the API's.
  await open(page, '/PowerMonth', 'energy-pw-month');
  await page.getByTestId('period-prev').click();
  const pm = await api<Stats>(page, 'stats', { project_id: pid, category: 'power_use', period: 'month', date: past });
  await expect.poll(() => text(page.getByTestId('stats-total').getByTestId('stat-value'))).toBe(shown(pm.total.value, 'kWh'));
  expect(await text(page.getByTestId('stats-mom-base').getByTestId('stat-value'))).toBe(shown(pm.total.mom_value ?? 0, 'kWh'));
  const firstRow = page.getByTestId('stats-table').locator('tbody tr.ant-table-row').first();
  const b0 = pm.buckets[0];
  if (!b0) throw new Error('no buckets');
  const colValues = pm.buckets.flatMap((b) => [b.value, b.mom_value ?? 0]);
  expect(await text(firstRow.locator('td').nth(1))).toBe(columnText(b0.value, colValues));
  expect(await text(firstRow.locator('td').nth(2))).toBe(columnText(b0.mom_value ?? 0, colValues));
  const pct = b0.mom_pct === null ? '-' : `${b0.mom_pct > 0 ? '↑' : b0.mom_pct < 0 ? '↓' : ''}${formatNumber(Math.abs(b0.mom_pct), 1)}%`;
  expect(await text(firstRow.getByTestId('comparison-change'))).toBe(pct);

  // Export of that table: one row per day, raw kWh equal to the API's.
  const sheet = await download(page);
  expect(sheet.length).toBe(pm.buckets.length + 1);
  expect(sheet[1]?.[0]).toBe(b0.key);
  expect(Number(sheet[1]?.[1])).toBeCloseTo(b0.value, 3);

  // Per branch (PowerStats opens on the branch table).
  await open(page, '/PowerStats', 'energy-pw-stats');
  await page.getByTestId('period-prev').click();
  const nodeRow = page.getByTestId('stats-node-table').locator('tbody tr.ant-table-row').first();
  const n0 = pm.nodes[0];
  if (!n0) throw new Error('no nodes');
  await expect.poll(() => text(nodeRow.locator('td').nth(0))).toBe(n0.name.replace(/\s+/g, ''));
  expect(await text(nodeRow.locator('td').nth(2))).toBe(columnText(n0.value, pm.nodes.flatMap((n) => [n.value, n.mom_value ?? 0])));

  // Year-on-year with a zero base: storage this year against last year, whose early months have no data.
  await open(page, '/StorageYear', 'energy-st-year');
  await page.getByTestId('compare-mode').getByText('同比').click();
  const year = `${new Date().getFullYear()}-06-15`;
  const charge = await api<Stats>(page, 'stats', { project_id: pid, category: 'storage_discharge', period: 'year', date: year });
  const rows = page.getByTestId('storage-table').locator('tbody tr.ant-table-row');
  await rows.first().waitFor();
  const i = charge.buckets.findIndex((b) => b.yoy_pct === null);
  if (i >= 0) expect(await text(rows.nth(i).getByTestId('comparison-change'))).toBe('-');

  // Readings: last month's energy per meter.
  await open(page, '/PowerReadings', 'energy-pw-readings');
  await page.getByTestId('period-prev').click();
  const from = `${past.slice(0, 7)}-01`;
  const toDate = new Date(Number(past.slice(0, 4)), Number(past.slice(5, 7)), 0).getDate();
  const rd = await api<{ rows: { energy: number }[] }>(page, 'readings', { project_id: pid, category: 'power_use', from, to: `${past.slice(0, 7)}-${toDate}` });
  const r0 = rd.rows[0];
  if (!r0) throw new Error('no readings');
  const readingRow = page.getByTestId('readings-table').locator('tbody tr.ant-table-row').first();
  await expect.poll(() => text(readingRow.locator('td').nth(8))).toBe(columnText(r0.energy, rd.rows.map((r) => r.energy)));

  // Loss: a 1 % threshold flags exactly the rows the API flags.
  await open(page, '/PowerLoss', 'energy-loss');
  await page.getByTestId('period-prev').click();
  // antd puts the test id on the <input> itself or on its wrapper, depending on the version.
  const threshold = page.locator('input[data-testid="loss-threshold"], [data-testid="loss-threshold"] input').first();
  await threshold.fill('1');
  await threshold.blur();
  const loss = await api<{ rows: { flagged: boolean; loss_rate_pct: number | null }[] }>(page, 'loss', { project_id: pid, period: 'month', date: past, threshold_pct: 1 });
  const flagged = loss.rows.filter((r) => r.flagged).length;
  await expect.poll(() => page.locator('[data-testid="loss-table"] tr[data-flagged="high"], [data-testid="loss-table"] tr[data-flagged="negative"]').count()).toBe(flagged);
  const rate0 = loss.rows[0]?.loss_rate_pct;
  expect(await text(page.getByTestId('loss-table').locator('tbody tr.ant-table-row').first().locator('td').nth(6))).toBe(rate0 === null || rate0 === undefined ? '-' : `${formatNumber(rate0, 2)}%`);

  // Expense: last month's cost, and the export's rows.
  await open(page, '/PowerExpense', 'energy-expense');
  await page.getByTestId('period-prev').click();
  const ex = await api<{ total: { cost: number; energy: number }; periods: { key: string; energy: number; cost: number }[] }>(page, 'expense', { project_id: pid, period: 'month', date: past });
  await expect.poll(() => text(page.getByTestId('ex-cost').getByTestId('stat-value'))).toBe(shown(ex.total.cost, '元'));
  expect(await text(page.getByTestId('ex-energy').getByTestId('stat-value'))).toBe(shown(ex.total.energy, 'kWh'));
  const exSheet = await download(page);
  expect(exSheet.length).toBe(ex.periods.length + 1);
  expect(exSheet[1]?.[0]).toBe(ex.periods[0]?.key);
  expect(Number(exSheet[1]?.[exSheet[0]!.length - 1])).toBeCloseTo(ex.periods[0]?.cost ?? NaN, 2);

  // Overviews: live figures within 1 % (the simulator keeps counting between the two reads).
  await open(page, '/PowerOverview', 'energy-pw-overview');
  const pw = await api<{ consumption: { year: number } }>(page, 'powerOverview', { project_id: pid });
  const used = parseShown(await text(page.getByTestId('pw-consumption-year').getByTestId('stat-value')));
  expect(Math.abs(used - pw.consumption.year) / pw.consumption.year).toBeLessThan(0.01);
  await open(page, '/NewEnergyOverview', 'energy-ne-overview');
  const ne = await api<{ generation: { year: number } }>(page, 'newEnergyOverview', { project_id: pid });
  const gen = parseShown(await text(page.getByTestId('ne-generation-year').getByTestId('stat-value')));
  expect(Math.abs(gen - ne.generation.year) / ne.generation.year).toBeLessThan(0.01);
  await open(page, '/StorageCharge', 'energy-st-charge');
  const st = await api<{ charged: { year: number } }>(page, 'storageOverview', { project_id: pid });
  const chg = parseShown(await text(page.getByTestId('st-charge-year').getByTestId('stat-value')));
  expect(Math.abs(chg - st.charged.year) / st.charged.year).toBeLessThan(0.01);

  // Flow: the diagram is drawn, losses are their own flow, and the grid feed matches the API within 10 %.
  await open(page, '', 'energy-flow');
  await page.getByTestId('flow-chart').getByTestId('chart').waitFor();
  const flow = await api<{ links: { source: string; target: string; kw: number }[]; nodes: { id: string; kind: string }[] }>(page, 'flow', { project_id: pid });
  const lossIds = new Set(flow.nodes.filter((n) => n.kind === 'loss').map((n) => n.id));
  const lossLinks = flow.links.filter((l) => lossIds.has(l.target) && l.kw > 0).length;
  if (lossLinks > 0) await expect.poll(() => page.getByTestId('flow-links').locator('.ant-tag-red').count()).toBeGreaterThan(0);
  const gridLink = flow.links.find((l) => l.source === 'grid');
  if (gridLink) {
    const first = await text(page.getByTestId('flow-links').locator('tbody tr.ant-table-row').first().locator('td').nth(2));
    expect(Math.abs(parseShown(first) - gridLink.kw)).toBeLessThan(Math.max(5, gridLink.kw * 0.1));
  }
}

describe('energy management pages', () => {
  it('site user: every page opens and the figures equal the API', async () => {
    const page = await newPage(browser, { lang: 'zh' });
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 5000 });
    await openAll(page);
    await checkFigures(page);
    await page.context().close();
  });

  it('centre user: prompted to pick a site, then the same pages for Suzhou', async () => {
    const page = await newPage(browser, { lang: 'zh' });
    await loginAs(page, baseUrl, 'centre');
    await dismissPending(page, { waitMs: 5000 });
    await open(page, '/PowerStats', 'energy-need-site');
    await selectSite(page, '苏州', '苏州工业园光储充站');
    await openAll(page);
    await checkFigures(page);
    await page.context().close();
  });

  it('English: strings and units are translated', async () => {
    const page = await newPage(browser, { lang: 'en' });
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 5000 });
    await open(page, '/PowerExpense', 'energy-expense');
    await page.getByTestId('ex-cost').waitFor();
    const body = await page.getByTestId('energy-expense').innerText();
    expect(body).toContain('Total cost');
    expect(body).not.toMatch(/energy\.[a-z]/);
    expect(body).not.toMatch(/[\u3400-\u9fff]/);
    // Units read naturally (issue 11 item 6): k/M prefixes and CNY, never "10k"; 尖 is "Critical peak".
    expect(body).toContain('CNY');
    expect(body).toContain('Critical peak');
    expect(body).not.toMatch(/10k|yuan|Sharp|Valley/);
    await open(page, '/PowerOverview', 'energy-pw-overview');
    await page.getByTestId('energy-loading').first().waitFor({ state: 'detached' }).catch(() => undefined);
    await expect
      .poll(async () => page.getByTestId('energy-pw-overview').innerText(), { timeout: 20_000 })
      .toMatch(/kWh|MWh|GWh/);
    const overview = await page.getByTestId('energy-pw-overview').innerText();
    expect(overview).not.toMatch(/[\u3400-\u9fff]|10k|yuan|Sharp|Valley/);
    await page.context().close();
  });
});
