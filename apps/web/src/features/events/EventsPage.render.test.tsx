import { afterEach, describe, it, vi } from 'vitest';
import { expectTexts, mockApi, renderPage, resetHarness } from '../../test/harness';
import { eventsFixture, weatherFixture } from '../../test/fixtures/events';
import { orgTreeFixture } from '../../test/fixtures/org';
import { EventsPage } from './EventsPage';

vi.mock('../../shared/charts/EChartView', async () => (await import('../../test/chartStub')).chartStub);

const api = () =>
  mockApi({
    '/api/v6/event/list': eventsFixture,
    '/api/v6/org/tree': orgTreeFixture,
    '/api/v6/weather/now': weatherFixture,
  });

describe('events page renders the API events', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('events (zh): both events with device, level, status and message', async () => {
    api();
    await renderPage(<EventsPage />, { pageKey: 'Events' });
    await expectTexts('共 2 条', '1# 变压器负载率越上限', '电气火灾回路 1', 'Ⅱ级', '待处理', '已确认');
  });

  it('events (en): the same events under English headings', async () => {
    api();
    await renderPage(<EventsPage />, { pageKey: 'Events', lang: 'en' });
    await expectTexts('2 in total', '线缆温度越上限', 'Level III', 'Acknowledged');
  });

});
