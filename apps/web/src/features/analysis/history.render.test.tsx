import { afterEach, describe, it, vi } from 'vitest';
import { expectTexts, mockApi, renderPage, resetHarness } from '../../test/harness';
import { realtimeFixture } from '../../test/fixtures/distribution';
import { historySeriesFixture, historyStatsFixture, voltageFixture } from '../../test/fixtures/history';
import { HistoryCurvesPage } from './HistoryCurvesPage';
import { HistoryStatsPage } from './HistoryStatsPage';
import { SpecialAnalysisPage } from './SpecialAnalysisPage';

vi.mock('../../shared/charts/EChartView', async () => (await import('../../test/chartStub')).chartStub);

const api = () =>
  mockApi({
    '/api/v6/distribution/realtime': realtimeFixture,
    '/api/v6/history/series': historySeriesFixture,
    '/api/v6/history/stats': historyStatsFixture,
    '/api/v6/analysis/voltage': voltageFixture,
  });

describe('history and analysis pages render the API figures', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('history curves (zh): the transformer power series and its three hourly buckets', async () => {
    api();
    await renderPage(<HistoryCurvesPage />, { pageKey: 'HistoryCurves' });
    await expectTexts('1# 变压器 有功功率', '时段 60 min，共 3 点');
  });

  it('history statistics (zh): the daily maximum', async () => {
    api();
    await renderPage(<HistoryStatsPage />, { pageKey: 'HistoryStats' });
    await expectTexts('1# 变压器', '2026-11-22', '1,456.7');
  });

  it('special analysis (zh): voltage compliance per phase', async () => {
    api();
    await renderPage(<SpecialAnalysisPage />, { pageKey: 'SpecialAnalysis' });
    await expectTexts('1# 变压器', '98.7');
  });

  it('special analysis (en): the same rows', async () => {
    api();
    await renderPage(<SpecialAnalysisPage />, { pageKey: 'SpecialAnalysis', lang: 'en' });
    await expectTexts('1# 变压器', '236.4');
  });
});
