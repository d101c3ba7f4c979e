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
});
