import { afterEach, describe, it, vi } from 'vitest';
import { expectTexts, mockApi, renderPage, resetHarness } from '../../test/harness';
import { loopsFixture, meterPointsFixture, meterTreeFixture } from '../../test/fixtures/metering';
import { FlowSetPage } from './FlowSetPage';
import { LoopSetPage } from './LoopSetPage';
import { BranchSetPage, NewEnergyStructSetPage, StorageStructSetPage } from './StructurePages';

vi.mock('../../shared/charts/EChartView', async () => (await import('../../test/chartStub')).chartStub);

const api = () =>
  mockApi({
    '/api/v6/energy/meterTree': (_body, url) => meterTreeFixture(url.searchParams.get('energy_type') ?? 'power'),
    '/api/v6/energy/meterPoints': meterPointsFixture,
    '/api/v6/energy/loops': loopsFixture,
  });

describe('energy setup pages render the metering configuration', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('branch structure (zh): the power tree with its meters', async () => {
    api();
    await renderPage(<BranchSetPage />, { pageKey: 'BranchSet' });
    await expectTexts('总进线', '1# 办公楼照明');
  });

  it('branch structure (en): English node names', async () => {
    api();
    await renderPage(<BranchSetPage />, { pageKey: 'BranchSet', lang: 'en' });
    await expectTexts('Main incomer', 'Office lighting');
  });

  it('new-energy structure (zh): the PV zone', async () => {
    api();
    await renderPage(<NewEnergyStructSetPage />, { pageKey: 'NewEnergyStructSet' });
    await expectTexts('屋顶光伏一区');
  });

  it('storage structure (zh): the storage cabinet', async () => {
    api();
    await renderPage(<StorageStructSetPage />, { pageKey: 'StorageStructSet' });
    await expectTexts('1# 储能柜放电');
  });

  it('flow layout (zh): the nodes to place', async () => {
    api();
    await renderPage(<FlowSetPage />, { pageKey: 'FlowSet' });
    await expectTexts('总进线', '1# 办公楼照明');
  });

  it('loops (zh): the loop and its members', async () => {
    api();
    await renderPage(<LoopSetPage />, { pageKey: 'LoopSet' });
    await expectTexts('办公区回路', '1# 办公楼照明');
  });
});
