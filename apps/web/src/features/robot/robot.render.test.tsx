import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { expectTexts, mockApi, renderPage, resetHarness } from '../../test/harness';
import { inspectionsFixture } from '../../test/fixtures/security';
import { robotConfigsFixture, robotLiveFixture } from '../../test/fixtures/robot';
import { RobMonitorPage } from './RobMonitorPage';
import { RobotSetPage } from './RobotSetPage';

const api = (live: unknown[] = robotLiveFixture) =>
  mockApi({
    '/api/v6/robot/live': live,
    '/api/v6/robot/configs': robotConfigsFixture,
    '/api/v6/robot/inspections': inspectionsFixture,
    '/api/v6/video/live': { video_available: true, cameras: [{ id: 5, room_id: 1, room_name: '1#配电室', name: '巡检机器人R1机载相机', ptz: false, kind: 'mjpeg', play_url: '/video/mjpeg/5/t', has_snapshot: true }] },
  });

describe('inspection robot pages render the API data', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('RobMonitor (zh): the robot on its plan, task, battery, the out-of-limit reading, the camera and the rounds', async () => {
    api();
    await renderPage(<RobMonitorPage />, { pageKey: 'RobMonitor' });
    await expectTexts('轮式巡检机器人 R1', '巡检读数中', '93.5 °C', '≤ 60 °C', '越限', '应为合位', '未读取');
    expect(screen.getByTestId('robot-marker').getAttribute('data-x')).toBe('2');
    expect(screen.getByTestId('robot-stop-1').getAttribute('data-status')).toBe('alarm');
    expect(await screen.findByTestId('live-mjpeg')).toBeTruthy();
    await expectTexts('巡检记录');
  });

  it('RobMonitor (en): English stops, task and limits', async () => {
    api();
    await renderPage(<RobMonitorPage />, { pageKey: 'RobMonitor', lang: 'en' });
    await expectTexts('1. At incomer AH1', 'Reading at a stop', 'Incomer IR temperature', 'should be closed', 'Out of limit');
  });

  it('RobMonitor: a site without robots says how to add one', async () => {
    api([]);
    await renderPage(<RobMonitorPage />, { pageKey: 'RobMonitor', lang: 'en' });
    await expectTexts('No inspection robot is configured for this site yet; add one under Run setup › Robot.');
  });

  it('RobotSet (en): the list with room, serial, stops, readings and schedule', async () => {
    api();
    await renderPage(<RobotSetPage />, { pageKey: 'RobotSet', lang: 'en' });
    await expectTexts('Wheeled inspection robot R1', 'Distribution room 1', 'ROBOT-R1', 'Distribution room 1 · robot R1 camera', '08:00', 'Read-only: this account may not configure');
  });
});
