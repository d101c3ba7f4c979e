import { afterEach, describe, it } from 'vitest';
import { expectTexts, mockApi, renderPage, resetHarness, siteSession } from '../../test/harness';
import { orgTreeFixture } from '../../test/fixtures/org';
import { WorkerHomePage } from './WorkerHomePage';

describe('worker home', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('zh: the sites of the worker from the organisation tree', async () => {
    mockApi({ '/api/v6/org/tree': orgTreeFixture });
    await renderPage(<WorkerHomePage />, { session: { ...siteSession, userType: 2 } });
    await expectTexts('苏州工业园光储充站', '上海张江园区配电站');
  });

  it('en: greets the worker by the English form of their name', async () => {
    mockApi({ '/api/v6/org/tree': orgTreeFixture });
    const userInfo = { id: 3, org_id: 2, username: 'worker', name: '王强', name_en: 'Wang Qiang', userType: 2 as const, project_ids: [1], can_control: false, permissions: ['view' as const], mqtt: { username: 'u', pass: 'p' } };
    await renderPage(<WorkerHomePage />, { session: { ...siteSession, userType: 2, userInfo }, lang: 'en' });
    await expectTexts('Hello, Wang Qiang');
  });
});
