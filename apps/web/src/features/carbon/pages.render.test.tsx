import { afterEach, describe, expect, it, vi } from 'vitest';
import { centreSession, expectEnglishOnly, expectTexts, mockApi, renderPage, resetHarness } from '../../test/harness';
import { centreCarbonFixture, factorsFixture, integratedFixture, siteCarbonFixture } from '../../test/fixtures/carbon';
import { CarbonPage } from './CarbonPage';
import { CentreCarbonPage } from './CentreCarbonPage';
import { IntegratedEnergyPage } from './IntegratedEnergyPage';

vi.mock('../../shared/charts/EChartView', async () => (await import('../../test/chartStub')).chartStub);

const carbonApi = () =>
  mockApi({
    '/api/v6/energy/factors': factorsFixture,
    '/api/v6/energy/carbon': (body) => siteCarbonFixture((body as { year: number }).year),
    '/api/v6/energy/centreCarbon': (body) => centreCarbonFixture((body as { year: number }).year),
    '/api/v6/energy/integrated': (body) => integratedFixture(body as { period?: string }),
  });

describe('carbon pages render the API figures', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('site carbon (zh): stat titles, the trees and the tonnes of January', async () => {
    const api = carbonApi();
    await renderPage(<CarbonPage />);
    await expectTexts('光伏/风电减排', '净排放', '2.49万棵', '115.00');
    expect(api.unmocked).toEqual([]);
  });

  it('site carbon (en)', async () => {
    carbonApi();
    await renderPage(<CarbonPage />, { lang: 'en' });
    await expectTexts('Net emissions', '24.92k trees', '115.00');
    await expectEnglishOnly();
  });

  it('centre carbon (zh): the ranking lists the sites', async () => {
    const api = carbonApi();
    await renderPage(<CentreCarbonPage />, { session: centreSession });
    await expectTexts('上海张江园区配电站', '苏州工业园光储充站');
    expect(api.unmocked).toEqual([]);
  });

  it('centre carbon (en): English site names', async () => {
    carbonApi();
    await renderPage(<CentreCarbonPage />, { session: centreSession, lang: 'en' });
    await expectTexts('Shanghai Zhangjiang distribution');
    await expectEnglishOnly();
  });

  it('integrated energy (zh): electricity in 万kWh with MoM, and the coal total', async () => {
    const api = carbonApi();
    await renderPage(<IntegratedEnergyPage />);
    await expectTexts('综合能耗（折标准煤）', '9.88万kWh', '↑5.1%', '12.138t');
    expect(api.unmocked).toEqual([]);
  });

  it('integrated energy: electricity by use category in both languages, the rest named as such', async () => {
    carbonApi();
    await renderPage(<IntegratedEnergyPage />);
    await expectTexts('电分项用能', '空调用电', '未分项（含损耗）', '40.5%');
    resetHarness();
    carbonApi();
    await renderPage(<IntegratedEnergyPage />, { lang: 'en' });
    await expectTexts('HVAC', 'Not sub-metered (incl. losses)', '59.5%');
    await expectEnglishOnly();
  });
});
