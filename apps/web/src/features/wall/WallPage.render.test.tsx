import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dispatchPayload } from '../../api/liveWire';
import { centreSession, expectEnglishOnly, expectTexts, mockApi, renderPage, resetHarness } from '../../test/harness';
import { chartStub } from '../../test/chartStub';
import { wallFixture } from '../../test/fixtures/wall';
import { WallPage } from './WallPage';

vi.mock('../../shared/charts/EChartView', () => chartStub);
// happy-dom has no canvas: the map is stubbed; its markers are checked through the page's list of them.
vi.mock('./WallMap', () => ({ default: () => <div data-testid="wall-map-stub" /> }));

describe('the wall screen', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('zh: portfolio figures, a marker per station, the card of the toured station, the ticker', async () => {
    mockApi({ '/api/v6/wall': wallFixture });
    await renderPage(<WallPage />, { session: centreSession });
    await expectTexts('运营中心监控大屏', '总负荷', '812.5', '今日用电', '储能 SOC', '63.4', '超期工单', 'Ⅲ级', '负载率最高的变压器', '1#变压器上海张江园区配电站', '48.2%', '实时告警', '1#变压器 绕组温度越上限');
    for (const s of wallFixture.stations) expect(screen.getByTestId(`wall-marker-${s.project_id}`)).toBeTruthy();
    expect(screen.getByTestId('wall-marker-2').dataset.level).toBe('3');
    expect(screen.getByTestId('wall-card').dataset.project).toBe('1');
    expect(screen.getByTestId('wall-load').dataset.value).toBe('812.5');
    await expectTexts('中国境外站点 1 个');
  });

  it('a pushed alarm pulses its station and tops the ticker at once, before any re-read', async () => {
    const api = mockApi({ '/api/v6/wall': wallFixture });
    await renderPage(<WallPage />, { session: centreSession });
    expect((await screen.findByTestId('wall-marker-1')).dataset.pulsing).toBe('false');
    const reads = api.calls.length;
    act(() =>
      dispatchPayload(
        'x',
        JSON.stringify({ command: 'event', data: { type: 3, level: 4, msg: '4#电梯回路 断路器分闸', title: '苏州工业园光储充站', event_id: 9001, project_id: 1 }, timestamp: Date.now() }),
      ),
    );
    await waitFor(() => expect(screen.getByTestId('wall-marker-1').dataset.pulsing).toBe('true'));
    expect(screen.getAllByTestId('wall-ticker-row')[0]!.dataset.event).toBe('9001');
    expect(screen.getByTestId('wall-card').dataset.project).toBe('1');
    // The push also makes the answer stale: it is read again.
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(reads));
  });

  it('en: every word in English', async () => {
    mockApi({ '/api/v6/wall': { ...wallFixture, ticker: [], stations: wallFixture.stations.map((s) => ({ ...s, name: `Site ${s.project_id}`, city: 'City' })), transformers: [] } });
    await renderPage(<WallPage />, { session: centreSession, lang: 'en' });
    await expectTexts('Operations centre wall', 'Total load', 'Storage SOC', 'Most loaded transformers', 'Live alarms', 'No alarms', 'Level Ⅲ');
    await expectEnglishOnly();
  });
});
