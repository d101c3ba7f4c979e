import { afterEach, describe, it, vi } from 'vitest';
import { expectEnglishOnly, expectTexts, mockApi, renderPage, resetHarness } from '../../../test/harness';
import { powerOverviewFixture, powerStatsFixture } from '../../../test/fixtures/energy';
import { PowerOverviewPage } from './PowerOverviewPage';
import { PowerStatsPage } from './statsPages';

vi.mock('../../../shared/charts/EChartView', async () => (await import('../../../test/chartStub')).chartStub);

const api = () =>
  mockApi({
    '/api/v6/energy/powerOverview': powerOverviewFixture,
    '/api/v6/energy/stats': (body) => powerStatsFixture(body as { period?: string; category?: string }),
  });

describe('energy pages render the API figures', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('power overview (zh): use today, cost this month and the top branch', async () => {
    api();
    await renderPage(<PowerOverviewPage />, { pageKey: 'PowerOverview' });
    await expectTexts('今日用电', '4,321.50kWh', '本月电费', '7.40万元', '1# 办公楼照明', '2.35');
  });

  it('power overview (en): English branch names', async () => {
    api();
    await renderPage(<PowerOverviewPage />, { pageKey: 'PowerOverview', lang: 'en' });
    // 74 000 yuan this month reads "74.00 k CNY" (the card sets the unit apart), the bands by their English names.
    await expectTexts('Office lighting', 'Chiller plant', '74.00k CNY', 'Critical peak', 'Off-peak');
    await expectEnglishOnly();
  });

  it('power statistics (zh): the nodes with their energy', async () => {
    api();
    await renderPage(<PowerStatsPage />, { pageKey: 'PowerStats' });
    await expectTexts('总进线', '1# 办公楼照明', '2,345.60');
  });
});
