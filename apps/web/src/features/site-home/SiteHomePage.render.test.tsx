import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectTexts, mockApi, renderPage, resetHarness } from '../../test/harness';
import { eventsFixture, weatherFixture } from '../../test/fixtures/events';
import { orgTreeFixture } from '../../test/fixtures/org';
import { siteKpiFixture, siteKpiNoPvFixture } from '../../test/fixtures/kpi';
import { SiteHomePage } from './SiteHomePage';

vi.mock('../../shared/charts/EChartView', async () => (await import('../../test/chartStub')).chartStub);

const api = (kpi = siteKpiFixture) =>
  mockApi({
    '/api/v6/index/siteKpi': kpi,
    '/api/v6/event/list': eventsFixture,
    '/api/v6/org/tree': orgTreeFixture,
    '/api/v6/weather/now': weatherFixture,
  });

describe('site home renders the site and its events', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('site home (zh): the site, its capacity and its latest events', async () => {
    api();
    await renderPage(<SiteHomePage />, { pageKey: 'SiteHome' });
    await expectTexts('苏州工业园光储充站', '2,500', '1# 变压器负载率越上限', '苏州某路 1 号');
  });

  it('site home (en): the English site name', async () => {
    api();
    await renderPage(<SiteHomePage />, { pageKey: 'SiteHome', lang: 'en' });
    await expectTexts('Suzhou Industrial Park PV-storage-charging', '1# 变压器负载率越上限');
    // The address and city in their recorded English forms.
    await expectTexts('No. 1 Some Road, Suzhou');
  });

  it('site home (zh): the live strip with PV, SOC and the transformer card\'s load rate', async () => {
    api();
    await renderPage(<SiteHomePage />, { pageKey: 'SiteHome' });
    await expectTexts('实时负荷', '今日用电', '今日电费', '光伏实时功率', '储能 SOC', '变压器负载率', '12.6', '2#变压器', '0.934');
  });

  it('site home (en): a site without PV or storage hides those tiles instead of showing 0', async () => {
    api(siteKpiNoPvFixture);
    await renderPage(<SiteHomePage />, { pageKey: 'SiteHome', lang: 'en' });
    await expectTexts('Load now', 'Energy today', 'Transformer loading');
    expect(screen.queryByTestId('kpi-pv-now')).toBeNull();
    expect(screen.queryByTestId('kpi-pv-today')).toBeNull();
    expect(screen.queryByTestId('kpi-soc')).toBeNull();
  });
});
