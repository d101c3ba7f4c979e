import { afterEach, describe, it } from 'vitest';
import { centreKpiFixture } from '../../test/fixtures/kpi';
import { centreSession, expectTexts, mockApi, renderPage, resetHarness } from '../../test/harness';
import { orgTreeFixture, siteNoticesFixture } from '../../test/fixtures/org';
import { CentreHomePage } from './CentreHomePage';

const api = () => mockApi({ '/api/v6/index/centreKpi': centreKpiFixture, '/api/v6/org/tree': orgTreeFixture, '/api/v6/index/eventNoticeList': siteNoticesFixture, '/api/v6/index/eventNotice': { total: 3 } });

describe('centre home renders the organisation tree', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('zh: station cards with their pending counts', async () => {
    api();
    await renderPage(<CentreHomePage />, { session: centreSession });
    await expectTexts('苏州工业园光储充站', '上海张江园区配电站', '园区集团', '待处理 3');
  });

  it('zh: the portfolio strip with the most loaded site and its transformer', async () => {
    api();
    await renderPage(<CentreHomePage />, { session: centreSession });
    await expectTexts('总负荷', '今日总用电', '今日碳排放', '负载率最高站点', '48.2', '上海张江园区配电站 · 1#变压器');
  });

  it('en: English names', async () => {
    api();
    await renderPage(<CentreHomePage />, { session: centreSession, lang: 'en' });
    await expectTexts('Shanghai Zhangjiang distribution', 'Park Group');
  });
});
