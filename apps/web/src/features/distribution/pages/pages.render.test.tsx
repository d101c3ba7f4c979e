import { afterEach, describe, it, vi } from 'vitest';
import { expectTexts, mockApi, renderPage, resetHarness } from '../../../test/harness';
import { distributionOverviewFixture, fireEventsFixture, realtimeFixture } from '../../../test/fixtures/distribution';
import { storageOverviewFixture } from '../../../test/fixtures/energyPages';
import { DevMonitorPage } from './DevMonitorPage';
import { ElecIndexPage } from './ElecIndexPage';
import { ElectricFirePage } from './ElectricFirePage';
import { ErgMonitorPage } from './ErgMonitorPage';

vi.mock('../../../shared/charts/EChartView', async () => (await import('../../../test/chartStub')).chartStub);

const api = () =>
  mockApi({
    '/api/v6/distribution/overview': distributionOverviewFixture,
    '/api/v6/distribution/realtime': realtimeFixture,
    '/api/v6/event/list': fireEventsFixture,
    '/api/v6/energy/storageOverview': storageOverviewFixture,
  });

describe('distribution pages render the API figures', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('overview (zh): transformer, its power and the gateway', async () => {
    api();
    await renderPage(<ElecIndexPage />, { pageKey: 'ElecIndex' });
    await expectTexts('1# 变压器', '1,123.4', '1# 配电房', 'GW-SZ-0001');
  });

  it('device monitor (zh): the live point table', async () => {
    api();
    await renderPage(<DevMonitorPage />, { pageKey: 'DevMonitor' });
    await expectTexts('1# 变压器', 'A相电压', '231.7');
  });

  it("device monitor (zh): a new site's empty first room does not hide the room that has devices", async () => {
    mockApi({ '/api/v6/distribution/realtime': { ...realtimeFixture, rooms: [{ id: 9, name: '新建配电室', kind: 'electrical', devices: [] }, ...realtimeFixture.rooms] } });
    await renderPage(<DevMonitorPage />, { pageKey: 'DevMonitor' });
    await expectTexts('新建配电室', 'A相电压', '231.7');
  });

  it('electric fire (zh): the loop and its residual current', async () => {
    api();
    await renderPage(<ElectricFirePage />, { pageKey: 'ElectricFire' });
    await expectTexts('电气火灾回路 1', '123');
  });

  it('storage monitor (zh): PCS, BMS and the state of charge', async () => {
    api();
    await renderPage(<ErgMonitorPage />, { pageKey: 'ErgMonitor' });
    await expectTexts('1# PCS', '63.2');
  });

  it('overview (en): English labels around the same figures', async () => {
    api();
    await renderPage(<ElecIndexPage />, { pageKey: 'ElecIndex', lang: 'en' });
    await expectTexts('Active', '1# 变压器', '1,123.4');
  });
});
