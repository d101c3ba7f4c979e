import { afterEach, describe, it, vi } from 'vitest';
import { expectEnglishOnly, expectTexts, mockApi, renderPage, resetHarness } from '../../../test/harness';
import {
  categoryStatsFixture,
  expenseFixture,
  flowFixture,
  lossFixture,
  newEnergyOverviewFixture,
  readingsFixture,
  storageOverviewFixture,
} from '../../../test/fixtures/energyPages';
import { EnergyFlowPage } from './EnergyFlowPage';
import { NewEnergyOverviewPage } from './NewEnergyOverviewPage';
import { PowerExpensePage } from './PowerExpensePage';
import { PowerLossPage } from './PowerLossPage';
import { StorageChargePage } from './StorageOverviewPage';
import { PowerReadingsPage, StorageMonthPage } from './statsPages';

vi.mock('../../../shared/charts/EChartView', async () => (await import('../../../test/chartStub')).chartStub);

const api = () =>
  mockApi({
    '/api/v6/energy/newEnergyOverview': newEnergyOverviewFixture,
    '/api/v6/energy/storageOverview': storageOverviewFixture,
    '/api/v6/energy/stats': (body) => categoryStatsFixture(body as { period?: string; category?: string }),
    '/api/v6/energy/readings': readingsFixture,
    '/api/v6/energy/loss': lossFixture,
    '/api/v6/energy/expense': expenseFixture,
    '/api/v6/energy/flow': flowFixture,
  });

describe('more energy pages render the API figures', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('new energy overview (zh): generation today and live power', async () => {
    api();
    await renderPage(<NewEnergyOverviewPage />, { pageKey: 'NewEnergyOverview' });
    await expectTexts('1,876.50', '321.40');
  });

  it('storage overview (zh): charged today and state of charge', async () => {
    api();
    await renderPage(<StorageChargePage />, { pageKey: 'StorageCharge' });
    await expectTexts('今日充电', '876.50', '63%', '0.80 / 21.80 / 254.00');
  });

  it('storage by period (zh): charged per day and the month total', async () => {
    api();
    await renderPage(<StorageMonthPage />, { pageKey: 'StorageMonth' });
    await expectTexts('充电量', '3,200.00', '11-02', '1,700.00');
  });

  it('readings (zh): the meter with its start and end readings', async () => {
    api();
    await renderPage(<PowerReadingsPage />, { pageKey: 'PowerReadings' });
    await expectTexts('1# 办公楼照明', '照明电表 A1', '10,234.5', '12,580.1');
  });

  it('readings (en): English meter and device names', async () => {
    api();
    await renderPage(<PowerReadingsPage />, { pageKey: 'PowerReadings', lang: 'en' });
    await expectTexts('Office lighting', 'Lighting meter A1', '2,345.6');
  });

  it('power loss (zh): the flagged incomer and its loss rate', async () => {
    api();
    await renderPage(<PowerLossPage />, { pageKey: 'PowerLoss' });
    await expectTexts('总进线', '7.2');
  });

  it('power expense (zh): total cost and the day by TOU band', async () => {
    api();
    await renderPage(<PowerExpensePage />, { pageKey: 'PowerExpense' });
    await expectTexts('总电费', '4,960.00', '11-02', '2,560.00');
  });

  it('power expense (en): band names and units read naturally', async () => {
    api();
    await renderPage(<PowerExpensePage />, { pageKey: 'PowerExpense', lang: 'en' });
    await expectTexts('4,960.00', 'Critical peak', 'Off-peak', 'CNY');
    await expectEnglishOnly();
  });

  it('energy flow (zh): the nodes of the flow', async () => {
    api();
    await renderPage(<EnergyFlowPage />, { pageKey: 'EnergyFlow' });
    await expectTexts('总进线');
  });
});
