import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectEnglishOnly, expectTexts, mockApi, renderPage, resetHarness } from '../../../test/harness';
import { powerOverviewFixture, powerStatsFixture } from '../../../test/fixtures/energy';
import { expenseFixture } from '../../../test/fixtures/energyPages';
import { PowerOverviewPage } from './PowerOverviewPage';
import { PowerExpensePage } from './PowerExpensePage';

vi.mock('../../../shared/charts/EChartView', async () => (await import('../../../test/chartStub')).chartStub);

/** Issue 25 item 5: a cost without a tariff, or a total without a metering root, says why and links to the fix. */
const noTariffOverview = {
  ...powerOverviewFixture,
  month_cost: null,
  month_by_band: powerOverviewFixture.month_by_band.map((b) => ({ ...b, cost: null })),
  cost_unknown: 'no_tariff' as const,
};
const overview = (d: Record<string, unknown>) =>
  mockApi({
    '/api/v6/energy/powerOverview': d,
    '/api/v6/energy/stats': (body) => powerStatsFixture(body as { period?: string; category?: string }),
  });
const links = (testId: string) => [...document.querySelectorAll(`[data-testid="${testId}"]`)].map((a) => a.getAttribute('href'));

describe('figures that cannot be computed are never shown as 0', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('power overview without a tariff: the cost card and the band cost cells say 未配置电价 and link to the tariff page (zh)', async () => {
    overview(noTariffOverview);
    await renderPage(<PowerOverviewPage />, { pageKey: 'PowerOverview' });
    await expectTexts('未配置电价', '去配置电价');
    expect(screen.getByTestId('pw-month-cost').textContent).toContain('未配置电价');
    expect(screen.getByTestId('pw-month-cost').textContent).not.toContain('元');
    // The card plus one cell per band, each a link to the tariff page.
    expect(links('cost-unknown').length).toBe(1 + noTariffOverview.month_by_band.length);
    expect(new Set(links('cost-unknown'))).toEqual(new Set(['/RunSetup/BillingSet']));
    expect(links('cost-unknown-fix')).toEqual(['/RunSetup/BillingSet']);
  });

  it('power overview without a grid root: the totals say why and link to the metering tree (en)', async () => {
    overview({ ...powerOverviewFixture, total_unknown: 'no_grid_root' });
    await renderPage(<PowerOverviewPage />, { pageKey: 'PowerOverview', lang: 'en' });
    await expectTexts('No grid incomer node', 'Set up the metering tree');
    await waitFor(() => expect(screen.getByTestId('pw-consumption-today').textContent).toContain('No grid incomer node'));
    expect(screen.getByTestId('pw-consumption-today').textContent).not.toContain('kWh');
    expect(new Set(links('total-unknown'))).toEqual(new Set(['/EnergyManage/BranchSet']));
    expect(links('total-unknown-fix')).toEqual(['/EnergyManage/BranchSet']);
    await expectEnglishOnly();
  });

  it('power overview without a metering tree says so (zh)', async () => {
    overview({ ...powerOverviewFixture, total_unknown: 'no_metering_tree' });
    await renderPage(<PowerOverviewPage />, { pageKey: 'PowerOverview' });
    await expectTexts('未建计量树', '去配置计量树');
  });

  it('expense report without a tariff: total, average price and every cost cell say No tariff (en)', async () => {
    mockApi({ '/api/v6/energy/expense': { ...expenseFixture, tariff_configured: false, cost_unknown: 'no_tariff', total: { ...expenseFixture.total, cost: null, avg_price: null } } });
    await renderPage(<PowerExpensePage />, { pageKey: 'PowerExpense', lang: 'en' });
    await expectTexts('Enter a tariff');
    await waitFor(() => expect(screen.getByTestId('ex-cost').textContent).toContain('No tariff'));
    expect(screen.getByTestId('ex-avg-price').textContent).toContain('No tariff');
    // Cards, and in the table the cost column of each band and of the total on every row.
    expect(links('cost-unknown').length).toBeGreaterThan(2);
    expect(new Set(links('cost-unknown'))).toEqual(new Set(['/RunSetup/BillingSet']));
    await expectEnglishOnly();
  });
});
