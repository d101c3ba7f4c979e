import { afterEach, describe, it, vi } from 'vitest';
import { expectTexts, mockApi, renderPage, resetHarness } from '../../test/harness';
import { camerasFixture, capturesFixture, inspectionsFixture, robotsFixture } from '../../test/fixtures/security';
import { RobotPage } from './RobotPage';
import { SecurityPage } from './SecurityPage';

vi.mock('../../shared/charts/EChartView', async () => (await import('../../test/chartStub')).chartStub);

const api = () =>
  mockApi({
    '/api/v6/security/cameras': camerasFixture,
    '/api/v6/security/captures': capturesFixture,
    '/api/v6/robot/list': robotsFixture,
    '/api/v6/robot/inspections': inspectionsFixture,
    '/api/v6/video/live': { video_available: true, cameras: [{ id: 1, room_id: 1, room_name: '1# 配电房', name: '1# 配电房·摄像机', ptz: false, kind: 'mjpeg', play_url: '/video/mjpeg/1/t', has_snapshot: true }] },
  });

describe('security and robot pages render the API data', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('security (zh): the live wall, the camera and its capture message', async () => {
    api();
    await renderPage(<SecurityPage />, { pageKey: 'Security' });
    await expectTexts('实时视频（1 路）', '1# 配电房摄像机', '人员进入');
  });

  it('robot (zh): the robot, its battery and the out-of-limit reading', async () => {
    api();
    await renderPage(<RobotPage />, { pageKey: 'Robot' });
    await expectTexts('巡检机器人 A', '76', '88.5');
  });

  it('robot (en): English route stops', async () => {
    api();
    await renderPage(<RobotPage />, { pageKey: 'Robot', lang: 'en' });
    await expectTexts('巡检机器人 A', 'Feeder panel');
  });
});
