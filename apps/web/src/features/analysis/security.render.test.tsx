import { afterEach, describe, it, vi } from 'vitest';
import { expectTexts, mockApi, renderPage, resetHarness } from '../../test/harness';
import { camerasFixture, capturesFixture } from '../../test/fixtures/security';
import { SecurityPage } from './SecurityPage';

vi.mock('../../shared/charts/EChartView', async () => (await import('../../test/chartStub')).chartStub);

const api = () =>
  mockApi({
    '/api/v6/security/cameras': camerasFixture,
    '/api/v6/security/captures': capturesFixture,
    '/api/v6/video/live': { video_available: true, cameras: [{ id: 1, room_id: 1, room_name: '1# 配电房', name: '1# 配电房·摄像机', ptz: false, kind: 'mjpeg', play_url: '/video/mjpeg/1/t', has_snapshot: true }] },
  });

describe('the security page renders the API data', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('security (zh): the live wall, the camera and its capture message', async () => {
    api();
    await renderPage(<SecurityPage />, { pageKey: 'Security' });
    await expectTexts('实时视频（1 路）', '1# 配电房摄像机', '人员进入');
  });
});
